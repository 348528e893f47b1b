import { afterEach, describe, expect, it } from 'vitest'
import { payloadWorkers, ROUTES_PER_WORKER, workerCount, workersFor, workerExecArgv } from '../scripts/render-pool.ts'

describe('payloadWorkers', () => {
  it('should leave both stages to a pool of one', () => {
    expect(payloadWorkers(1)).toBe(1)
  })

  it('should give payloads the larger share and documents at least one worker', () => {
    expect([2, 3, 4, 5, 8].map(payloadWorkers)).toEqual([1, 2, 2, 3, 5])
    for (let size = 2; size <= 16; size++) {
      expect(payloadWorkers(size), `${size} workers`).toBeGreaterThanOrEqual(1)
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

  it('should start one worker per ROUTES_PER_WORKER routes, up to one per core', () => {
    delete process.env.BUILD_WORKERS
    expect(workersFor(0)).toBe(1)
    expect(workersFor(35)).toBe(1)
    expect(workersFor(ROUTES_PER_WORKER + 1)).toBe(Math.min(2, workerCount()))
    expect(workersFor(100 * ROUTES_PER_WORKER)).toBe(workerCount())
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
