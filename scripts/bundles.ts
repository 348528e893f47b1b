/** Runs scripts/build-bundles.ts (Vike's client and server build) as a child process. */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import type { PreviewConfig } from '../cms/preview-config.ts'

export interface BundleBuild {
  done: Promise<void>
  cancel(): void
}

/** `preview`: the draft settings to bake into the editor chunk (preview builds only). */
export function buildBundles(outDir: string, preview?: PreviewConfig): BundleBuild {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'build-bundles.ts'), outDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Always set, so that a PREVIEW_CONFIG left in the shell can never leak into a production bundle.
    env: { ...process.env, NODE_ENV: 'production', PREVIEW_CONFIG: preview ? JSON.stringify(preview) : 'null' },
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
