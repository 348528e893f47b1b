/**
 * Builds the client assets and the server entry with Vike (`vike build`), and the render worker
 * (scripts/render-worker.ts and the page code it imports, as one plain ES module), into the
 * directory given as argument. scripts/bundles.ts runs it as its own process, so that it overlaps
 * with the crawl and keeps Vike's build state out of the process that renders pages.
 *
 * The worker is bundled because a worker thread started on TypeScript sources pays for tsx's
 * loader thread: about a second of CPU per worker at every build, transforming the same files.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { build as esbuild } from 'esbuild'
import type { Plugin } from 'vite'
import { BUNDLE_INPUTS_FILE, BUNDLE_STATS_FILE, SERVER_RENDERER, WORKER_BUNDLE, type BundleMessage } from './bundle-layout.ts'
import { build } from 'vike/api'
import { VIKE_OUT_DIR, viteConfig } from '../vike.config.ts'

const outDir = process.argv[2] ?? VIKE_OUT_DIR

/** Tells the build how far the bundles are, when it started this process (scripts/bundles.ts). */
function tell(message: BundleMessage): void {
  process.send?.(message)
}
const ROOT = join(import.meta.dirname, '..')

/**
 * Every project file the bundler read, client and server (Vite's module graph): the code
 * fingerprint of the next build covers them all, wherever they live (scripts/build-cache.ts).
 */
const inputs = new Set<string>()
/** Records `file` (an absolute path) if it is one of the project's own. */
function record(file: string): void {
  if (file.startsWith('\0') || !isAbsolute(file)) return
  const path = relative(ROOT, file)
  if (!path.startsWith('..') && !path.split(sep).includes('node_modules')) inputs.add(path.split(sep).join('/'))
}
function recordInputs(): Plugin {
  return {
    name: 'record-bundle-inputs',
    buildEnd() {
      for (const id of this.getModuleIds()) record(id.split('?')[0]!)
    },
  }
}
/**
 * The server bundle holds Vike's runtime, and `vike/server` as one more entry (SERVER_RENDERER),
 * instead of importing them from node_modules. A render worker loads Vike's runtime once a build:
 * as the package's 230 ES modules that took 130-160 ms before its first page (Node 20 resolves,
 * reads and compiles each on its own), in the bundle 20 ms; building it costs the bundle process
 * about 0.1 s of CPU (docs/benchmark/profile.md, fourteenth round). React stays a package: the
 * worker's own bundle renders with the same copy.
 */
function vikeRuntimeInServerBundle(): Plugin {
  return {
    name: 'vike-runtime-in-server-bundle',
    configEnvironment(name) {
      if (name !== 'ssr') return undefined
      return {
        resolve: { noExternal: true, external: ['react', 'react-dom'] },
        build: { rollupOptions: { input: { [SERVER_RENDERER.slice('server/'.length, -'.mjs'.length)]: 'vike/server' } } },
      }
    },
  }
}
// The worker bundle is built by esbuild, beside Vike's build (in esbuild's own process, which Vike
// starts anyway to read its config files): a build may start its worker on it before Vike's build
// is done (scripts/build/render-workers.ts), and the worker loads Vike's server bundle only for
// its first page. Built by Vite first, it took about 0.1 s of this process
// before Vike's build began, on the chain the render waits for (docs/benchmark/profile.md, eleventh
// round). Packages stay imports, so react is the same module the server bundle uses; the theme's
// CSS import becomes nothing, as in the server entry.
// A folder of its own, emptied first: Vike's build leaves it alone.
rmSync(join(outDir, dirname(WORKER_BUNDLE)), { recursive: true, force: true })
const workerBundle = esbuild({
  entryPoints: [join(ROOT, 'scripts', 'render-worker.ts')],
  absWorkingDir: ROOT,
  outfile: join(outDir, WORKER_BUNDLE),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  define: viteConfig.define as Record<string, string>,
  loader: { '.css': 'empty' },
  metafile: true,
  logLevel: 'silent',
}).then(({ metafile }) => {
  for (const file of Object.keys(metafile.inputs)) record(join(ROOT, file))
  tell({ bundles: 'worker-written' })
})
// PREVIEW_CONFIG (set by scripts/bundles.ts) reaches the bundle through vike.config.ts's `define`.
// Plugins and define come from vike.config.ts (through pages/+config.ts); only what the `vite`
// setting cannot carry is passed here: Vike reads outDir before it reads +config.
await Promise.all([workerBundle, build({ viteConfig: { mode: 'production', build: { outDir }, plugins: [recordInputs(), vikeRuntimeInServerBundle()] } })])
writeFileSync(join(outDir, BUNDLE_INPUTS_FILE), JSON.stringify([...inputs].sort()))

// What this process cost, for the build's stats (the benchmark reports it apart from rendering).
const usage = process.resourceUsage()
writeFileSync(join(outDir, BUNDLE_STATS_FILE), JSON.stringify({ cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6, systemSeconds: usage.systemCPUTime / 1e6, maxRssMb: Math.round(usage.maxRSS / 1024) }))
// Said before the process ends: stopping esbuild's service, rolldown's threads and V8 takes 20-40 ms.
tell({ bundles: 'written' })
