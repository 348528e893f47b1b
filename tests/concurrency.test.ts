/** bounded (cms/concurrency.ts): how many tasks run at once, in what order, and how a failure stops them. */
import { describe, expect, it } from 'vitest'
import { bounded } from '../cms/concurrency.ts'

/** A task that records when it runs and finishes when told. */
function tasks(count: number) {
  const started: number[] = []
  const finish: (() => void)[] = []
  let running = 0
  let most = 0
  const list = Array.from({ length: count }, (_, i) => () => {
    started.push(i)
    most = Math.max(most, ++running)
    return new Promise<void>((resolve) => (finish[i] = () => (running--, resolve())))
  })
  return { list, started, finish, most: () => most }
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('bounded', () => {
  it('should run at most `limit` tasks at once, starting them in order as others finish', async () => {
    const { list, started, finish, most } = tasks(5)
    const all = bounded(2, list)
    await settle()
    expect(started).toEqual([0, 1])
    finish[1]!()
    await settle()
    expect(started).toEqual([0, 1, 2])
    for (const i of [0, 2, 3, 4]) {
      await settle()
      finish[i]!()
    }
    await all
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(most()).toBe(2)
  })

  it('should read tasks from the iterable only as slots free up', async () => {
    let made = 0
    function* lazily() {
      for (let i = 0; i < 100; i++) {
        made++
        yield () => Promise.resolve()
      }
    }
    const all = bounded(3, lazily())
    expect(made).toBeLessThanOrEqual(3)
    await all
    expect(made).toBe(100)
  })

  it('should start no task after a failure, and throw it once the running tasks settled', async () => {
    const { list, started, finish } = tasks(6)
    const failing = [...list]
    failing[1] = () => (started.push(1), Promise.reject(new Error('task 1 failed')))
    let settled = false
    const all = bounded(3, failing).catch((error: Error) => ((settled = true), error))
    await settle()
    // Task 1's failure freed a slot, and no task took it.
    expect(started).toEqual([0, 1, 2])
    await settle()
    expect(settled).toBe(false) // tasks 0 and 2 still run
    finish[0]!()
    await settle()
    expect(settled).toBe(false)
    finish[2]!()
    expect(((await all) as Error).message).toBe('task 1 failed')
    expect(started).toEqual([0, 1, 2])
  })
})
