/** Runs scripts/engine/bundles/process.mjs (Vike's client and server build, the render worker) as a child process. */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { PreviewConfig } from '../../../cms/preview-config.ts'
import { bundleJob, CLIENT_MANIFEST, WORKER_BUNDLE, type BundleMessage } from './layout.ts'
import { runNode } from './child-process.ts'
import { PROJECT_ROOT } from '../../../cms/project-root.ts'

export interface BundleBuild {
  /** The process has exited, having built everything (rejects with its output when it failed). */
  done: Promise<void>
  /**
   * Every bundle is written: the process said so, a few tens of milliseconds before it has exited
   * (or it has exited). The render may start; whether the process ended well is still `done`'s.
   */
  written: Promise<void>
  /**
   * The render worker's bundle is written (beside Vike's build, see scripts/engine/bundles/process.mjs): a
   * worker can start on it and load it, but not render until `written` (it needs Vike's server bundle).
   */
  workerReady: Promise<void>
  cancel(): void
  /** The bundles in the folder were made from the same code and settings, and are used as they are. */
  reused?: boolean
}

/**
 * The bundles for `fingerprint` (the code and preview settings, see scripts/engine/cache/cache.ts): those already
 * in `outDir` when they were built from the same fingerprint (and no `rebuild` is asked for:
 * `--full`), otherwise a fresh build. The stamp is
 * removed before building and written after, so a build that dies never leaves bundles that look
 * finished. A `rebuild` takes the fingerprint only once the bundle process is started: fingerprinting
 * the code reads and hashes every file of it (about 25 ms), which the bundle process need not wait for.
 */
export function ensureBundles(outDir: string, fingerprint: () => string, { preview, rebuild = false }: { preview?: PreviewConfig; rebuild?: boolean } = {}): BundleBuild {
  const stamp = join(outDir, 'fingerprint')
  if (!rebuild) {
    const complete = [CLIENT_MANIFEST, WORKER_BUNDLE].every((file) => existsSync(join(outDir, file)))
    const current = complete && existsSync(stamp) ? readFileSync(stamp, 'utf8') : undefined
    if (current === fingerprint()) return { done: Promise.resolve(), written: Promise.resolve(), workerReady: Promise.resolve(), cancel: () => {}, reused: true }
  }
  rmSync(stamp, { force: true })
  const bundles = buildBundles(outDir, preview)
  const built = fingerprint()
  const done = bundles.done.then(() => writeFileSync(stamp, built))
  done.catch(() => {})
  return { ...bundles, done }
}

/** `preview`: the draft settings to bake into the editor chunk (preview builds only). */
export function buildBundles(outDir: string, preview?: PreviewConfig): BundleBuild {
  // For the memory bound: left alone, V8 lets this process grow to about 480 MB beside the render.
  const nodeFlags = ['--max-old-space-size=256', '--max-semi-space-size=4']
  const job = bundleJob(PROJECT_ROOT, resolve(outDir))
  const run = runNode([...nodeFlags, join(import.meta.dirname, 'process.mjs'), JSON.stringify(job)], { env: bundleProcessEnv(preview), messages: true })
  const done = run.exited.then(({ code, signal }) => {
    if (code !== 0) throw new Error(`Building the client and server bundles failed (${signal ?? `exit ${code}`}):\n${run.output().trim()}`)
  })
  done.catch(() => {}) // observed by the caller; avoid an unhandled rejection while the crawl runs
  // Ready when the process says so (scripts/engine/bundles/layout.ts), or at the latest when it is done.
  const said = (stage: BundleMessage['bundles']) => {
    const seen = new Promise<void>((resolve, reject) => {
      const listen = (message: BundleMessage) => message?.bundles === stage && (run.child.off('message', listen), resolve())
      run.child.on('message', listen)
      done.then(resolve, reject)
    })
    seen.catch(() => {})
    return seen
  }
  return { done, written: said('written'), workerReady: said('worker-written'), cancel: () => run.child.kill() }
}

/**
 * The bundle process's environment: the caller's, with
 * - `NODE_ENV=production`, for Vite's and React's production builds;
 * - `PREVIEW_CONFIG` always set, so that one left in the shell never leaks into a production bundle;
 * - `MIMALLOC_ALLOW_THP=0` unless the caller set it, for the memory bound: rolldown's allocator
 *   would otherwise take its arena in 2 MiB huge pages (about 110 MB more, measured 2026-11-23).
 */
export function bundleProcessEnv(preview: PreviewConfig | undefined, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { MIMALLOC_ALLOW_THP: '0', ...env, NODE_ENV: 'production', PREVIEW_CONFIG: preview ? JSON.stringify(preview) : 'null' }
}
