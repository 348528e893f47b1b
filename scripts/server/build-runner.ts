/**
 * Runs one incremental build as a child process (`scripts/build.ts --changed …`): a build that
 * crashes or is killed takes nothing of the server with it, and its memory is returned when it ends.
 */
import { join } from 'node:path'
import { runScript } from '../node-process.ts'
import { liveDir } from '../deploy.ts'
import { readMeta } from '../manifest.ts'
import type { BuildRun } from './queue.ts'

export interface RunnerOptions {
  /** Extra arguments for every build (`--out`, `--work-dir`). */
  args: string[]
  /** The builds' output folder (their `--out`): its live build says whether a build went live. */
  outDir: string
  env?: NodeJS.ProcessEnv
  log: (line: string) => void
}

const BUILD_SCRIPT = join(import.meta.dirname, '..', 'build.ts')

/** The lines of a build's output worth a server log line: its result. */
const SUMMARY = /^(Built |\s+Build: |\s+CMS requests|No page changed|Story .* crawling)/

/** The id of the build live in `outDir` (its manifest, scripts/manifest.ts). */
function liveBuild(outDir: string): string | undefined {
  const live = liveDir(outDir)
  return live ? readMeta(live)?.id : undefined
}

export function buildRunner({ args, outDir, env = process.env, log }: RunnerOptions): (storyIds: number[]) => BuildRun {
  return (storyIds) => {
    const before = liveBuild(outDir)
    const run = runScript(BUILD_SCRIPT, [...args, '--changed', storyIds.join(',')], { env: { ...env, CI: 'true' } })
    const done = run.exited.then(({ code, signal }) => {
      for (const line of run.stdout().split('\n')) if (SUMMARY.test(line)) log(`  ${line.trim()}`)
      if (code === 0) {
        const after = liveBuild(outDir)
        return after !== before && after ? { live: after } : {}
      }
      const reason = run.stderr().trim().split('\n').filter((line) => line && !/^(Stories fetched|Pages rendered)/.test(line)).slice(-6).join(' | ')
      throw new Error(`the build ${signal ? `was killed (${signal})` : `exited with code ${code}`}${reason ? `: ${reason}` : ''}`)
    })
    done.catch(() => {}) // observed by the queue
    return { done, cancel: () => run.child.kill('SIGTERM') }
  }
}
