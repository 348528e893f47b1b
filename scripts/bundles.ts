/** Runs scripts/build-bundles.ts (Vike's client and server build) as a child process. */
import { build as esbuild } from 'esbuild'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { PreviewConfig } from '../cms/preview-config.ts'
import { runNode, type NodeProcess } from './node-process.ts'

export interface BundleBuild {
  done: Promise<void>
  cancel(): void
  /** The bundles in the folder were made from the same code and settings, and are used as they are. */
  reused?: boolean
}

/**
 * The bundles for `fingerprint` (the code and preview settings, see build-cache.ts): those already
 * in `outDir` when they were built from the same fingerprint (and no `rebuild` is asked for:
 * `--full`), otherwise a fresh build. The stamp is
 * removed before building and written after, so a build that dies never leaves bundles that look
 * finished.
 */
export function ensureBundles(outDir: string, fingerprint: string, { preview, rebuild = false }: { preview?: PreviewConfig; rebuild?: boolean } = {}): BundleBuild {
  const stamp = join(outDir, 'fingerprint')
  const current = existsSync(stamp) && existsSync(join(outDir, 'server', 'entry.mjs')) ? readFileSync(stamp, 'utf8') : undefined
  if (current === fingerprint && !rebuild) return { done: Promise.resolve(), cancel: () => {}, reused: true }
  rmSync(stamp, { force: true })
  const bundles = buildBundles(outDir, preview)
  const done = bundles.done.then(() => writeFileSync(stamp, fingerprint))
  done.catch(() => {})
  return { done, cancel: bundles.cancel }
}

const ROOT = join(import.meta.dirname, '..')

/**
 * scripts/build-bundles.ts and the few project files it imports, compiled by esbuild into one ES
 * module in `outDir` (packages stay imports, resolved from the project's node_modules). Started on
 * tsx instead, the bundle process sent every module Vite, Vike and rolldown load through tsx's
 * loader thread: 3.0 s of CPU and 2.1 s of wall time against 1.4 s and 1.2 s compiled (the
 * generated 5,000-story space's code, docs/benchmark/profile.md), and 80 MB more memory.
 */
async function compiledBundleScript(outDir: string): Promise<string> {
  const script = join(outDir, 'build-bundles.mjs')
  await esbuild({ entryPoints: [join(ROOT, 'scripts', 'build-bundles.ts')], outfile: script, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'error' })
  return script
}

/** `preview`: the draft settings to bake into the editor chunk (preview builds only). */
export function buildBundles(outDir: string, preview?: PreviewConfig): BundleBuild {
  // The bundle build's size depends on the code, not the site. Left alone, V8 lets this process
  // grow to about 480 MB; a 256 MB heap with a small young generation keeps it near 300 MB at the
  // same CPU time (measured on the demo's code), beside the crawl and render process.
  const heap = ['--max-old-space-size=256', '--max-semi-space-size=4']
  let cancelled = false
  let run: NodeProcess | undefined
  const done = compiledBundleScript(outDir).then(async (script) => {
    if (cancelled) throw new Error('Building the client and server bundles was cancelled.')
    run = runNode([...heap, script, outDir, ROOT], {
      cwd: ROOT,
      // Always set, so that a PREVIEW_CONFIG left in the shell can never leak into a production bundle.
      env: { ...process.env, NODE_ENV: 'production', PREVIEW_CONFIG: preview ? JSON.stringify(preview) : 'null' },
    })
    const { code, signal } = await run.exited
    if (code !== 0) throw new Error(`Building the client and server bundles failed (${signal ?? `exit ${code}`}):\n${run.output().trim()}`)
  })
  done.catch(() => {}) // observed by the caller; avoid an unhandled rejection while the crawl runs
  return {
    done,
    cancel: () => {
      cancelled = true
      run?.child.kill()
    },
  }
}
