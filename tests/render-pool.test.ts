import { afterEach, describe, expect, it } from 'vitest'
import { payloadWorkers, ROUTES_PER_WORKER, workerCount, workersFor, workerExecArgv } from '../scripts/engine/render/pool.ts'

describe('payloadWorkers', () => {
  it('should leave the payloads of a pool of one to the main thread', () => {
    expect(payloadWorkers(1)).toBe(0)
  })

  it('should give payloads about half the threads, the main thread counted, and documents at least one worker', () => {
    expect([2, 3, 4, 5, 7, 8].map(payloadWorkers)).toEqual([1, 1, 2, 2, 3, 4])
    for (let size = 1; size <= 16; size++) {
      expect(payloadWorkers(size), `${size} workers`).toBeGreaterThanOrEqual(0)
      expect(payloadWorkers(size), `${size} workers`).toBeLessThan(size)
    }
  })
})

describe('workersFor', () => {
  const configured = process.env.BUILD_WORKERS
  afterEach(() => {
    if (configured === undefined) delete process.env.BUILD_WORKERS
    else process.env.BUILD_WORKERS = configured
  })

  it('should start one worker per ROUTES_PER_WORKER routes, up to workerCount()', () => {
    delete process.env.BUILD_WORKERS
    expect(workersFor(0)).toBe(1)
    expect(workersFor(35)).toBe(1)
    expect(workersFor(ROUTES_PER_WORKER + 1)).toBe(Math.min(2, workerCount()))
    expect(workersFor(100 * ROUTES_PER_WORKER)).toBe(workerCount())
  })

  it('should leave a core to the main thread, starting at least one worker and at most 8', () => {
    delete process.env.BUILD_WORKERS
    expect([1, 2, 3, 4, 9, 16].map((cores) => workerCount(cores))).toEqual([1, 1, 2, 3, 8, 8])
  })

  it('should start as many workers as BUILD_WORKERS says, however few the routes', () => {
    process.env.BUILD_WORKERS = '3'
    expect(workersFor(35)).toBe(3)
    process.env.BUILD_WORKERS = 'many'
    expect(workersFor(35)).toBe(1)
  })
})

describe('workerExecArgv', () => {
  it('should drop module preloads and keep other flags', () => {
    expect(workerExecArgv(['--import', 'tsx', '--cpu-prof', '--require=x', '-r', 'y', '--max-old-space-size=64'])).toEqual(['--cpu-prof', '--max-old-space-size=64'])
  })
})
