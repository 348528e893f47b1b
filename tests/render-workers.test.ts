import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CacheState } from '../scripts/engine/cache/cache.ts'
import { ESTIMATED_INDEX_BYTES, renderWorkers, type EarlyStart } from '../scripts/engine/render/workers.ts'
import type { WorkerStart } from '../scripts/engine/render/jobs.ts'
import { indexBytes, workerHeapMb, type RenderPool } from '../scripts/engine/render/pool.ts'
import type { SiteIndex } from '../pages/site-index.ts'

const START: WorkerStart = { bundleDir: '/nowhere/bundles', outRoot: '/nowhere/stage' }

/** Pools that record what they were started with and what happened to them, instead of starting workers. */
function standIns() {
  const pools: { heapMb: number; closed: boolean }[] = []
  const createPool = (_start: WorkerStart, heapMb: number) => {
    const record = { heapMb, closed: false }
    pools.push(record)
    return {
      close: async () => void (record.closed = true),
    } as unknown as RenderPool
  }
  return { pools, createPool }
}

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => (resolve = done))
  return { promise, resolve }
}

/** A site index whose cards take about `bytesPerStory` of JSON each. */
function indexOf(stories: number, bytesPerStory: number): SiteIndex {
  const card = (i: number) => ({ uuid: `u${i}`, route: `/s${i}/`, name: `s${i}`, first_published_at: null, content: { _uid: `c${i}`, component: 'article', title: 'x'.repeat(bytesPerStory) } })
  return { byUuid: new Map(Array.from({ length: stories }, (_, i) => [`u${i}`, { uuid: `u${i}`, full_slug: `s${i}`, card: card(i) }])), lists: { project: [], article: [] }, byRoute: new Map() }
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('renderWorkers', () => {
  const configured = process.env.BUILD_WORKERS
  // Three workers, whatever this machine's cores: one of them makes payloads and holds the index.
  beforeEach(() => void (process.env.BUILD_WORKERS = '3'))
  afterEach(() => {
    if (configured === undefined) delete process.env.BUILD_WORKERS
    else process.env.BUILD_WORKERS = configured
  })
  it('should start the pool of a full build once the bundles are ready and the crawl announced its stories, sized from that number', async () => {
    const { pools, createPool } = standIns()
    const bundles = deferred<void>()
    const announced = deferred<number>()
    const workers = renderWorkers(bundles.promise, START, { storiesAnnounced: announced.promise, createPool })
    announced.resolve(3000)
    await settle()
    expect(pools).toHaveLength(0)
    bundles.resolve()
    await settle()
    expect(pools).toEqual([{ heapMb: workerHeapMb(3000 * ESTIMATED_INDEX_BYTES), closed: false }])
    // An index within the estimate keeps the early pool.
    const index = indexOf(30, 200)
    expect(workerHeapMb(indexBytes(index))).toBeLessThanOrEqual(pools[0]!.heapMb)
    await workers.pool(index)
    expect(pools).toHaveLength(1)
    await workers.close()
    expect(pools[0]!.closed).toBe(true)
  })


  it('should start the pool once the worker bundle is written, and have it load Vike only once the bundles are done', async () => {
    const { pools, createPool } = standIns()
    const bundles = deferred<void>()
    const worker = deferred<void>()
    const workers = renderWorkers(bundles.promise, START, { workerReady: worker.promise, storiesAnnounced: Promise.resolve(100), createPool })
    await settle()
    expect(pools).toHaveLength(0)
    worker.resolve()
    await settle()
    expect(pools).toEqual([{ heapMb: workerHeapMb(100 * ESTIMATED_INDEX_BYTES), closed: false }])
    bundles.resolve()
    await settle()
    expect(pools).toHaveLength(1)
    await workers.close()
  })

  it("should start a full build's pool once the crawl is done, or the bundles, whichever comes first", async () => {
    for (const first of ['crawl', 'bundles'] as const) {
      const { pools, createPool } = standIns()
      const bundles = deferred<void>()
      const crawled = deferred<void>()
      const workers = renderWorkers(bundles.promise, START, { workerReady: Promise.resolve(), storiesAnnounced: Promise.resolve(100), crawled: crawled.promise, createPool })
      await settle()
      // The worker bundle is written and the crawl announced its stories: still no pool while both run.
      expect(pools).toHaveLength(0)
      ;(first === 'crawl' ? crawled : bundles).resolve()
      await settle()
      expect(pools).toEqual([{ heapMb: workerHeapMb(100 * ESTIMATED_INDEX_BYTES), closed: false }])
      ;(first === 'crawl' ? bundles : crawled).resolve()
      await settle()
      expect(pools).toHaveLength(1)
      await workers.close()
    }
  })

  it('should replace the early pool when the index needs a larger heap than estimated and a worker makes payloads', async () => {
    const { pools, createPool } = standIns()
    // Ten stories announced, but each card is far larger than ESTIMATED_INDEX_BYTES.
    const workers = renderWorkers(Promise.resolve(), START, { storiesAnnounced: Promise.resolve(10), createPool })
    await settle()
    expect(pools).toHaveLength(1)
    const index = indexOf(10, 2_000_000)
    expect(workerHeapMb(indexBytes(index))).toBeGreaterThan(pools[0]!.heapMb)
    await workers.pool(index)
    expect(pools).toHaveLength(2)
    expect(pools[0]!.closed).toBe(true)
    expect(pools[1]).toMatchObject({ heapMb: workerHeapMb(indexBytes(index)), closed: false })
    await workers.close()
  })

  it('should size no heap from the index when no worker makes payloads (documents need no index)', async () => {
    process.env.BUILD_WORKERS = '1'
    const previous = { stories: { summaries: [{ card: 'z'.repeat(9_000_000) }] } } as unknown as CacheState
    const earlyStarts: EarlyStart[] = [{ storiesAnnounced: Promise.resolve(10) }, { previous }]
    for (const options of earlyStarts) {
      const { pools, createPool } = standIns()
      const workers = renderWorkers(Promise.resolve(), START, { ...options, createPool })
      await settle()
      await workers.pool(indexOf(10, 2_000_000))
      expect(pools).toEqual([{ heapMb: workerHeapMb(0), closed: false }])
      await workers.close()
    }
    // Nor a pool started at the render.
    const { pools, createPool } = standIns()
    const workers = renderWorkers(Promise.resolve(), START, { createPool })
    await workers.pool(indexOf(10, 2_000_000))
    expect(pools).toEqual([{ heapMb: workerHeapMb(0), closed: false }])
  })

  it('should start the pool with the index when the render comes before the crawl announced anything', async () => {
    const { pools, createPool } = standIns()
    const announced = deferred<number>()
    const workers = renderWorkers(Promise.resolve(), START, { storiesAnnounced: announced.promise, createPool })
    const index = indexOf(5, 100)
    await workers.pool(index)
    announced.resolve(5)
    await settle()
    expect(pools).toEqual([{ heapMb: workerHeapMb(indexBytes(index)), closed: false }])
    await workers.close()
  })

  it('should start no pool once closed (a build that failed during the crawl)', async () => {
    const { pools, createPool } = standIns()
    const bundles = deferred<void>()
    const workers = renderWorkers(bundles.promise, START, { storiesAnnounced: Promise.resolve(100), createPool })
    await workers.close()
    bundles.resolve()
    await settle()
    expect(pools).toHaveLength(0)
  })

  it('should size the early pool of an incremental build from the previous build’s story summaries', async () => {
    const { pools, createPool } = standIns()
    const summaries = [{ uuid: 'a', name: 'A', full_slug: 'a', card: { title: 'y'.repeat(5000) } }]
    const previous = { stories: { summaries } } as unknown as CacheState
    const workers = renderWorkers(Promise.resolve(), START, { previous, createPool })
    await settle()
    expect(pools).toEqual([{ heapMb: workerHeapMb(Buffer.byteLength(JSON.stringify(summaries))), closed: false }])
    await workers.pool(indexOf(1, 100))
    expect(pools).toHaveLength(1)
    await workers.close()
  })
})
