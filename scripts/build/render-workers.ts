/**
 * The build's render workers (scripts/render-pool.ts), started as early as they can be. A worker
 * takes about 0.2 s to load the bundle: started by each render pass, that was half of a webhook's
 * build of the demo (0.8 s, two language passes). With a previous build to go by (an incremental
 * build), they start as soon as the bundles are ready, while the crawl runs, and every pass uses
 * them; without one, the first pass starts them, sized to its index.
 */
import type { SiteIndex } from '../../pages/payload.ts'
import type { CacheState } from '../build-cache.ts'
import { indexBytes, RenderPool, workerHeapMb, type WorkerStart } from '../render-pool.ts'

export interface RenderWorkers {
  /** The pool, started now for `index` unless it was started early. */
  pool(index: SiteIndex): Promise<RenderPool>
  close(): Promise<void>
}

export function renderWorkers(bundlesReady: Promise<void>, start: WorkerStart, previous?: CacheState): RenderWorkers {
  let pool: RenderPool | undefined
  // The previous build's story summaries hold every card of its index, and a little more: a
  // heap sized from them fits this build's index, which a webhook changes by a story or two.
  const early = previous
    ? bundlesReady.then(() => {
        pool = new RenderPool(start, workerHeapMb(Buffer.byteLength(JSON.stringify(previous.stories.summaries))))
        // An incremental build renders few pages, on this one worker: it loads Vike's bundle now.
        pool.warm()
      })
    : undefined
  early?.catch(() => {}) // a bundle failure is reported where the build waits for the bundles
  return {
    async pool(index) {
      if (early) await early
      pool ??= new RenderPool(start, workerHeapMb(indexBytes(index)))
      return pool
    },
    /** Stops the workers (again: nothing), once the last pass is done or the build failed. */
    async close() {
      await early?.catch(() => {})
      const closing = pool
      pool = undefined
      await closing?.close()
    },
  }
}
