/** What the build benchmarks (run.ts, astro.ts) share: the lifted throttle, a settled disk, and pages whose notes stay. */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/** Requests per second for the benchmarks' builds: the client's throttle lifted, so that the build itself is measured. */
export const LIFTED_RATE_LIMIT = 10_000

/** Flushes the page cache's pending writes (Linux `sync`): a timed run must not pay for the disk work of the run before it. */
export function settleDisk(): void {
  spawnSync('sync', { stdio: 'ignore' })
}

/** Writes a results page, keeping the `## Notes` section written by hand under its table (what the numbers mean, how they were taken). */
export function writeKeepingNotes(path: string, markdown: string): void {
  const previous = existsSync(path) ? readFileSync(path, 'utf8') : ''
  const notesAt = previous.indexOf('\n## Notes\n')
  writeFileSync(path, notesAt < 0 ? markdown : `${markdown}${previous.slice(notesAt)}`)
}
