/**
 * Runs each incremental build as a child process (`scripts/build.ts --changed …`): a build that
 * crashes or is killed takes nothing of the server with it, and its memory is returned when it
 * ends. The next build's process is started ahead and waits, its engine loaded, for the story ids
 * (scripts/engine/standby.ts); it is started once the build before it has ended, so that it never
 * takes a core from a running build.
 */
import { join } from 'node:path'
import { runScript, type NodeProcess } from '../engine/bundles/child-process.ts'
import type { FinishedBuild } from '../engine/report/outcome.ts'
import { STANDBY_FLAG, type StandbyJob, type StandbyReady } from '../engine/standby.ts'
import type { BuildRun } from './queue.ts'

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

const BUILD_SCRIPT = join(import.meta.dirname, '..', 'build.ts')

/** The server log's line for a build that ended well, from what it told the runner. */
function finishedLine(finished: FinishedBuild | undefined): string {
  if (!finished) return 'the build ended without saying what it did'
  if ('unchanged' in finished) return `no page changed (${finished.mode}); ${finished.requests} CMS requests`
  return `${finished.rendered} routes rendered (${finished.mode}); ${finished.requests} CMS requests, ${finished.warnings} warnings`
}

/** What a build process's end means for the queue: the build it made live, or why it failed. */
function outcome(run: NodeProcess, log: (line: string) => void): Promise<{ live?: string }> {
  let finished: FinishedBuild | undefined
  run.child.on('message', (message: FinishedBuild | StandbyReady) => {
    if ('live' in message || 'unchanged' in message) finished = message
  })
  return run.exited.then(({ code, signal }) => {
    if (code === 0) {
      log(`  ${finishedLine(finished)}`)
      return finished && 'live' in finished ? { live: finished.live } : {}
    }
    const reason = run.stderr().trim().split('\n').filter((line) => line && !/^(Stories fetched|Pages rendered)/.test(line)).slice(-6).join(' | ')
    throw new Error(`the build ${signal ? `was killed (${signal})` : `exited with code ${code}`}${reason ? `: ${reason}` : ''}`)
  })
}

/** A build process in standby, and whether it got as far as listening for its job. */
interface Standby {
  run: NodeProcess
  ready: Promise<boolean>
  isReady: boolean
}

/** Starts a build process in standby; `ready` settles once it listens for its job (false if it ended first). */
function standBy(args: string[], env: NodeJS.ProcessEnv): Standby {
  const run = runScript(BUILD_SCRIPT, [...args, STANDBY_FLAG], { env: { ...env, CI: 'true' }, messages: true })
  let settle!: (ready: boolean) => void
  const standby: Standby = { run, isReady: false, ready: new Promise((resolve) => (settle = resolve)) }
  run.child.on('message', (message: StandbyReady | FinishedBuild) => {
    if ('standby' in message) settle((standby.isReady = true))
  })
  void run.exited.then(() => settle((standby.isReady = false)))
  return standby
}

export function buildRunner({ args, env = process.env, log }: RunnerOptions): BuildRunner {
  let closed = false
  const prepare = () => standBy(args, env)
  let standby: Standby | undefined = prepare()
  return {
    start(storyIds) {
      // A standby that died meanwhile (out of memory, killed by hand) is replaced.
      const next = standby && standby.run.child.exitCode === null ? standby : prepare()
      standby = undefined
      const done = outcome(next.run, log)
      const live = new Promise<string | undefined>((resolve) => {
        next.run.child.on('message', (message: FinishedBuild | StandbyReady) => 'live' in message && resolve(message.live))
        void next.run.exited.then(() => resolve(undefined))
      })
      // A process that ended between its ready and this job fails the build with its own exit.
      void next.ready.then((ready) => ready && next.run.child.send({ changed: storyIds } satisfies StandbyJob, (error) => error && next.run.child.kill()))
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
