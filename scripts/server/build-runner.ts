/**
 * Runs one incremental build as a child process (`scripts/build.ts --changed …`): a build that
 * crashes or is killed takes nothing of the server with it, and its memory is returned when it ends.
 */
import { join } from 'node:path'
import { runScript } from '../engine/bundles/child-process.ts'
import type { FinishedBuild } from '../engine/report/outcome.ts'
import type { BuildRun } from './queue.ts'

export interface RunnerOptions {
  /** Extra arguments for every build (`--out`, `--work-dir`). */
  args: string[]
  env?: NodeJS.ProcessEnv
  log: (line: string) => void
}

const BUILD_SCRIPT = join(import.meta.dirname, '..', 'build.ts')

/** The server log's line for a build that ended well, from what it told the runner. */
function finishedLine(finished: FinishedBuild | undefined): string {
  if (!finished) return 'the build ended without saying what it did'
  if ('unchanged' in finished) return `no page changed (${finished.mode}); ${finished.requests} CMS requests`
  return `${finished.rendered} routes rendered (${finished.mode}); ${finished.requests} CMS requests, ${finished.warnings} warnings`
}

export function buildRunner({ args, env = process.env, log }: RunnerOptions): (storyIds: number[]) => BuildRun {
  return (storyIds) => {
    const run = runScript(BUILD_SCRIPT, [...args, '--changed', storyIds.join(',')], { env: { ...env, CI: 'true' }, messages: true })
    let finished: FinishedBuild | undefined
    run.child.on('message', (message) => (finished = message as FinishedBuild))
    const done = run.exited.then(({ code, signal }) => {
      if (code === 0) {
        log(`  ${finishedLine(finished)}`)
        return finished && 'live' in finished ? { live: finished.live } : {}
      }
      const reason = run.stderr().trim().split('\n').filter((line) => line && !/^(Stories fetched|Pages rendered)/.test(line)).slice(-6).join(' | ')
      throw new Error(`the build ${signal ? `was killed (${signal})` : `exited with code ${code}`}${reason ? `: ${reason}` : ''}`)
    })
    done.catch(() => {}) // observed by the queue
    return { done, cancel: () => run.child.kill('SIGTERM') }
  }
}
