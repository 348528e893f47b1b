/**
 * A child process started ahead of need, its modules loaded, until it is given its job over IPC
 * (scripts/engine/standby.ts): the server's next build (build-runner.ts) and next deploy
 * (deploy-runner.ts).
 */
import { runScript, type NodeProcess } from '../engine/bundles/child-process.ts'
import { STANDBY_FLAG, type StandbyReady } from '../engine/standby.ts'

export interface Standby {
  run: NodeProcess
  /** Settles once the process listens for its job: false if it ended first. */
  ready: Promise<boolean>
  isReady: boolean
}

export function standBy(script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Standby {
  const run = runScript(script, [...args, STANDBY_FLAG], { env, messages: true })
  let settle!: (ready: boolean) => void
  const standby: Standby = { run, isReady: false, ready: new Promise((resolve) => (settle = resolve)) }
  run.child.on('message', (message: Partial<StandbyReady>) => {
    if (message.standby === 'ready') settle((standby.isReady = true))
  })
  void run.exited.then(() => settle((standby.isReady = false)))
  return standby
}

/** Sends `job` once the process listens; one that ended first fails with its own exit, one that cannot take it is ended. */
export function handJob({ run, ready }: Standby, job: object): void {
  void ready.then((listening) => listening && run.child.send(job, (error) => error && run.child.kill()))
}
