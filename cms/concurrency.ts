/**
 * Runs tasks with at most `limit` at once, in order; the first failure stops new ones and is thrown
 * once the running ones have settled. Bounding keeps memory flat: the crawl and the render never
 * hold more than a few pages' worth of data in flight.
 *
 * Why not p-limit: tasks come from an iterable that is read only as slots free up (the render's
 * 10,000 page jobs are never all made at once), and a failure surfaces only after the running
 * tasks settled, so the build can discard its staging folder with no worker still writing into it.
 * p-limit queues every task up front and its Promise.all rejects while others still run.
 */
export async function bounded(limit: number, tasks: Iterable<() => Promise<void>>): Promise<void> {
  const running = new Set<Promise<void>>()
  let failure: unknown
  for (const task of tasks) {
    if (failure) break
    const promise: Promise<void> = task().then(
      () => void running.delete(promise),
      (error) => {
        running.delete(promise)
        failure ??= error
      },
    )
    running.add(promise)
    if (running.size >= limit) await Promise.race(running)
  }
  await Promise.all(running)
  if (failure) throw failure
}
