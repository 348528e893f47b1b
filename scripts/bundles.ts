/** Runs scripts/build-bundles.ts (Vike's client and server build) as a child process. */
import { spawn } from 'node:child_process'
import { join } from 'node:path'

export interface BundleBuild {
  done: Promise<void>
  cancel(): void
}

export function buildBundles(outDir: string): BundleBuild {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'build-bundles.ts'), outDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else reject(new Error(`Building the client and server bundles failed (${signal ?? `exit ${code}`}):\n${output.trim()}`))
    })
  })
  done.catch(() => {}) // observed by the caller; avoid an unhandled rejection while the crawl runs
  return { done, cancel: () => child.kill() }
}
