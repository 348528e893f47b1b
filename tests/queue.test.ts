import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { BuildQueue, type BuildOutcome, type BuildRun, type QueuedChange } from '../scripts/server/queue.ts'
import { tempDir } from './helpers/build.ts'

/** A runner whose builds end when the test says so. */
function fakeRunner() {
  const builds: { ids: number[]; finish: (error?: Error, outcome?: BuildOutcome) => void; cancelled: boolean }[] = []
  const start = (ids: number[]): BuildRun => {
    let finish!: (error?: Error, outcome?: BuildOutcome) => void
    const done = new Promise<BuildOutcome>((resolve, reject) => (finish = (error, outcome = { live: `build-${ids.join('-')}` }) => (error ? reject(error) : resolve(outcome))))
    done.catch(() => {})
    const build = { ids, finish, cancelled: false }
    builds.push(build)
    return { done, cancel: () => ((build.cancelled = true), finish(new Error('cancelled'))) }
  }
  return { builds, start }
}

const change = (id: number, action = 'published'): QueuedChange => ({ story_id: id, action, received: Date.now() })
/** Waits until `check` passes (the queue reacts to a finished build on the next microtasks). */
const until = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 2 })

describe('build queue', () => {
  it('should run one build at a time and coalesce a burst of 50 changes into one follow-up build', async () => {
    const runner = fakeRunner()
    const queue = new BuildQueue({ file: join(tempDir('queue'), 'pending.json'), start: runner.start, log: () => {} })
    queue.add([change(1)])
    expect(runner.builds).toHaveLength(1)
    for (let id = 2; id <= 51; id++) queue.add([change(id, id % 2 ? 'published' : 'unpublished')])
    expect(runner.builds).toHaveLength(1)
    expect(queue.status()).toMatchObject({ building: true, buildingStories: [1], pending: 51 })
    runner.builds[0]!.finish()
    await until(() => expect(runner.builds).toHaveLength(2))
    expect(runner.builds[1]!.ids).toEqual(Array.from({ length: 50 }, (_, i) => i + 2))
    runner.builds[1]!.finish()
    await until(() => expect(queue.status()).toMatchObject({ building: false, pending: 0, builds: 2, failures: 0 }))
    // Nothing pending and nothing running: no third build can start.
    expect(runner.builds).toHaveLength(2)
  })

  it('should log "Build N is live" only for a build that went live', async () => {
    const runner = fakeRunner()
    const lines: string[] = []
    const queue = new BuildQueue({ file: join(tempDir('queue'), 'pending.json'), start: runner.start, log: (line) => lines.push(line) })
    queue.add([change(1)])
    runner.builds[0]!.finish(undefined, {})
    await until(() => expect(queue.status()).toMatchObject({ building: false, builds: 1 }))
    queue.add([change(2)])
    runner.builds[1]!.finish(undefined, { live: '20261127-120000-abcd' })
    await until(() => expect(queue.status()).toMatchObject({ building: false, builds: 2, last: { live: '20261127-120000-abcd' } }))
    expect(lines.filter((line) => !line.includes('started'))).toEqual([expect.stringMatching(/^Build 1 changed no page; the live build stays \(\d\.\d s\)\.$/), expect.stringMatching(/^Build 2 is live as 20261127-120000-abcd \(\d\.\d s\)\.$/)])
  })

  it('should keep a change re-sent during its build for the next build', async () => {
    const runner = fakeRunner()
    const queue = new BuildQueue({ file: join(tempDir('queue'), 'pending.json'), start: runner.start, log: () => {} })
    queue.add([change(7)])
    queue.add([change(7, 'moved')])
    runner.builds[0]!.finish()
    await until(() => expect(runner.builds.map((build) => build.ids)).toEqual([[7], [7]]))
  })

  it('should leave a failed build pending, log the reason and retry with a growing delay', async () => {
    const runner = fakeRunner()
    const lines: string[] = []
    const queue = new BuildQueue({ file: join(tempDir('queue'), 'pending.json'), start: runner.start, log: (line) => lines.push(line), retry: { firstMs: 20, maxMs: 1000 } })
    queue.add([change(3)])
    runner.builds[0]!.finish(new Error('CMS request GET cdn/spaces/me failed: 503'))
    await until(() => expect(queue.status()).toMatchObject({ building: false, pending: 1, failures: 1, last: { ok: false } }))
    expect(lines.join('\n')).toMatch(/failed; the live build is unchanged\. Retrying in 0 s\. Reason: CMS request GET cdn\/spaces\/me failed: 503/)
    const firstRetryAt = queue.status().retryAt!
    await until(() => expect(runner.builds).toHaveLength(2))
    expect(Date.now()).toBeGreaterThanOrEqual(firstRetryAt - 1) // not before its delay (20 ms)
    runner.builds[1]!.finish(new Error('again'))
    await until(() => expect(queue.status().failures).toBe(2))
    const failedAt = Date.now()
    expect(queue.status().retryAt! - failedAt).toBeGreaterThan(20) // second delay: 40 ms
    await until(() => expect(runner.builds).toHaveLength(3))
    runner.builds[2]!.finish()
    await until(() => expect(queue.status()).toMatchObject({ pending: 0, failures: 0, last: { ok: true, storyIds: [3] } }))
  })

  it('should persist pending changes before acknowledging them and resume them after a restart', async () => {
    const file = join(tempDir('queue'), 'nested', 'pending.json')
    const first = fakeRunner()
    const queue = new BuildQueue({ file, start: first.start, log: () => {} })
    queue.add([change(11)])
    queue.add([change(12, 'deleted')])
    expect(JSON.parse(readFileSync(file, 'utf8')).map((saved: QueuedChange) => saved.story_id)).toEqual([11, 12])
    await queue.close() // the server stops mid-build: the build is abandoned, nothing is lost
    expect(first.builds[0]!.cancelled).toBe(true)

    const second = fakeRunner()
    const restarted = new BuildQueue({ file, start: second.start, log: () => {} })
    expect(restarted.status().pending).toBe(2)
    restarted.resume()
    expect(second.builds[0]!.ids).toEqual([11, 12])
    second.builds[0]!.finish()
    await until(() => expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([]))
    // Written whole each time: no temporary file is left beside it.
    expect(readdirSync(dirname(file))).toEqual(['pending.json'])
  })
})
