/**
 * `npm run build`: crawl the space, build the bundles, prerender every route into a staging
 * directory, and swap it in for the output only when everything succeeded.
 *
 * With no STORYBLOK_TOKEN and no STORYBLOK_API_URL, the demo space in cms/demo-space/ is served by
 * the embedded Storyblok-compatible API and crawled over HTTP like a real space.
 */
import { existsSync, rmSync } from 'node:fs'
import { rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCmsClient } from '../cms/client.ts'
import { ConfigError } from '../cms/config.ts'
import { connectCms } from '../cms/connect.ts'
import { previewConfigOf } from '../cms/preview-config.ts'
import { DEMO_ASSETS_DIR, DEMO_ASSETS_ROUTE } from '../cms/demo-space.ts'
import { ensureBundles } from './bundles.ts'
import { buildFingerprint, bundleInputs, cacheDir, codeFingerprint, loadState, lockCache, saveState, STATE_VERSION, type CacheState } from './build-cache.ts'
import { acquireContent, type Content } from './content.ts'
import { buildsDir, clearOld, createStage, discardStage, linkTree, liveBuildId, liveDir, publishStage } from './deploy.ts'
import { affectedRoutes } from '../pages/affected.ts'
import type { SiteInfo } from '../pages/route-payload.ts'
import { routeDir } from '../pages/routes.ts'
import { connectOrigins, loadEnv, readBuildConfig, siteInfo, type BuildConfig } from './config.ts'
import { formatHeaders, headerRules, HEADERS_FILE } from './site-headers.ts'
import { buildId, clientEntry, readMeta, writeManifests } from './manifest.ts'
import { carryOver, copyTree, OutputWriter } from './output.ts'
import { siteOf, type Site } from '../pages/site.ts'
import { prerender } from './prerender.ts'
import { progress } from './progress.ts'
import { summary, writeStats } from './build-report.ts'

// A static build is always a production build: a NODE_ENV=development or =test inherited from the
// shell (or a test runner) would otherwise bundle and render React's development build.
process.env.NODE_ENV = 'production'

const log = (line: string) => process.stdout.write(`${line}\n`)

/** Replaced stories in the cache's story file are dropped once they take this much, and half the file. */
const COMPACT_AT_BYTES = 32 * 1024 * 1024

/** What the build needs of the cached previous build, or why it renders everything. */
function previousBuild(config: BuildConfig, fingerprint: string): { state?: CacheState; reason: string } {
  if (config.full) return { reason: '--full' }
  const { state, reason } = loadState(cacheDir(config), fingerprint, liveBuildId(config.outDir))
  return { state, reason: reason ?? '' }
}

/** The previous build's site, rebuilt from its summaries: its navigation, project list and settings. */
function previousSite(state: CacheState, info: SiteInfo): Site {
  return siteOf({ summaries: () => state.stories.summaries, load: () => { throw new Error('not loaded') } }, info)
}

async function build(config: BuildConfig): Promise<void> {
  const started = performance.now()
  const timestamp = Date.now()
  // Seconds per phase, for the benchmark's account of where the time goes.
  const phases: Record<string, number> = {}
  let last = started
  const lap = () => {
    const now = performance.now()
    const seconds = (now - last) / 1000
    last = now
    return Number(seconds.toFixed(3))
  }
  const cache = cacheDir(config)
  const release = lockCache(cache)
  const bundleDir = join(config.workDir, 'vike')
  const preview = config.preview ? previewConfigOf(config.cms) : undefined
  const code = codeFingerprint({ extra: JSON.stringify(preview ?? null), inputs: bundleInputs(bundleDir) })
  const fingerprint = buildFingerprint(code, config)
  // Bundles do not depend on content: build them (unless the code is unchanged, and not --full)
  // while the crawl waits on the network.
  const bundles = ensureBundles(bundleDir, code, { preview, rebuild: config.full })
  const { state: previous, reason } = previousBuild(config, fingerprint)
  const { cms, server } = await connectCms(config.cms, config.embedded, log)
  const stage = await createStage(config.outDir)
  // A stop request (the server shutting down) abandons the build; the live one is never touched.
  const abandon = () => {
    bundles.cancel()
    rmSync(stage, { recursive: true, force: true })
    release()
    process.stderr.write('Build abandoned (SIGTERM); the live build is unchanged.\n')
    process.exit(143)
  }
  process.once('SIGTERM', abandon)
  let content: Content | undefined
  try {
    const client = createCmsClient(cms)
    content = await acquireContent(client, {
      cacheDir: cache,
      perPage: cms.perPage,
      previous,
      changedIds: config.changed,
      onProgress: progress('Stories fetched'),
      log,
    })
    const info = siteInfo(config, content.space.name)
    const site = siteOf(content.stories, info)
    const requests = client.requestCount
    phases.crawl = lap()
    await server?.close()
    await bundles.done
    phases.bundlesWait = lap()

    const live = liveDir(config.outDir)
    const incremental = previous && content.changed && live ? affectedRoutes(
      { routes: new Map(Object.entries(previous.routes)), site: previousSite(previous, info) }, site, content.changed) : undefined
    // Old builds go once the content is in (a build that fails on the CMS keeps them): during a
    // full build's render, or after an incremental build went live, so as not to delay it.
    const cleared = incremental ? Promise.resolve() : clearOld(config.outDir, { beforeSwap: true })
    cleared.catch(() => {})
    const output = new OutputWriter(stage, incremental && previous ? new Map(Object.entries(previous.files)) : undefined)
    const routes = new Map(incremental && previous ? Object.entries(previous.routes) : [])
    // An incremental build starts as the live build, hard-linked, minus the routes that went away.
    const startFromLive = async () => {
      if (!incremental || !live || !previous) return
      linkTree(live, stage, Object.keys(previous.files))
      for (const route of incremental.removed) {
        routes.delete(route)
        await output.remove(join(routeDir(route), 'index.html'))
        await output.remove(join(routeDir(route), '_payload.json'))
        await rmdir(join(stage, routeDir(route))).catch(() => {}) // only when nothing else lives there
      }
    }
    phases.plan = lap()
    const result = await prerender({
      site,
      stories: content.stories,
      bundleDir,
      output,
      only: incremental?.render,
      beforeWrites: startFromLive,
      onProgress: progress('Pages rendered'),
    })
    for (const [route, dependencies] of result.dependencies) routes.set(route, dependencies)
    phases.render = lap()

    let assets = previous && incremental ? (readMeta(stage)?.assets ?? []) : []
    if (!incremental) {
      assets = await copyTree(output, join(bundleDir, 'client'), '.', 'assets')
      if (config.embedded) await copyTree(output, DEMO_ASSETS_DIR, DEMO_ASSETS_ROUTE, 'images')
      // Settings shape the headers, and a change of settings makes a full build: incremental builds keep the file.
      await output.write(HEADERS_FILE, formatHeaders(headerRules(connectOrigins(config))), 'manifest')
      // Tabs still open on the live build load its chunks from the new one.
      if (live) await carryOver(output, live, readMeta(live)?.assets ?? [], 'assets')
    }
    const mode = incremental
      ? `incremental (${content.how}${incremental.everything ? `; every route, ${incremental.everything}` : ''})`
      : `full (${content.how}${reason ? `: ${reason}` : ''})`

    // Incremental builds append changed stories; once the file is mostly replaced stories, rewrite it.
    const stories = () => {
      const spilled = content!.stories
      if (spilled.garbage < Math.max(COMPACT_AT_BYTES, spilled.size / 2)) return spilled.index()
      const compact = spilled.compactTo(join(cache, `stories-${Date.now()}-${process.pid}.jsonl`))
      compact.close()
      return compact.index()
    }
    const saved = (id: string): CacheState => ({
      version: STATE_VERSION,
      fingerprint,
      buildId: id,
      space: content!.space,
      stories: stories(),
      routes: Object.fromEntries(routes),
      files: Object.fromEntries(output.contents()),
    })
    if (incremental && output.written === 0 && previous) {
      // Nothing a visitor could see changed: the live build stays, the cache learns the new cv.
      await discardStage(stage)
      saveState(cache, saved(previous.buildId))
      log(`\nNo page changed (${mode}); build ${previous.buildId} stays live. CMS requests: ${requests}.`)
      return
    }
    if (incremental && previous) {
      // The manifests of older builds came along with the links; only the one just replaced is
      // kept (a tab may have read its id from latest.json a moment before the swap).
      for (const path of output.contents().keys()) {
        if (path.startsWith('builds/meta/') && path !== `builds/meta/${previous.buildId}.json`) await output.remove(path)
      }
    }
    // Two builds of the same content within a second would share an id: the later one moves on.
    let id = buildId(timestamp, output.digest())
    for (let later = 1000; existsSync(join(buildsDir(config.outDir), id)); later += 1000) id = buildId(timestamp + later, output.digest())
    await writeManifests(output, { id, timestamp, routes: result.routes, trailingSlash: true, cv: content.space.cv, assets, client: clientEntry(bundleDir) })
    await cleared
    await publishStage(stage, config.outDir, id)
    saveState(cache, saved(id))
    phases.publish = lap()
    if (incremental) await clearOld(config.outDir, { beforeSwap: false })
    const seconds = (performance.now() - started) / 1000
    const warnings = [...content.warnings, ...site.warnings]
    summary(log, config, result, output, { requests, id, seconds, mode, rendered: incremental?.render.length ?? result.routes.length, warnings })
    if (process.env.BUILD_STATS_FILE) {
      writeStats(process.env.BUILD_STATS_FILE, { seconds, phases, routes: result.routes.length, requests, output, bundleDir: bundles.reused ? undefined : bundleDir, mode })
    }
  } catch (error) {
    bundles.cancel()
    await server?.close()
    await discardStage(stage)
    if (content && content.stories.path !== previous?.stories.file) content.stories.dispose()
    throw error
  } finally {
    process.off('SIGTERM', abandon)
    content?.stories.close()
    release()
  }
}

try {
  await build(readBuildConfig(loadEnv(), process.argv.slice(2)))
  process.exit(0)
} catch (error) {
  const message = error instanceof ConfigError ? error.message : `Build failed: ${(error as Error).message ?? error}`
  process.stderr.write(`\n${message}\nThe previous output was left untouched.\n`)
  process.exit(1)
}
