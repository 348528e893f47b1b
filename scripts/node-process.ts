/**
 * Runs a Node script as a child process with its output collected: the bundle build, the
 * server's incremental builds and the benchmarks' builds all need exactly this.
 */
import { spawn, type ChildProcess } from 'node:child_process'

export interface NodeProcess {
  child: ChildProcess
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string
  stdout(): string
  stderr(): string
  /** Settles when the process ends (never rejects). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** `args`: Node's arguments, script first unless flags precede it (`['--import', 'tsx', file, …]`). */
export function runNode(args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): NodeProcess {
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk) => ((stdout += chunk), (output += chunk)))
  child.stderr!.on('data', (chunk) => ((stderr += chunk), (output += chunk)))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', () => resolve({ code: null, signal: null }))
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  return { child, output: () => output, stdout: () => stdout, stderr: () => stderr, exited }
}
