/**
 * A render worker: loads Vike's server bundle and the site index once, then produces pages. For a
 * page it reads the story from the crawl's spill file, builds the payload, serializes it once
 * (written as `_payload.json` and handed to renderPage as is), renders and writes both files.
 */
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { BLOCK_NAMES, blockName } from '../cms/content-model.ts'
import { eachBlok } from '../cms/content-walk.ts'
import { buildPayload } from '../pages/payload.ts'
import { routeDir } from '../pages/routes.ts'
import { spilledStoryReader } from '../pages/stories.ts'
import { OutputWriter } from './output.ts'
import { loadRenderer, renderChecked } from './render-page.ts'
import type { HtmlJob, PageJob, PageResult, WorkerSetup } from './render-pool.ts'

const { bundleDir, outRoot, index } = workerData as WorkerSetup
const renderPage = await loadRenderer(bundleDir)
const readStory = spilledStoryReader()
const output = new OutputWriter(outRoot)
const KNOWN_BLOCKS = new Set<string>(BLOCK_NAMES)

async function page({ route, fullSlug, story }: PageJob): Promise<PageResult> {
  const { payload, brokenLinks } = buildPayload(readStory(story), index)
  const unknownBlocks = new Set<string>()
  eachBlok(payload.story.content, (blok) => {
    if (!KNOWN_BLOCKS.has(blockName(blok.component))) unknownBlocks.add(blok.component)
  })
  const html = await renderChecked(renderPage, { urlOriginal: route, payload }, 200, fullSlug)
  const dir = routeDir(route)
  const files = await Promise.all([
    output.write(join(dir, 'index.html'), html, 'html'),
    output.write(join(dir, '_payload.json'), JSON.stringify(payload), 'payload'),
  ])
  return { files, unknownBlocks: [...unknownBlocks], brokenLinks }
}

function html({ expected, ...init }: HtmlJob): Promise<string> {
  return renderChecked(renderPage, init, expected)
}

parentPort!.on('message', async ({ id, job }: { id: number; job: PageJob | HtmlJob }) => {
  try {
    const result = job.kind === 'page' ? await page(job) : await html(job)
    parentPort!.postMessage({ id, result })
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message })
  }
})
parentPort!.postMessage({ ready: true })
