/**
 * Runs each incremental build as a child process (`scripts/build.ts --changed …`): a build that
 * crashes or is killed takes nothing of the server with it, and its memory is returned when it
 * ends. The next build's process is started ahead and waits, its engine loaded, for the story ids
 * (scripts/engine/standby.ts); it is started once the build before it has ended, so that it never
 * takes a core from a running build.
 */
import { join } from 'node:path'
import { siblingScript, type NodeProcess } from '../engine/bundles/child-process.ts'
import type { FinishedBuild, WentLive } from '../engine/report/outcome.ts'
import type { StandbyJob, StandbyReady } from '../engine/standby.ts'
import { WHOLE_SPACE } from './webhook.ts'
import type { BuildRun } from './queue.ts'
import { handJob, standBy, type Standby } from './standby-process.ts'

export interface RunnerOptions {
  /** Extra arguments for every build (`--out`, `--work-dir`). */
  args: string[]
  env?: NodeJS.ProcessEnv
  log: (line: string) => void
}

export interface BuildRunner {
  /** `live` settles with the id of the build made live as soon as it is (its process may go on a moment), or undefined. */
  start: (storyIds: number[]) => BuildRun & { live: Promise<string | undefined> }
  /** Whether the next build waits in standby, its engine loaded. */
  standingBy(): boolean
  /** Ends the build waiting in standby (the server is stopping). */
  close(): void
}

const BUILD_SCRIPT = siblingScript(join(import.meta.dirname, '..'), 'build')

/** The server log's line for a build that ended well, from what it told the runner. */
function finishedLine(finished: FinishedBuild | undefined): string {
  if (!finished) return 'the build ended without saying what it did'
  if ('unchanged' in finished) return `no page changed (${finished.mode}); ${finished.requests} CMS requests`
  return `${finished.rendered} routes rendered (${finished.mode}); ${finished.requests} CMS requests, ${finished.warnings} warnings`
}

/**
 * What a build process means for the queue: `live`, the build it made live as soon as it says so
 * (its process may go on a moment); `done`, once it has ended, that build, or why it failed.
 */
function outcome(run: NodeProcess, log: (line: string) => void): { done: Promise<{ live?: string }>; live: Promise<string | undefined> } {
  let finished: FinishedBuild | undefined
  let tell!: (live: string | undefined) => void
  const live = new Promise<string | undefined>((resolve) => (tell = resolve))
  run.child.on('message', (message: FinishedBuild | WentLive | StandbyReady) => {
    if ('wentLive' in message) return tell(message.wentLive)
    if (!('live' in message || 'unchanged' in message)) return
    finished = message
    tell('live' in message ? message.live : undefined)
  })
  void run.exited.then(() => tell(undefined))
  const done = run.exited.then(({ code, signal }) => {
    if (code === 0) {
      log(`  ${finishedLine(finished)}`)
      return finished && 'live' in finished ? { live: finished.live } : {}
    }
    const reason = run.stderr().trim().split('\n').filter((line) => line && !/^(Stories fetched|Pages rendered)/.test(line)).slice(-6).join(' | ')
    throw new Error(`the build ${signal ? `was killed (${signal})` : `exited with code ${code}`}${reason ? `: ${reason}` : ''}`)
  })
  return { done, live }
}

export function buildRunner({ args, env = process.env, log }: RunnerOptions): BuildRunner {
  let closed = false
  const prepare = () => standBy(BUILD_SCRIPT, args, { ...env, CI: 'true' })
  let standby: Standby | undefined = prepare()
  return {
    start(storyIds) {
      // A standby that died meanwhile (out of memory, killed by hand) is replaced.
      const next = standby && standby.run.child.exitCode === null ? standby : prepare()
      standby = undefined
      const { done, live } = outcome(next.run, log)
      // The whole space: a build with no ids crawls it and renders what changed since the last build.
      handJob(next, { changed: storyIds.includes(WHOLE_SPACE) ? [] : storyIds } satisfies StandbyJob)
      done.catch(() => {}) // observed by the queue
      void next.run.exited.then(() => (standby ??= closed ? undefined : prepare()))
      return { done, live, cancel: () => next.run.child.kill('SIGTERM') }
    },
    standingBy: () => standby?.isReady === true,
    close() {
      closed = true
      standby?.run.child.kill('SIGTERM')
      standby = undefined
    },
  }
}
