/**
 * Renders pages on every core: Vike's prerender is single-threaded, so the build spreads the work
 * of each page (load the story, build its payload, renderPage(), write both files) over worker
 * threads, each with the server bundle loaded once. Jobs go to the least busy worker; each
 * resolves with the worker's answer or rejects with its error.
 *
 * One pool serves a whole build: it can start before the crawl ends (a worker takes 0.2 s to load
 * the bundle), each pass of the render (a language's site) hands its index and shell to the
 * workers in one message, and it grows when a pass has enough pages for more workers.
 */
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Shown, SiteIndex } from '../pages/payload.ts'
import type { StoryLocation } from './story-file.ts'
import type { SiteShell } from '../pages/route-payload.ts'
import type { FileRecord } from './output.ts'
import { WORKER_BUNDLE } from './bundle-layout.ts'

/** A page of the site: everything the worker needs to produce it. */
export interface PageJob {
  route: string
  fullSlug: string
  /** Which page of the story's long project list (pages/pagination.ts). */
  page?: number
  story: StoryLocation
  /** Digests of the route's files already in the output (hard links to the live build). */
  existing: { html?: string; payload?: string }
}

/**
 * Pages for one worker to produce in a row. Pages go to workers in batches: one message each way
 * per page cost the worker 85 µs a page in postMessage alone.
 */
export interface PagesJob {
  kind: 'pages'
  pages: PageJob[]
}

/** A page rendered to HTML only (the error pages), for the main thread to write. */
export interface HtmlJob {
  kind: 'html'
  urlOriginal: string
  missingPath?: string
  renderServerError?: boolean
  /** Expected HTTP status: 404 and 500 for the error pages. */
  expected: number
}

export interface PageResult {
  files: FileRecord[]
  unknownBlocks: string[]
  /** What the payload step removed or could not link, each naming the story. */
  warnings: string[]
  dependsOn: string[]
  listsShown: Shown
}

/** What a worker starts with (its `workerData`). */
export interface WorkerStart {
  bundleDir: string
  outRoot: string
}

/** What the pages of one render pass share: the site index and the shell (one language's site). */
export interface PassSetup {
  index: SiteIndex
  /** What every page shares, and the URL of the file that holds it (pages/shell-file.ts). */
  shell: SiteShell
  shellFile: string
}

interface Slot {
  worker: Worker
  busy: number
  ready: Promise<void>
}

/**
 * A worker keeps nothing between pages but the site index, so a small heap is enough; the cap
 * makes V8 collect early instead of letting every worker grow to hundreds of MB of garbage. It
 * grows with the index (every worker holds a copy), so that a large site never runs a worker out
 * of memory: 64 MB plus four times the index's JSON size (`indexBytes`), in MB.
 */
export function workerHeapMb(indexBytes: number): number {
  return 64 + Math.ceil((indexBytes / 1048576) * 4)
}

/** The JSON size of a site index, for workerHeapMb. */
export function indexBytes(index: SiteIndex): number {
  return Buffer.byteLength(JSON.stringify({ ...index, byUuid: [...index.byUuid.values()] }))
}

/**
 * The parent's Node flags without its module preloads: the worker bundle is plain JavaScript, and
 * `--import tsx` would load tsx and its loader thread in every worker for nothing. Other flags
 * (`--cpu-prof`, for the benchmark's profiles) reach the workers.
 */
export function workerExecArgv(parent = process.execArgv): string[] {
  const kept: string[] = []
  for (let i = 0; i < parent.length; i++) {
    const flag = parent[i]!
    if (/^--(import|require|loader|experimental-loader)$/.test(flag) || flag === '-r') i++
    else if (!/^--(import|require|loader|experimental-loader)=/.test(flag)) kept.push(flag)
  }
  return kept
}

/** Workers for a build: one per core (`BUILD_WORKERS` overrides), at most 8. */
export function workerCount(): number {
  const configured = Number(process.env.BUILD_WORKERS)
  return Number.isInteger(configured) && configured > 0 ? configured : Math.min(8, availableParallelism())
}

export class RenderPool {
  private readonly slots: Slot[] = []
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; slot: Slot }>()
  private nextId = 0
  private pass?: PassSetup

  /** `heapMb`: each worker's old-generation cap (workerHeapMb); `size` workers start at once. */
  constructor(
    private readonly start: WorkerStart,
    private readonly heapMb: number,
    size = 1,
  ) {
    this.grow(size)
  }

  /** Starts workers until there are `size` of them (at most workerCount()). */
  grow(size: number): void {
    while (this.slots.length < Math.min(size, workerCount())) this.slots.push(this.startWorker())
  }

  /** Hands the next pass's index and shell to every worker; jobs sent after it use them. */
  setup(pass: PassSetup): void {
    this.pass = pass
    for (const { worker } of this.slots) worker.postMessage({ setup: pass })
  }

  private startWorker(): Slot {
    const resourceLimits = { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 8 }
    const worker = new Worker(join(this.start.bundleDir, WORKER_BUNDLE), { workerData: this.start, resourceLimits, execArgv: workerExecArgv() })
    // A worker started during a pass gets that pass's setup before any job (messages keep their order).
    if (this.pass) worker.postMessage({ setup: this.pass })
    let markReady!: () => void
    let failStart!: (error: Error) => void
    const ready = new Promise<void>((resolve, reject) => ((markReady = resolve), (failStart = reject)))
    ready.catch(() => {}) // observed by run(); a worker that never starts must not crash the process unseen
    const slot: Slot = { worker, busy: 0, ready }
    worker.on('message', (message: { ready?: true; id?: number; result?: unknown; error?: string }) => {
      if (message.ready) return markReady()
      const task = this.pending.get(message.id!)
      if (!task) return
      this.pending.delete(message.id!)
      task.slot.busy--
      if (message.error !== undefined) task.reject(new Error(message.error))
      else task.resolve(message.result)
    })
    const fail = (error: Error) => {
      failStart(new Error(`A render worker could not start: ${error.message}`))
      this.failAll(slot, error)
    }
    worker.on('error', fail)
    worker.on('exit', (code) => code !== 0 && fail(new Error(`A render worker exited with code ${code}.`)))
    return slot
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

  private async run<T>(job: PagesJob | HtmlJob): Promise<T> {
    const slot = this.slots.reduce((least, candidate) => (candidate.busy < least.busy ? candidate : least))
    slot.busy++
    await slot.ready
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, slot })
      slot.worker.postMessage({ id, job })
    })
  }

  /** Produces the pages on one worker, in order; rejects with the first page's error. */
  pages(pages: PageJob[]): Promise<PageResult[]> {
    return this.run({ kind: 'pages', pages })
  }

  html(job: Omit<HtmlJob, 'kind'>): Promise<string> {
    return this.run({ kind: 'html', ...job })
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()))
  }
}
