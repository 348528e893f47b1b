/** Runs the production server (`npm start`) as a child process, the way a deployment would. */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { cleanEnv, ROOT } from './build.ts'

export interface RunningServer {
  url: string
  child: ChildProcess
  /** Everything the server printed so far. */
  output(): string
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>
}

export function startServer(args: string[], env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/start.ts'), '--port', '0', '--host', '127.0.0.1', ...args], {
    cwd: ROOT,
    env: cleanEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk
      const url = /Serving .* at (http:\/\/[^/\s]+)\//.exec(output)?.[1]
      if (url) {
        child.stdout!.off('data', onData)
        child.stdout!.on('data', (more) => (output += more))
        resolve({
          url,
          child,
          output: () => output,
          stop: (signal = 'SIGTERM') => {
            if (child.exitCode === null) child.kill(signal)
            return exited
          },
        })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk) => (output += chunk))
    exited.then((code) => reject(new Error(`The server exited (${code}) before serving:\n${output}`)))
  })
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
