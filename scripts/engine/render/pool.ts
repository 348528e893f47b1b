// Over 250 lines: the pool's threads, passes and batches share state that a split would only pass around.
/**
 * Renders pages on every core: Vike's prerender is single-threaded, so the build spreads the work
 * of each page (load the story, build its payload, render its document, write both files) over the
 * main thread and worker threads. A page goes through
 * two stages, its payload (with its document head) and its document: the main thread makes
 * payloads (payload workers help it on machines with cores to spare) and document workers render
 * the pages and write their files (see `payloadWorkers`). Jobs go to the least busy thread of
 * their stage; each resolves with the thread's answer or rejects with its error.
 *
 * One pool serves a whole build: it can start before the crawl ends (a worker takes a moment to load
 * its bundle), each pass of the render (a language's site) hands its shell to the workers in one
 * message (and its index to those that make payloads, see WorkerPass), and it grows when a pass
 * has enough pages for more workers.
 */
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { SiteIndex } from '../../../pages/site-index.ts'
import { spilledStoryReader } from '../content/story-store.ts'
import { WORKER_BUNDLE } from '../bundles/layout.ts'
import type { FileRecord } from '../files/output.ts'
import { payloadStage } from './payload-stage.ts'
import type { DocumentJob, HtmlJob, PageJob, PageResult, PassSetup, StagedPage, WorkerJob, WorkerMessage, WorkerPass, WorkerStart } from './jobs.ts'

/** A pass without its index: what a worker is sent when the pass starts. */
function workerPassOf({ shell, shellFile }: PassSetup): WorkerPass {
  return { shell, shellFile }
}

interface Slot {
  worker: Worker
  busy: number
  ready: Promise<void>
  /** The pass whose index the worker has (payload workers only). */
  indexOf?: PassSetup
}

/**
 * A worker keeps nothing between pages but the site index (payload workers only), so a small heap
 * is enough; the cap makes V8 collect early instead of letting every worker grow to hundreds of MB
 * of garbage. It grows with the index (every payload worker holds a copy), so that a large site
 * never runs a worker out of memory: 64 MB plus four times the index's JSON size (`indexBytes`),
 * in MB.
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

/**
 * Workers for a build: one per core but the main thread's, which makes payloads meanwhile (at
 * least one, at most 8; `BUILD_WORKERS` overrides).
 */
export function workerCount(cores = availableParallelism()): number {
  return configuredWorkers() ?? Math.min(8, Math.max(1, cores - 1))
}

/** Routes per worker worth starting it for: a worker takes about 0.2 s to load the bundle. */
export const ROUTES_PER_WORKER = 200

/** Workers for a render of `routes` routes: as many as it has work for, or as `BUILD_WORKERS` says. */
export function workersFor(routes: number): number {
  return configuredWorkers() ?? Math.min(workerCount(), Math.ceil(routes / ROUTES_PER_WORKER) || 1)
}

/**
 * The payload stage's share of the threads, the main thread's included: a page's payload (the story
 * read back, trimmed, its rich text rendered and sanitized, its JSON, its head) costs about as much
 * CPU as its document and its files' writes.
 */
const PAYLOAD_SHARE = 0.5

/**
 * How many of `size` workers make payloads beside the main thread; the others render documents.
 * The main thread makes payloads because it has nothing else to do during the render: on two
 * cores, the main thread and one document worker use both of them, where a payload worker and a
 * document worker would leave the main thread idle and cost a third V8 isolate and every payload's
 * copy between threads. With more cores, payload workers help it.
 */
export function payloadWorkers(size: number): number {
  return Math.min(size - 1, Math.max(0, Math.round((size + 1) * PAYLOAD_SHARE) - 1))
}

/**
 * The main thread's payload stage: batches queued and run one per turn of the event loop, so that
 * the workers' answers are taken in between and `busy` says how far behind it is.
 */
class MainThreadPayloads {
  busy = 0
  private readonly stories = spilledStoryReader()

  run(pages: PageJob[], { index, ...pass }: PassSetup): Promise<StagedPage[]> {
    this.busy++
    return new Promise((resolve, reject) => {
      setImmediate(() => {
        try {
          resolve(pages.map((page) => payloadStage(page, index, pass, this.stories.read)))
        } catch (error) {
          reject(error as Error)
        } finally {
          this.busy--
        }
      })
    })
  }

  close(): void {
    this.stories.close()
  }
}

export class RenderPool {
  private readonly slots: Slot[] = []
  private readonly main = new MainThreadPayloads()
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

  /** Hands the next pass's shell to every worker (its index follows to payload workers); jobs sent after it use them. */
  setup(pass: PassSetup): void {
    this.pass = pass
    for (const { worker } of this.slots) this.post(worker, { setup: workerPassOf(pass) })
  }

  private post(worker: Worker, message: WorkerMessage): void {
    worker.postMessage(message)
  }

  private startWorker(): Slot {
    const resourceLimits = { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 8 }
    const worker = new Worker(join(this.start.bundleDir, WORKER_BUNDLE), { workerData: this.start, resourceLimits, execArgv: workerExecArgv() })
    // A worker started during a pass gets that pass's setup before any job (messages keep their order).
    if (this.pass) this.post(worker, { setup: workerPassOf(this.pass) })
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

  /** The workers that render documents, first in the pool: a worker started early stays one as the pool grows. */
  private documentSlots(): Slot[] {
    return this.slots.slice(0, this.slots.length - payloadWorkers(this.slots.length))
  }

  /** The workers that make payloads beside the main thread (payloadWorkers), last in the pool. */
  private payloadSlots(): Slot[] {
    return this.slots.slice(this.slots.length - payloadWorkers(this.slots.length))
  }

  private leastBusy(slots: Slot[]): Slot {
    return slots.reduce((least, candidate) => (candidate.busy < least.busy ? candidate : least))
  }

  private async run<T>(job: WorkerJob, slot: Slot): Promise<T> {
    slot.busy++
    await slot.ready
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, slot })
      slot.worker.postMessage({ id, job })
    })
  }

  /** A batch's payload stage, on the main thread or the least busy payload worker. */
  private payloads(pages: PageJob[]): Promise<StagedPage[]> {
    const workers = this.payloadSlots()
    const worker = workers.length ? this.leastBusy(workers) : undefined
    if (!this.pass) throw new Error('The render pool got pages before the site index.')
    if (worker && worker.busy < this.main.busy) {
      if (worker.indexOf !== this.pass) this.post(worker.worker, { index: (worker.indexOf = this.pass).index })
      return this.run<StagedPage[]>({ kind: 'payloads', pages }, worker)
    }
    return this.main.run(pages, this.pass)
  }

  /**
   * Produces the pages, in order; rejects with the first page's error. The document worker writes
   * both files of each page; the main thread has the payloads and their heads to make.
   */
  async pages(pages: PageJob[]): Promise<PageResult[]> {
    const { results, files } = this.postDocuments(await this.payloads(pages))
    const written = await files
    return results.map((result, i) => ({ files: written[i]!, ...result }))
  }

  /**
   * Sends a batch's documents to the least busy document worker, and keeps of each page only what
   * its result needs. Its own function, not steps of `pages`: what an async function has in its
   * locals stays alive while it waits, so the payloads and heads would be held until the worker
   * answered, and the longer that takes, the likelier they outlive the young generation
   * (IN_FLIGHT_PER_THREAD in scripts/engine/render/prerender.ts says more).
   */
  private postDocuments(staged: StagedPage[]): { results: Omit<PageResult, 'files'>[]; files: Promise<FileRecord[][]> } {
    const documents = staged.map(({ route, fullSlug, existing, payload, head }): DocumentJob => ({ route, fullSlug, existing, payload, head }))
    const files = this.run<FileRecord[][]>({ kind: 'documents', pages: documents }, this.leastBusy(this.documentSlots()))
    return { results: staged.map(({ warnings, unknownBlocks, dependsOn, listsShown }) => ({ unknownBlocks, warnings, dependsOn, listsShown })), files }
  }

  html(job: Omit<HtmlJob, 'kind'>): Promise<string> {
    return this.run({ kind: 'html', ...job }, this.leastBusy(this.documentSlots()))
  }

  async close(): Promise<void> {
    this.main.close()
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()))
  }
}
