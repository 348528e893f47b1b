/**
 * Renders pages on every core: Vike's prerender is single-threaded, so the build spreads
 * renderPage() over worker threads, each with its own copy of the server bundle. Requests go to the
 * least busy worker; each resolves with the page's HTML or rejects with the render error.
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { SiteShell } from '../renderer/types.ts'

export interface RenderRequest {
  urlOriginal: string
  /** The route's payload as JSON (the `_payload.json` text). */
  payload?: string
  shell?: SiteShell
  missingPath?: string
  renderServerError?: boolean
  /** Expected HTTP status: 200 for stories, 404 and 500 for the error pages. */
  expected: number
  /** full_slug of the story, to name it in errors. */
  story?: string
}

/**
 * A worker keeps nothing between pages, so a small heap is enough; the cap makes V8 collect early
 * instead of letting every worker grow to hundreds of MB of garbage.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 }

interface Slot {
  worker: Worker
  busy: number
  ready: Promise<void>
}

/** Workers for a build: one per core (`BUILD_WORKERS` overrides), at most 8. */
export function workerCount(): number {
  const configured = Number(process.env.BUILD_WORKERS)
  return Number.isInteger(configured) && configured > 0 ? configured : Math.min(8, availableParallelism())
}

export class RenderPool {
  private readonly slots: Slot[]
  private readonly pending = new Map<number, { resolve: (html: string) => void; reject: (error: Error) => void; slot: Slot }>()
  private nextId = 0

  constructor(bundleDir: string, size = workerCount()) {
    this.slots = Array.from({ length: size }, () => {
      const worker = new Worker(new URL('./render-worker.mjs', import.meta.url), { workerData: { bundleDir }, resourceLimits: WORKER_LIMITS })
      let markReady!: () => void
      let failStart!: (error: Error) => void
      const ready = new Promise<void>((resolve, reject) => ((markReady = resolve), (failStart = reject)))
      ready.catch(() => {}) // observed by render(); a worker that never starts must not crash the process unseen
      const slot: Slot = { worker, busy: 0, ready }
      worker.on('message', (message: { ready?: true; id?: number; html?: string; error?: string }) => {
        if (message.ready) return markReady()
        const task = this.pending.get(message.id!)
        if (!task) return
        this.pending.delete(message.id!)
        task.slot.busy--
        if (message.error !== undefined) task.reject(new Error(message.error))
        else task.resolve(message.html!)
      })
      const fail = (error: Error) => {
        failStart(new Error(`A render worker could not start: ${error.message}`))
        this.failAll(slot, error)
      }
      worker.on('error', fail)
      worker.on('exit', (code) => code !== 0 && fail(new Error(`A render worker exited with code ${code}.`)))
      return slot
    })
  }

  get size(): number {
    return this.slots.length
  }

  private failAll(slot: Slot, error: Error): void {
    for (const [id, task] of this.pending) {
      if (task.slot !== slot) continue
      this.pending.delete(id)
      task.reject(error)
    }
  }

  async render(request: RenderRequest): Promise<string> {
    const slot = this.slots.reduce((least, candidate) => (candidate.busy < least.busy ? candidate : least))
    slot.busy++
    await slot.ready
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, slot })
      slot.worker.postMessage({ id, request })
    })
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()))
  }
}
