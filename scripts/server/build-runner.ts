/**
 * Runs one incremental build as a child process (`scripts/build.ts --changed …`): a build that
 * crashes or is killed takes nothing of the server with it, and its memory is returned when it ends.
 */
import { join } from 'node:path'
import { runScript } from '../node-process.ts'
import type { BuildRun } from './queue.ts'

export interface RunnerOptions {
  /** Extra arguments for every build (`--out`, `--work-dir`). */
  args: string[]
  env?: NodeJS.ProcessEnv
  log: (line: string) => void
}

const BUILD_SCRIPT = join(import.meta.dirname, '..', 'build.ts')

/** The lines of a build's output worth a server log line: its result. */
const SUMMARY = /^(Built |\s+Build: |\s+CMS requests|No page changed|Story .* crawling)/

export function buildRunner({ args, env = process.env, log }: RunnerOptions): (storyIds: number[]) => BuildRun {
  return (storyIds) => {
    const run = runScript(BUILD_SCRIPT, [...args, '--changed', storyIds.join(',')], { env: { ...env, CI: 'true' } })
    const done = run.exited.then(({ code, signal }) => {
      for (const line of run.stdout().split('\n')) if (SUMMARY.test(line)) log(`  ${line.trim()}`)
      if (code === 0) return
      const reason = run.stderr().trim().split('\n').filter((line) => line && !/^(Stories fetched|Pages rendered)/.test(line)).slice(-6).join(' | ')
      throw new Error(`the build ${signal ? `was killed (${signal})` : `exited with code ${code}`}${reason ? `: ${reason}` : ''}`)
    })
    done.catch(() => {}) // observed by the queue
    return { done, cancel: () => run.child.kill('SIGTERM') }
  }
}
