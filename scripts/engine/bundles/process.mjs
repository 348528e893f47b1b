/**
 * The bundle process: Vike's client and server build (`vike build` through its API) and the render
 * worker (scripts/engine/render/worker.ts and the page code it imports, as one ES module, by esbuild),
 * into the folder the job names. scripts/engine/bundles/bundles.ts starts it beside the crawl, which keeps Vike's
 * build state out of the process that renders pages.
 *
 * Plain JavaScript, run by Node without a TypeScript loader: Vike and esbuild compile the
 * project's TypeScript themselves, and under tsx every one of the hundreds of modules Vite, Vike
 * and rolldown load took a detour through its loader thread (the process took about 1.5 s longer
 * on two cores, measured 2026-11-27).
 */
import { rmSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { build as esbuild } from 'esbuild'
import { build } from 'vike/api'

/** @type {import('./layout.ts').BundleJob} */
const job = JSON.parse(process.argv[2] ?? '{}')
const { root, outDir, files } = job

/** @param {import('./layout.ts').BundleMessage} message */
const tell = (message) => process.send?.(message)

/**
 * Every project file the bundler read, client and server: the next build's code fingerprint
 * covers them all, wherever they live (scripts/engine/cache/cache.ts).
 * @type {Set<string>}
 */
const inputs = new Set()
/** @param {string} file an absolute path, recorded if it is one of the project's own */
function record(file) {
  if (file.startsWith('\0') || !isAbsolute(file)) return
  const path = relative(root, file)
  if (!path.startsWith('..') && !path.split(sep).includes('node_modules')) inputs.add(path.split(sep).join('/'))
}

/** @returns {import('vite').Plugin} */
const recordInputs = () => ({
  name: 'record-bundle-inputs',
  buildEnd() {
    for (const id of this.getModuleIds()) record(id.split('?')[0])
  },
})

// The worker is built beside Vike's build, so that the build may start its worker before Vike is
// done; packages stay imports, and CSS imports are empty (the client bundle has the styles).
rmSync(join(outDir, dirname(files.worker)), { recursive: true, force: true })
const workerBundle = esbuild({
  entryPoints: [join(root, job.workerEntry)],
  absWorkingDir: root,
  outfile: join(outDir, files.worker),
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The define of vike.config.ts: the draft settings, null except in preview builds.
  define: { __PREVIEW_CONFIG__: process.env.PREVIEW_CONFIG ?? 'null' },
  loader: { '.css': 'empty' },
  metafile: true,
  logLevel: 'silent',
}).then(({ metafile }) => {
  for (const file of Object.keys(metafile.inputs)) record(join(root, file))
  tell({ bundles: 'worker-written' })
})
// Plugins and define come from vike.config.ts (through pages/+config.ts); outDir is passed here
// because Vike reads it before it reads +config.
await Promise.all([workerBundle, build({ viteConfig: { mode: 'production', build: { outDir }, plugins: [recordInputs()] } })])
writeFileSync(join(outDir, files.inputs), JSON.stringify([...inputs].sort()))

const usage = process.resourceUsage()
writeFileSync(join(outDir, files.stats), JSON.stringify({ cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6, systemSeconds: usage.systemCPUTime / 1e6, maxRssMb: Math.round(usage.maxRSS / 1024) }))
tell({ bundles: 'written' })
