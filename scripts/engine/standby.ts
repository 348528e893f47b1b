/**
 * A build started ahead of need by `npm start` (scripts/server/build-runner.ts): the process
 * starts, loads the engine, then waits for the next webhook's story ids over its IPC channel. A
 * publish then does not wait for Node, the TypeScript loader and the engine's modules to load
 * (about half a second on two cores, measured 2026-11-27); each build still has a process of its own.
 * Deploys stand by the same way (awaitJob; scripts/server/deploy-runner.ts).
 */
export const STANDBY_FLAG = '--standby'

/** What the server sends a standby build: the stories the webhooks named, none to crawl the whole space. */
export interface StandbyJob {
  changed: number[]
}

/** What a standby build tells the server once it listens for its job (a message sent before would be lost). */
export interface StandbyReady {
  standby: 'ready'
}

/**
 * The build's arguments: `argv` as given, or, for a standby build, once its parent names the
 * changed stories, with what `prepare` made of the other arguments meanwhile. `args` is undefined
 * when the parent went away or stopped it first (nothing to build; `ahead` is to be dropped).
 */
export async function buildArguments<T>(argv: string[], prepare: (args: string[]) => Promise<T>): Promise<{ args?: string[]; ahead?: T }> {
  if (!argv.includes(STANDBY_FLAG)) return { args: argv }
  const args = argv.filter((arg) => arg !== STANDBY_FLAG)
  // Stopped while preparing or waiting: what was prepared is dropped before the process ends.
  let stop!: () => void
  const stopped = new Promise<undefined>((resolve) => (stop = () => resolve(undefined)))
  process.once('SIGTERM', stop)
  const ahead = await prepare(args)
  const told = await Promise.race([awaitJob<StandbyJob>(), stopped])
  process.off('SIGTERM', stop)
  if (!told) return { ahead }
  return { args: [...args, ...(told.changed.length ? ['--changed', told.changed.join(',')] : [])], ahead }
}

/** Tells the parent that this process listens, then waits for its job: undefined when the parent went away first. */
export function awaitJob<Job>(): Promise<Job | undefined> {
  const job = new Promise<Job | undefined>((resolve) => {
    process.once('message', (message) => resolve(message as Job))
    process.once('disconnect', () => resolve(undefined))
  })
  const ready: StandbyReady = { standby: 'ready' }
  process.send?.(ready)
  return job
}
