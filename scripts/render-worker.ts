/**
 * A render worker: loads Vike's server bundle once, then turns render requests into HTML. The
 * payload arrives as the JSON string the build also writes as `_payload.json` (serialized once).
 */
import { parentPort, workerData } from 'node:worker_threads'
import { loadRenderer, renderChecked } from './render-page.ts'
import type { RenderRequest } from './render-pool.ts'

const renderPage = await loadRenderer((workerData as { bundleDir: string }).bundleDir)

parentPort!.on('message', async ({ id, request }: { id: number; request: RenderRequest }) => {
  const { payload, expected, story, ...init } = request
  try {
    const html = await renderChecked(renderPage, { ...init, ...(payload ? { payload: JSON.parse(payload) } : {}) }, expected, story)
    parentPort!.postMessage({ id, html })
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message })
  }
})
parentPort!.postMessage({ ready: true })
