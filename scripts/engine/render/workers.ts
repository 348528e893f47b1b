/**
 * The build's render workers (scripts/engine/render/pool.ts), started before the render needs them: once
 * their own bundle is written (the bundle process builds it beside Vike's build), an incremental
 * build's at once and a full build's when a core is free for them (see renderWorkers), so that a
 * worker has started and loaded its bundle when the render begins (about 0.3 s of the render
 * phase when it started after the bundles were done), and then Vike's server bundle once the
 * bundles are done. Every pass of the build uses them.
 *
 * A payload worker holds a copy of the site index, so its heap is sized from it (workerHeapMb),
 * and the index exists only after the crawl. Started early, the pool is sized from an estimate:
 * the previous build's story summaries (an incremental build, which a webhook changes by a story
 * or two), or the number of stories the crawl announced at ESTIMATED_INDEX_BYTES each (a full
 * build), checked against the index once it is made. A machine without payload workers (two
 * cores: the main thread makes the payloads) needs neither: document workers hold no index.
 */
import type { SiteIndex } from '../../../pages/site-index.ts'
import type { CacheState } from '../cache/cache.ts'
import type { WorkerStart } from './jobs.ts'
import { indexBytes, payloadWorkers, RenderPool, workerCount, workerHeapMb } from './pool.ts'

export interface RenderWorkers {
  /** The pool for `index`: the early one when its heap fits the index, else one started now. */
  pool(index: SiteIndex): Promise<RenderPool>
  close(): Promise<void>
}

/**
 * A story's share of the site index, as JSON, for a full build's early estimate: twice what the
 * benchmark's spaces take (about 1 KB a story: a card with title, description and image).
 */
export const ESTIMATED_INDEX_BYTES = 2048

export interface EarlyStart {
  /**
   * The worker's own bundle is written (scripts/engine/bundles/bundles.ts): workers start then and load it, and
   * load Vike's server bundle once `bundlesReady`. The same as `bundlesReady` when absent.
   */
  workerReady?: Promise<void>
  /** The previous build, for an incremental one. */
  previous?: CacheState
  /** Settles with the number of stories the crawl announced (its `total`), for a full build. */
  storiesAnnounced?: Promise<number>
  /**
   * Settles when the crawl is done (a full build): its workers start then, or when the bundles are
   * done if that comes first. See renderWorkers.
   */
  crawled?: Promise<void>
  /** Starts a pool with this heap cap per worker (tests pass a stand-in). */
  createPool?: (start: WorkerStart, heapMb: number) => RenderPool
}

/**
 * Whether a worker of this machine's pool may make payloads, and so hold the site index: sizing
 * the heap from the index costs a serialization of it (about 30 ms at 5,000 stories, and 50 ms
 * of the previous build's summaries at 10,000) that a pool of document workers does not need.
 */
const holdsIndex = () => payloadWorkers(workerCount()) > 0

export function renderWorkers(
  bundlesReady: Promise<void>,
  start: WorkerStart,
  { workerReady = bundlesReady, previous, storiesAnnounced, crawled, createPool = (...args) => new RenderPool(...args) }: EarlyStart = {},
): RenderWorkers {
  let pool: RenderPool | undefined
  /** The early pool's heap cap, when it was sized from an estimate (a full build). */
  let estimatedHeapMb: number | undefined
  /** Set once the early start ran, or was given up (the render or the close came first). */
  let decided = false
  // A full build's workers start once a core is free for their start (about 0.5 s of CPU): when
  // the crawl or the bundle process is done. Started beside both, a worker would delay the bundle
  // process, the longest chain before the render. An incremental build's workers start at once.
  const coreFree = crawled ? Promise.race([crawled, bundlesReady.catch(() => {})]) : undefined
  const ready = previous
    ? workerReady.then(() => undefined)
    : storiesAnnounced
      ? Promise.all([workerReady, storiesAnnounced, coreFree]).then(([, announced]) => announced)
      : undefined
  const early = ready?.then((announced) => {
    if (decided) return
    decided = true
    // The previous build's story summaries hold every card of its index, and a little more.
    const heapMb = !holdsIndex()
      ? workerHeapMb(0)
      : previous
        ? workerHeapMb(Buffer.byteLength(JSON.stringify(previous.stories.summaries)))
        : (estimatedHeapMb = workerHeapMb(announced! * ESTIMATED_INDEX_BYTES))
    pool = createPool(start, heapMb)
  })
  early?.catch(() => {}) // a bundle failure is reported where the build waits for the bundles
  return {
    async pool(index) {
      // The build waits for the bundles before it renders; a crawl that announced nothing (it
      // cannot get here without answering) must not hold the render.
      await bundlesReady
      decided = true
      if (pool && estimatedHeapMb !== undefined && workerHeapMb(indexBytes(index)) > estimatedHeapMb) {
        // Cards larger than estimated: a payload worker with too small a heap would run out of memory.
        await pool.close()
        pool = undefined
      }
      estimatedHeapMb = undefined
      pool ??= createPool(start, workerHeapMb(holdsIndex() ? indexBytes(index) : 0))
      return pool
    },
    /** Stops the workers (again: nothing), once the last pass is done or the build failed. */
    async close() {
      decided = true
      const closing = pool
      pool = undefined
      await closing?.close()
    },
  }
}
