/**
 * Under `npm start` with `DEPLOY_TARGET` set: every build that went live is deployed
 * (`scripts/deploy.ts` as a child process, which reports over IPC), one deploy at a time. Builds
 * that go live during a deploy are deployed together by one more run, which takes whatever is live
 * then. A failed deploy is run again after 5 s, 10 s, 20 s, … up to 5 minutes, and reported until
 * one succeeds. `/healthz` shows what the last deploy did (scripts/server/app.ts). The first
 * deploy, and one an hour, lists the whole bucket; the others check only what they touch
 * (`--quick`, scripts/engine/deploy/quick-check.ts), so a publish reaches the bucket in moments.
 * The next deploy's process is started once the last one has ended and stands by, its modules
 * (the AWS SDK among them) loaded, until a build goes live (scripts/engine/standby.ts).
 */
import { join } from 'node:path'
import { siblingScript, type NodeProcess } from '../engine/bundles/child-process.ts'
import type { DeployJob, DeployReport } from '../engine/deploy/index.ts'
import type { StandbyReady } from '../engine/standby.ts'
import { handJob, standBy, type Standby } from './standby-process.ts'

export interface DeployStatus {
  target: string
  running: boolean
  /** The next deploy's process has loaded and waits for a build to go live (a deploy then starts at once). */
  standby: boolean
  /** The last deploy that ended: what it uploaded, or why it failed, and when it ended. */
  last?: DeployReport & { at: string }
}

export interface DeployRunner {
  /** A build went live: deploy it (now, or after the deploy running). */
  deploy(): void
  status(): DeployStatus
  /** Stops the deploy running, if one is (the server is stopping): a deploy cut short is finished by the next. */
  close(): void
}

const DEPLOY_SCRIPT = siblingScript(join(import.meta.dirname, '..'), 'deploy')
const RETRY_FIRST_MS = 5000
const RETRY_MAX_MS = 5 * 60_000
const FULL_CHECK_MS = 60 * 60_000

/** Gives a deploy process its job once it listens; resolves with its report, or why it failed once it ends. */
async function deployIn(standby: Standby, args: string[]): Promise<DeployReport> {
  const { run } = standby
  handJob(standby, { args } satisfies DeployJob)
  let report: DeployReport | undefined
  run.child.on('message', (message: DeployReport | StandbyReady) => {
    if (!('standby' in message)) report = message
  })
  const { code } = await run.exited
  return report ?? { deployFailed: `the deploy exited with code ${code}: ${run.stderr().trim().split('\n').pop() ?? ''}` }
}

export function deployRunner({ target, outDir, log }: { target: string; outDir: string; log: (line: string) => void }): DeployRunner {
  let running: Promise<void> | undefined
  let again = false
  let last: DeployStatus['last']
  let failures = 0
  let retry: NodeJS.Timeout | undefined
  let child: NodeProcess | undefined
  let standby: Standby | undefined
  let closed = false
  let fullCheckAt: number | undefined
  const runOnce = async () => {
    const full = fullCheckAt === undefined || Date.now() - fullCheckAt >= FULL_CHECK_MS
    const started = Date.now()
    // One that died meanwhile is replaced; one still loading gets its job once it listens.
    const next = standby?.run.child.exitCode === null ? standby : standBy(DEPLOY_SCRIPT, ['--out', outDir])
    child = next.run
    standby = undefined
    const report = await deployIn(next, full ? [] : ['--quick'])
    if (closed) return
    standby = standBy(DEPLOY_SCRIPT, ['--out', outDir])
    last = { ...report, at: new Date().toISOString() }
    if ('deployed' in report) {
      const { build, listed, uploaded, unchanged, deleted, purged, seconds } = report.deployed
      failures = 0
      if (listed) fullCheckAt = started
      log(`Deployed build ${build} to ${target} in ${seconds.toFixed(2)} s: ${uploaded} uploaded, ${unchanged} unchanged, ${deleted} deleted${purged ? `, ${purged} URLs purged` : ''}${listed ? '' : ' (checked only what it touched)'}.`)
      return
    }
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** failures++)
    log(`Deploy to ${target} failed: ${report.deployFailed} Trying again in ${delay / 1000} s.`)
    clearTimeout(retry)
    retry = setTimeout(() => runner.deploy(), delay).unref()
  }
  const loop = async () => {
    do {
      again = false
      await runOnce()
    } while (again && !closed)
    running = undefined
  }
  const runner: DeployRunner = {
    deploy() {
      clearTimeout(retry)
      if (closed) return
      if (running) again = true
      else running = loop()
    },
    status: () => ({ target, running: Boolean(running), standby: standby?.isReady ?? false, ...(last ? { last } : {}) }),
    close() {
      closed = true
      clearTimeout(retry)
      child?.child.kill()
      standby?.run.child.kill()
    },
  }
  return runner
}
