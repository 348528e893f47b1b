/** Runs scripts/build-bundles.ts (Vike's client and server build) as a child process. */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PreviewConfig } from '../cms/preview-config.ts'
import { SERVER_ENTRY, SERVER_RENDERER, WORKER_BUNDLE, type BundleMessage } from './bundle-layout.ts'
import { runScript } from './node-process.ts'

export interface BundleBuild {
  /** The process has exited, having built everything (rejects with its output when it failed). */
  done: Promise<void>
  /**
   * Every bundle is written: the process said so, a few tens of milliseconds before it has exited
   * (or it has exited). The render may start; whether the process ended well is still `done`'s.
   */
  written: Promise<void>
  /**
   * The render worker's bundle is written (beside Vike's build, see scripts/build-bundles.ts): a
   * worker can start on it and load it, but not render until `written` (it needs Vike's server bundle).
   */
  workerReady: Promise<void>
  cancel(): void
  /** The bundles in the folder were made from the same code and settings, and are used as they are. */
  reused?: boolean
}

/**
 * The bundles for `fingerprint` (the code and preview settings, see build-cache.ts): those already
 * in `outDir` when they were built from the same fingerprint (and no `rebuild` is asked for:
 * `--full`), otherwise a fresh build. The stamp is
 * removed before building and written after, so a build that dies never leaves bundles that look
 * finished. A `rebuild` takes the fingerprint only once the bundle process is started: fingerprinting
 * the code reads and hashes every file of it (about 25 ms), which the bundle process need not wait for.
 */
export function ensureBundles(outDir: string, fingerprint: () => string, { preview, rebuild = false }: { preview?: PreviewConfig; rebuild?: boolean } = {}): BundleBuild {
  const stamp = join(outDir, 'fingerprint')
  if (!rebuild) {
    const complete = [SERVER_ENTRY, SERVER_RENDERER, WORKER_BUNDLE].every((file) => existsSync(join(outDir, file)))
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
  // The bundle build's size depends on the code, not the site. Left alone, V8 lets this process
  // grow to about 480 MB; a 256 MB heap with a small young generation keeps it near 300 MB at the
  // same CPU time (measured on the demo's code), beside the crawl and render process. Its
  // JavaScript runs about once (loading Vite, Vike and Babel, resolving the config, the plugin
  // hooks): optimizing it costs more than it saves, so V8's optimizing compiler is off
  // (docs/benchmark/profile.md, sixth round).
  const nodeFlags = ['--max-old-space-size=256', '--max-semi-space-size=4', '--no-opt']
  // Vike's Vite plugin, 314 small ES modules, is compiled into the script: loaded as packages,
  // they took about 0.2 s of the process's 1.1 s (scripts/run.mjs, `--bundle`).
  const run = runScript(join(import.meta.dirname, 'build-bundles.ts'), [outDir], { env: bundleProcessEnv(preview), bundle: ['vike'], messages: true }, nodeFlags)
  const done = run.exited.then(({ code, signal }) => {
    if (code !== 0) throw new Error(`Building the client and server bundles failed (${signal ?? `exit ${code}`}):\n${run.output().trim()}`)
  })
  done.catch(() => {}) // observed by the caller; avoid an unhandled rejection while the crawl runs
  // Ready when the process says so (scripts/bundle-layout.ts), or at the latest when it is done.
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
 * - `PREVIEW_CONFIG` always set, so that one left in the shell can never leak into a production
 *   bundle;
 * - `RUN_SOURCE_MAPS=0`: a failed bundle build is told by Vite's message, not by a stack trace
 *   into its packages, whose source maps Node would otherwise read as it loads them
 *   (scripts/run.mjs);
 * - `MIMALLOC_ALLOW_THP=0` unless the caller set it: rolldown's allocator (mimalloc) asks the
 *   kernel for transparent huge pages on its 1 GiB arena, and wherever the kernel grants them
 *   (`madvise` or `always` mode) it zeroes 2 MiB on every first touch. For a build that lives a
 *   second or two that was 0.3–0.4 s of kernel CPU, a fifth of the process's time
 *   (docs/benchmark/profile.md, ninth round);
 * - no `NODE_EXTRA_CA_CERTS`: Node 20 reads and parses that certificate file as it starts, before
 *   any script runs (this machine's system bundle, 144 certificates: 50-70 ms of CPU), and the
 *   bundle process opens no TLS connection: Vite and Vike read and write files only (twelfth
 *   round).
 */
export function bundleProcessEnv(preview: PreviewConfig | undefined, env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _certificates, ...kept } = env
  return { MIMALLOC_ALLOW_THP: '0', ...kept, NODE_ENV: 'production', PREVIEW_CONFIG: preview ? JSON.stringify(preview) : 'null', RUN_SOURCE_MAPS: '0' }
}
