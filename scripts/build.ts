/**
 * `npm run build`: crawl the space, plan what to render, render it into a staging directory, and
 * swap that in for the output only when everything succeeded; then record what the next build
 * needs. The stages are folders of scripts/engine/ (docs/architecture.md draws them).
 *
 * This module starts the build: it reads the settings, takes the build cache and starts the
 * bundle process, and only then loads the phases (scripts/engine/index.ts) with the packages
 * they import, so that the bundle process, the longest chain before the render, starts first.
 *
 * With nothing configured (or `--demo`; scripts/engine/demo-guard.ts), the demo space in cms/demo-space/
 * is served by the embedded Storyblok-compatible API and crawled over HTTP like a real space.
 */
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { ConfigError } from '../cms/config.ts'
import { previewConfigOf } from '../cms/preview-config.ts'
import { buildFingerprint, bundleInputs, cacheDir, codeFingerprint, lockCache } from './engine/cache/cache.ts'
import type { Ahead } from './engine/ahead.ts'
import { phaseClock } from './engine/report/phase-clock.ts'
import { ensureBundles, type BundleBuild } from './engine/bundles/index.ts'
import { loadEnv, readBuildConfig, type BuildConfig } from './engine/config.ts'
import type { BuildStart } from './engine/index.ts'
import { buildArguments } from './engine/standby.ts'

// A static build is always a production build: a NODE_ENV=development or =test inherited from the
// shell (or a test runner) would otherwise bundle and render React's development build.
process.env.NODE_ENV = 'production'

// The one V8 flag set from code, for the memory bound (400 MB): with allocation-site pretenuring
// about one 5,000-story build in five kept its pages' short-lived rich-text trees and peaked at 431-444 MB.
setFlagsFromString('--no-allocation-site-pretenuring')

async function build(config: BuildConfig, ahead?: Ahead): Promise<void> {
  const clock = phaseClock()
  const timestamp = Date.now()
  const cache = cacheDir(config)
  const release = lockCache(cache)
  let bundles: BundleBuild | undefined
  // Until the phases take over, a failure or a stop request lets go of what was started here.
  const undo = () => (bundles?.cancel(), release())
  const abandon = () => {
    undo()
    process.stderr.write('Build abandoned (SIGTERM); the live build is unchanged.\n')
    process.exit(143)
  }
  process.once('SIGTERM', abandon)
  let phases: typeof import('./engine/index.ts')
  let start: BuildStart
  try {
    const bundleDir = join(config.workDir, 'vike')
    const preview = config.preview ? previewConfigOf(config.cms) : undefined
    // Read before the bundle process can write it anew.
    const inputs = bundleInputs(bundleDir)
    let code: string | undefined
    const fingerprintCode = () => (code ??= codeFingerprint({ extra: JSON.stringify(preview ?? null), inputs }))
    // Bundles do not depend on content: build them (unless the code is unchanged, and not --full)
    // while the crawl waits on the network.
    bundles = ensureBundles(bundleDir, fingerprintCode, { preview, rebuild: config.full })
    start = { config, clock, timestamp, cache, release, bundles, bundleDir, fingerprint: buildFingerprint(fingerprintCode(), config), ahead }
    phases = await import('./engine/index.ts')
  } catch (error) {
    undo()
    throw error
  } finally {
    process.off('SIGTERM', abandon)
  }
  await phases.runBuild(start)
}

/** What a standby build does before its job comes: loads the engine and prepares what it can (scripts/engine/ahead.ts). */
async function prepare(args: string[]) {
  await import('./engine/index.ts')
  const { prepareAhead, dropAhead } = await import('./engine/ahead.ts')
  const config = readBuildConfig(loadEnv(), args)
  const ahead = await prepareAhead(config)
  return { ahead, drop: () => dropAhead(config, ahead) }
}

try {
  const { args, ahead: prepared } = await buildArguments(process.argv.slice(2), prepare)
  if (args) await build(readBuildConfig(loadEnv(), args), prepared?.ahead)
  else await prepared?.drop()
  process.exit(0)
} catch (error) {
  const message = error instanceof ConfigError ? error.message : `Build failed: ${(error as Error).message ?? error}`
  process.stderr.write(`\n${message}\nThe previous output was left untouched.\n`)
  process.exit(1)
}
