/**
 * `npm run build`: crawl the space, build the bundles, prerender every route into a staging
 * directory, and swap it in for the output only when everything succeeded.
 *
 * With no STORYBLOK_TOKEN and no STORYBLOK_API_URL, the demo space in cms/demo-space/ is served by
 * the embedded Storyblok-compatible API and crawled over HTTP like a real space.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCmsClient } from '../cms/client.ts'
import { ConfigError } from '../cms/config.ts'
import { connectCms } from '../cms/connect.ts'
import { crawl } from '../cms/crawl.ts'
import { previewConfigOf } from '../cms/preview-config.ts'
import { DEMO_ASSETS_DIR, DEMO_ASSETS_ROUTE } from '../cms/demo-space.ts'
import { buildBundles } from './bundles.ts'
import { loadEnv, readBuildConfig, siteInfo, type BuildConfig } from './config.ts'
import { buildId, writeManifests } from './manifest.ts'
import { copyTree, OutputWriter } from './output.ts'
import { siteOf } from '../pages/site.ts'
import { SpilledStories } from '../pages/stories.ts'
import { prerender, type PrerenderResult } from './prerender.ts'
import { formatBytes, progress } from './progress.ts'
import { clearPrevious, createStage, discardStage, publishStage } from './stage.ts'

// A static build is always a production build: a NODE_ENV=development or =test inherited from the
// shell (or a test runner) would otherwise bundle and render React's development build.
process.env.NODE_ENV = 'production'

const log = (line: string) => process.stdout.write(`${line}\n`)

function summary(config: BuildConfig, result: PrerenderResult, output: OutputWriter, requests: number, id: string, seconds: number) {
  const kinds = [...output.bytesByKind].map(([kind, bytes]) => `${kind} ${formatBytes(bytes)}`).join(', ')
  const warnings = [
    ...[...result.unknownBlocks].map(([name, stories]) => {
      const [first, ...more] = [...stories]
      const where = more.length ? `${first} and ${more.length} more ${more.length === 1 ? 'story' : 'stories'}` : first
      return `Block component "${name}" is not registered (used in ${where}): it renders nothing.`
    }),
    ...result.brokenLinks.map(({ story, uuid }) => `Broken story link in "${story}": story ${uuid} is not published.`),
  ]
  if (!config.siteUrl) warnings.push('SITE_URL is not set: pages have no canonical URL.')
  if (!config.contact.endpoint && !config.contact.email) {
    warnings.push('Neither CONTACT_ENDPOINT nor CONTACT_EMAIL is set: the contact form opens a mail with no recipient.')
  }
  log('')
  log(`Built ${result.routes.length} routes in ${seconds.toFixed(1)} s → ${relative(process.cwd(), config.outDir) || '.'}/ (build ${id})`)
  if (config.preview) log('  PREVIEW BUILD: the preview token is in the editor code. Serve this build to editors only.')
  log(`  CMS requests: ${requests}`)
  // maxRSS is in KiB; the bundle build runs in its own process and is not included.
  log(`  Peak memory (crawl and render process): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`)
  log(`  Files: ${output.files}, ${formatBytes(output.bytes)} (${kinds})`)
  log(`  Warnings: ${warnings.length}`)
  for (const warning of warnings) log(`    - ${warning}`)
}

/** Machine-readable figures of one build, for the benchmark (`BUILD_STATS_FILE`). */
function writeStats(
  file: string,
  { seconds, phases, routes, requests, output, bundleDir }: { seconds: number; phases: Record<string, number>; routes: number; requests: number; output: OutputWriter; bundleDir: string },
) {
  const usage = process.resourceUsage()
  let bundles: unknown
  try {
    bundles = JSON.parse(readFileSync(join(bundleDir, 'bundle-stats.json'), 'utf8'))
  } catch {
    bundles = undefined
  }
  const stats = {
    seconds,
    phases,
    routes,
    requests,
    // CPU of this process, worker threads included; the bundle build is its own process.
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    maxRssMb: Math.round(usage.maxRSS / 1024),
    bytes: output.bytes,
    bytesByKind: Object.fromEntries(output.bytesByKind),
    bundles,
  }
  writeFileSync(file, JSON.stringify(stats, null, 2))
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
  const bundleDir = join(config.workDir, 'vike')
  // Bundles do not depend on content: build them while the crawl waits on the network.
  const bundles = buildBundles(bundleDir, config.preview ? previewConfigOf(config.cms) : undefined)
  const { cms, server } = await connectCms(config.cms, config.embedded, log)
  const stage = await createStage(config.outDir)
  let stories: SpilledStories | undefined
  try {
    const client = createCmsClient(cms)
    // Stories go to a file as they arrive; memory holds only what other pages need of them.
    stories = new SpilledStories(join(config.workDir, `stories-${process.pid}.json`))
    const crawled = await crawl(client, { perPage: cms.perPage, sink: stories, onProgress: progress('Stories fetched') })
    const site = siteOf(stories, siteInfo(config, crawled.space.name))
    const { cv, requests } = crawled
    phases.crawl = lap()
    // Only once the content is in: a build that fails on the CMS keeps the older build too. The
    // deletion overlaps the render; it is awaited before the swap.
    const cleared = clearPrevious(config.outDir)
    cleared.catch(() => {})
    await server?.close()
    await bundles.done
    phases.bundlesWait = lap()

    const output = new OutputWriter(stage)
    const result = await prerender({ site, stories, bundleDir, output, onProgress: progress('Pages written') })
    phases.render = lap()
    await copyTree(output, join(bundleDir, 'client'), '.', 'assets')
    if (config.embedded) await copyTree(output, DEMO_ASSETS_DIR, DEMO_ASSETS_ROUTE, 'images')

    const id = buildId(timestamp, output.digest())
    await writeManifests(output, { id, timestamp, routes: result.routes, trailingSlash: true, cv })
    await cleared
    await publishStage(stage, config.outDir)
    phases.publish = lap()
    const seconds = (performance.now() - started) / 1000
    summary(config, result, output, requests, id, seconds)
    if (process.env.BUILD_STATS_FILE) writeStats(process.env.BUILD_STATS_FILE, { seconds, phases, routes: result.routes.length, requests, output, bundleDir })
  } catch (error) {
    bundles.cancel()
    await server?.close()
    await discardStage(stage)
    throw error
  } finally {
    stories?.dispose()
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
