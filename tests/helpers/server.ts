/** Runs the production server (`npm start`) as a child process, the way a deployment would. */
import type { ChildProcess } from 'node:child_process'
import { cleanEnv, outputMatch, runScript } from './build.ts'

export interface RunningServer {
  url: string
  child: ChildProcess
  /** Everything the server printed so far. */
  output(): string
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export async function startServer(args: string[], env: Record<string, string>): Promise<RunningServer> {
  const server = runScript('start.ts', ['--port', '0', '--host', '127.0.0.1', ...args], cleanEnv(env))
  const [, url] = await outputMatch(server, /Serving .* at (http:\/\/[^/\s]+)\//, 'The server')
  const { child } = server
  return {
    url: url!,
    child,
    output: server.output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal)
      return (await server.exited).code
    },
  }
}

/** Polls `check` until it returns something truthy. */
export async function waitFor<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 60_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
