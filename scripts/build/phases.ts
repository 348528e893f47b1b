/**
 * The build's phases, once scripts/build.ts has started the bundle process: crawl the space, plan
 * what to render, render it into a staging directory, and swap that in for the output only when
 * everything succeeded; then record what the next build needs. Each phase is a module of this
 * folder (docs/architecture.md walks them).
 */
import { rmSync } from 'node:fs'
import { createCmsClient } from '../../cms/client.ts'
import { resolveSpaceLanguages } from '../../cms/config.ts'
import { connectCms } from '../../cms/connect.ts'
import type { CmsServer } from '../../cms/api/server.ts'
import { fetchDatasource, REDIRECTS_DATASOURCE } from '../../cms/datasource.ts'
import { siteOf, type Site } from '../../pages/site.ts'
import { loadState, type CacheState } from '../build-cache.ts'
import { summary, writeStats } from '../build-report.ts'
import type { BundleBuild } from '../bundles.ts'
import { siteInfo, type BuildConfig } from '../config.ts'
import { acquireContent, type Content } from '../content.ts'
import { clearOld, createStage, discardStage, liveBuildId, prepareFolders, stagePath, type FolderThread } from '../deploy.ts'
import { prerender } from '../prerender.ts'
import { progress } from '../progress.ts'
import type { SpilledStories } from '../story-file.ts'
import { folderLanguageSites, folderState, splitFolders } from './folder-languages.ts'
import { goLive, stageBuildFiles } from './go-live.ts'
import { tellFinished } from './outcome.ts'
import { languageSites, mergeLanguagePass, release as releaseStories } from './languages.ts'
import type { PhaseClock } from './phase-clock.ts'
import { planBuild } from './plan.ts'
import { recordBuild } from './record.ts'
import { siteRedirects } from './redirects.ts'
import { renderWorkers, type RenderWorkers } from './render-workers.ts'
import { writeSiteFiles } from './site-files.ts'

const log = (line: string) => process.stdout.write(`${line}\n`)

/** What the build needs of the cached previous build, or why it renders everything. */
function previousBuild(config: BuildConfig, cache: string, fingerprint: string): { state?: CacheState; reason: string } {
  if (config.full) return { reason: '--full' }
  const { state, reason } = loadState(cache, fingerprint, liveBuildId(config.outDir))
  return { state, reason: reason ?? '' }
}

/** What scripts/build.ts started before it loaded this module. */
export interface BuildStart {
  config: BuildConfig
  clock: PhaseClock
  /** When the build started: the build id's time. */
  timestamp: number
  /** The build cache, taken (lockCache) and let go by `release`, which the phases call when they end. */
  cache: string
  release: () => void
  /** The bundle process, started (or the bundles reused) for `bundleDir`. */
  bundles: BundleBuild
  bundleDir: string
  /** The code and settings' fingerprint (build-cache.ts). */
  fingerprint: string
}

export async function runBuild({ config, clock, timestamp, cache, release, bundles, bundleDir, fingerprint }: BuildStart): Promise<void> {
  let stageFolders: FolderThread | undefined
  // A stop request (the server shutting down) abandons the build; the live one is never touched.
  // Listened for from the moment there is something to undo: a build stopped before its stage
  // exists must still let go of the cache and the bundle process, and one stopped right after
  // making it must still remove it.
  const abandon = () => {
    bundles.cancel()
    // The folder thread may make one more folder after it is told to stop: a removal that meets a
    // folder made meanwhile (ENOTEMPTY) tries again.
    stageFolders?.stop()
    rmSync(stagePath(config.outDir), { recursive: true, force: true, maxRetries: 5, retryDelay: 20 })
    release()
    process.stderr.write('Build abandoned (SIGTERM); the live build is unchanged.\n')
    process.exit(143)
  }
  process.once('SIGTERM', abandon)
  // Everything from here on is undone by the `catch` below if the build fails, whatever step it
  // fails at: a CMS that cannot be served or an output folder that cannot be made must still stop
  // the bundle process and let go of the cache.
  let previous: CacheState | undefined
  let server: CmsServer | undefined
  let stage: string | undefined
  let workers: RenderWorkers | undefined
  let content: Content | undefined
  // The other languages' story files: kept in the build cache once the build is recorded.
  let extraStories: SpilledStories[] = []
  let splitStories: SpilledStories[] = []
  try {
    const { state, reason } = previousBuild(config, cache, fingerprint)
    previous = state
    const connection = await connectCms(config.cms, config.embedded, log)
    const { cms } = connection
    server = connection.server
    stage = await createStage(config.outDir)
    // The crawl's announced total sizes render workers started before it ends (render-workers.ts).
    let announce!: (total: number) => void
    const storiesAnnounced = new Promise<number>((resolve) => (announce = resolve))
    let crawlDone!: () => void
    const crawled = new Promise<void>((resolve) => (crawlDone = resolve))
    const reportFetched = progress('Stories fetched')
    workers = renderWorkers(bundles.written, { bundleDir, outRoot: stage }, { workerReady: bundles.workerReady, previous, storiesAnnounced, crawled })
    // An incremental build fills the stage from the live build: its folders are made meanwhile.
    stageFolders = previous ? prepareFolders(stage, Object.keys(previous.files)) : undefined

    // Crawl: every story (or the ones a webhook named), checked, and the site they make.
    const client = createCmsClient(cms)
    content = await acquireContent(client, { cacheDir: cache, perPage: cms.perPage, previous, changedIds: config.changed, onProgress: (fetched, total) => (announce(total), reportFetched(fetched, total)), log })
    crawlDone()
    // Languages: bad settings stop here; a space with languages gets a site per language, from a
    // crawl per language (field-level) or from the folders of the one crawl (folder-level).
    const { codes: languages, strategy } = resolveSpaceLanguages(config.cms, content.space.languageCodes, content.stories.summaries().map((summary) => summary.full_slug), config.language)
    const info = siteInfo(config, content.space.name)
    const folders = strategy === 'folder' ? splitFolders(content.stories, { codes: languages, defaultLanguage: config.language, cacheDir: cache }) : undefined
    if (folders) splitStories = [folders.defaultStories, ...folders.languages.map(({ stories }) => stories)]
    const defaultStories = folders?.defaultStories ?? content.stories
    const site = siteOf(defaultStories, info)
    const translated = folders
      ? folderLanguageSites(folders, { info, defaultLanguage: config.language, defaultSite: site })
      : languages.length
        ? await languageSites(client, { codes: languages, content, previous, perPage: cms.perPage, cacheDir: cache, info, defaultLanguage: config.language, defaultSite: site })
        : { sites: [], warnings: [] }
    if (!folders) extraStories = translated.sites.map(({ stories }) => stories)
    const redirects = siteRedirects(await fetchDatasource(client, REDIRECTS_DATASOURCE, content.space.cv), site, previous, translated.sites)
    const requests = client.requestCount
    clock.lap('crawl')
    await server?.close()
    await bundles.written
    clock.lap('bundlesWait')

    // Plan: full, or incremental from the live build, in every language.
    const plan = planBuild({ outDir: config.outDir, stage, stageFolders, previous, fullReason: reason, content, site, languages: translated.sites, groups: folders?.groups, info })
    // A full build's assets and headers, staged while the render worker gets ready for its first page.
    const staged = plan.incremental ? undefined : stageBuildFiles({ config, output: plan.output, bundleDir, space: content.space })
    clock.lap('plan')

    // Render: every planned route, on every core.
    // An incremental build renders, in each language's pass, that language's affected routes.
    const planned = (of: Site) => plan.incremental?.render.filter((route) => of.routes.has(route))
    const pool = await workers.pool(site.index)
    const result = await prerender({ site, stories: defaultStories, pool, output: plan.output, only: planned(site), beforeWrites: plan.startFromLive, onProgress: progress('Pages rendered') })
    for (const { language, site: other, stories } of translated.sites) {
      const only = planned(other)
      if (only && !only.length) {
        // Nothing of this language changed: its pages and shell file stay, and are still the build's.
        result.routes.push(...other.routes.keys())
        continue
      }
      const more = await prerender({ site: other, stories, pool, output: plan.output, only, errorPages: { notFound: `${language}/404.html` }, onProgress: progress(`Pages rendered (${language})`) })
      mergeLanguagePass(result, language, more)
    }
    await workers.close()
    for (const [route, dependencies] of result.dependencies) plan.routes.set(route, dependencies)
    // robots.txt, sitemap, feed and _redirects: rewritten by every build, left alone when their bytes are the same.
    await writeSiteFiles(plan.output, { site, summaries: defaultStories.summaries(), redirects: redirects.table, languages: translated.sites.map(({ site: other, stories }) => ({ site: other, summaries: stories.summaries() })) })
    clock.lap('render')
    // The render began when the bundles were written; whether their process ended well is known
    // long before now, and nothing goes live without it.
    await bundles.done

    const recorded = content
    const record = (id: string) => recordBuild({ cache, fingerprint, buildId: id, content: recorded, languages: folders ? [] : translated.sites, folders: folders && folderState(folders), plan, redirects: redirects.table })
    if (plan.incremental && plan.output.written === 0 && previous) {
      // Nothing a visitor could see changed: the live build stays, the cache learns the new cv.
      await discardStage(stage)
      record(previous.buildId)
      log(`\nNo page changed (${plan.mode}); build ${previous.buildId} stays live. CMS requests: ${requests}.`)
      await tellFinished({ unchanged: previous.buildId, mode: plan.mode, requests })
      return
    }
    // Deploy, and record the build the moment it is live.
    const id = await goLive({ config, plan, stage, bundleDir, previous, result, cv: content.space.cv, space: content.space, timestamp, onLive: record, staged })
    clock.lap('publish')
    // Old builds go only now: a build that fails keeps them, and going live never waits for them.
    clearOld(config.outDir)

    const seconds = clock.elapsed()
    const warnings = [...content.warnings, ...site.warnings, ...translated.warnings, ...redirects.warnings]
    const rendered = plan.incremental?.render.length ?? result.routes.length
    const warned = summary(log, config, result, plan.output, { requests, id, seconds, mode: plan.mode, rendered, warnings, notPages: site.notPages })
    await tellFinished({ live: id, mode: plan.mode, rendered, requests, warnings: warned })
    if (process.env.BUILD_STATS_FILE) {
      writeStats(process.env.BUILD_STATS_FILE, { seconds, phases: clock.phases, phaseCpu: clock.cpu, routes: result.routes.length, requests, output: plan.output, bundleDir: bundles.reused ? undefined : bundleDir, mode: plan.mode, workers: pool.size })
    }
  } catch (error) {
    // Before the stage goes: a worker still writing a page there, or the folder thread, must not
    // bring folders back.
    await workers?.close()
    stageFolders?.stop()
    await stageFolders
    bundles.cancel()
    await server?.close()
    if (stage) await discardStage(stage)
    if (content && content.stories.path !== previous?.stories.file) content.stories.dispose()
    for (const stories of extraStories) releaseStories(stories, previous)
    throw error
  } finally {
    process.off('SIGTERM', abandon)
    content?.stories.close()
    for (const stories of extraStories) stories.close()
    // A folder-level split is made anew by every build from the crawl's story file.
    for (const stories of splitStories) stories.dispose()
    release()
  }
}
