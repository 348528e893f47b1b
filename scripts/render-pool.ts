/**
 * Renders pages on every core: Vike's prerender is single-threaded, so the build spreads the work
 * of each page (load the story, build its payload, renderPage(), write both files) over worker
 * threads, each with the server bundle loaded once. A page goes through two stages, its payload
 * and its document, on two different workers when there are two or more (see `stageSlots`). Jobs go to the least
 * busy worker of their stage; each resolves with the worker's answer or rejects with its error.
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
import type { FileRecord, OutputWriter } from './output.ts'
import { routeDir } from '../pages/routes.ts'
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
 * A batch of pages' payload stage (each story to its payload). Pages go to workers in batches:
 * one message each way per page cost the worker 85 µs a page in postMessage alone.
 */
export interface PayloadsJob {
  kind: 'payloads'
  pages: PageJob[]
}

/** A page after its payload stage: the payload as its file holds it, and what the build should hear. */
export interface StagedPage extends Omit<PageResult, 'files'> {
  route: string
  fullSlug: string
  existing: PageJob['existing']
  /** The payload's JSON, as `_payload.json` holds it. */
  payload: string
}

/** The document stage: pages rendered from their payloads into `index.html`. */
export interface DocumentsJob {
  kind: 'documents'
  pages: DocumentJob[]
}

export type DocumentJob = Pick<StagedPage, 'route' | 'fullSlug' | 'existing' | 'payload'>

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
  /** The page's `index.html`, written by a worker, for the main thread's writer to count (it wrote `_payload.json` itself). */
  files: FileRecord[]
  unknownBlocks: string[]
  /** What the payload step removed or could not link, each naming the story. */
  warnings: string[]
  dependsOn: string[]
  listsShown: Shown
}

export type WorkerJob = PayloadsJob | DocumentsJob | HtmlJob

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

/** The number `BUILD_WORKERS` asks for, if it is one. */
function configuredWorkers(): number | undefined {
  const configured = Number(process.env.BUILD_WORKERS)
  return Number.isInteger(configured) && configured > 0 ? configured : undefined
}

/** Workers for a build: one per core (`BUILD_WORKERS` overrides), at most 8. */
export function workerCount(): number {
  return configuredWorkers() ?? Math.min(8, availableParallelism())
}

/** Routes per worker worth starting it for: a worker takes about 0.2 s to load the bundle. */
export const ROUTES_PER_WORKER = 200

/** Workers for a render of `routes` routes: as many as it has work for, or as `BUILD_WORKERS` says. */
export function workersFor(routes: number): number {
  return configuredWorkers() ?? Math.min(workerCount(), Math.ceil(routes / ROUTES_PER_WORKER) || 1)
}

/**
 * The payload stage's share of the workers: warm, a page's payload (the story read back, trimmed,
 * its rich text rendered and sanitized) takes about 0.27 ms, its document and writes about 0.17.
 */
const PAYLOAD_SHARE = 0.6

/**
 * How many of `size` workers take the payload stage; the others take the document stage. A pool
 * of one does both.
 */
export function payloadWorkers(size: number): number {
  return size < 2 ? size : Math.min(size - 1, Math.max(1, Math.round(size * PAYLOAD_SHARE)))
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

  /**
   * Has every worker load Vike's server bundle now, which a worker otherwise loads with its first
   * page (scripts/render-worker.ts): for a pool started while the crawl runs, so that the load
   * happens then, off the build's critical path.
   */
  warm(): void {
    for (const { worker } of this.slots) worker.postMessage({ warm: true })
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

  /**
   * The workers of a stage. With two workers or more, a page's two stages run on different ones:
   * its payload on one (payloadWorkers() says how many), its document on another. Each worker then
   * runs, and V8 compiles, half the code instead of all of it: every worker is an isolate of its
   * own that warms up and optimizes the code it runs, about 1.2 s of CPU per worker for the whole
   * page code at 5,000 stories (docs/benchmark/profile.md, fourth round). A pool of one runs both.
   */
  private stageSlots(stage: 'payloads' | 'documents'): Slot[] {
    if (this.slots.length < 2) return this.slots
    const payloadSlots = payloadWorkers(this.slots.length)
    return stage === 'payloads' ? this.slots.slice(0, payloadSlots) : this.slots.slice(payloadSlots)
  }

  private async run<T>(job: WorkerJob, slots = this.slots): Promise<T> {
    const slot = slots.reduce((least, candidate) => (candidate.busy < least.busy ? candidate : least))
    slot.busy++
    await slot.ready
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, slot })
      slot.worker.postMessage({ id, job })
    })
  }

  /**
   * Produces the pages, in order; rejects with the first page's error. Between a batch's two
   * stages, `writer` writes each `_payload.json` (and with it the page's folder) on this thread,
   * which has nothing else to do meanwhile: making a file is kernel time, up to 0.4 ms a file on
   * this machine's disk (docs/benchmark/profile.md, fifth round), and a document worker that
   * wrote both files of every page was the render's bottleneck there, busy 5.1–10.9 s against the
   * payload worker's 2.5–2.8 s.
   */
  async pages(pages: PageJob[], writer: OutputWriter): Promise<PageResult[]> {
    const staged = await this.run<StagedPage[]>({ kind: 'payloads', pages }, this.stageSlots('payloads'))
    for (const { route, payload, existing } of staged) await writer.write(join(routeDir(route), '_payload.json'), payload, 'payload', existing.payload)
    const documents = staged.map(({ route, fullSlug, existing, payload }): DocumentJob => ({ route, fullSlug, existing, payload }))
    const html = await this.run<FileRecord[]>({ kind: 'documents', pages: documents }, this.stageSlots('documents'))
    return staged.map(({ warnings, unknownBlocks, dependsOn, listsShown }, i) => ({ files: [html[i]!], unknownBlocks, warnings, dependsOn, listsShown }))
  }

  html(job: Omit<HtmlJob, 'kind'>): Promise<string> {
    return this.run({ kind: 'html', ...job }, this.stageSlots('documents'))
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()))
  }
}
