/**
 * Runs a Node script as a child process with its output collected: the bundle build, the
 * server's incremental builds and the benchmarks' builds all need exactly this.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { extname, join } from 'node:path'

export interface NodeProcess {
  child: ChildProcess
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string
  stdout(): string
  stderr(): string
  /** Settles when the process ends (never rejects). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv
  cwd?: string
  /** Open Node's IPC channel: the child then tells the parent what it did with `process.send`. */
  messages?: boolean
}

/** `args`: Node's arguments, script first unless flags precede it (`['--max-old-space-size=256', file, …]`). */
export function runNode(args: string[], options: RunOptions = {}): NodeProcess {
  const stdio: ('ignore' | 'pipe' | 'ipc')[] = ['ignore', 'pipe', 'pipe', ...(options.messages ? ['ipc' as const] : [])]
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env ?? process.env, stdio })
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

/** tsx's loader, found from this project: a child may run in another folder (`cwd`). */
const TSX = import.meta.resolve('tsx')

/**
 * Runs one of the project's scripts (`scripts/build.ts`, …) as a child process: TypeScript as
 * `npm run` does, `node --import tsx`, and a compiled copy (`build.js`) as plain JavaScript.
 * `nodeFlags` go to Node itself (heap sizes).
 */
export function runScript(script: string, args: string[] = [], options: RunOptions = {}, nodeFlags: string[] = []): NodeProcess {
  return runNode([...nodeFlags, ...(script.endsWith('.js') ? [] : ['--import', TSX]), script, ...args], options)
}

/** A script beside the one running, in the same form: `build.ts` from source, `build.js` from a compiled copy. */
export function siblingScript(dir: string, name: string): string {
  return join(dir, `${name}${extname(import.meta.filename)}`)
}
