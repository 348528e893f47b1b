/**
 * The build engine, once scripts/build.ts has started the bundle process: its stages in the order
 * data flows, each a folder with an index that says what goes in and out. Content (the stories),
 * plan (what to render), render (pages into a stage folder), publish (the stage made live, the
 * cache recorded); bundles and report beside them. docs/architecture.md draws them.
 */
import { constants, setPriority } from 'node:os'
import { rm } from 'node:fs/promises'
import { createCmsClient } from '../../cms/client.ts'
import { resolveSpaceLanguages } from '../../cms/config.ts'
import { connectCms } from '../../cms/connect.ts'
import { fetchDatasource, REDIRECTS_DATASOURCE } from '../../cms/datasource.ts'
import type { BundleBuild } from './bundles/index.ts'
import { siteInfo, type BuildConfig } from './config.ts'
import { acquireContent, folderLanguageSites, folderState, languageSites, siteFrom, siteRedirects, splitFolders, StoryStores } from './content/index.ts'
import { loadState, previousBuildOf, type CacheState, type PreviousBuild } from './cache/index.ts'
import { usableAhead, type Ahead } from './ahead.ts'
import { clearOld, compressLive, createStage, discardStage, liveBuildId, liveDir, prepareFolders, stagePath, type FolderThread } from './files/index.ts'
import { planBuild } from './plan/index.ts'
import { mergeLanguagePass, renderWorkers, sitePass, type RenderPool, type RenderWorkers } from './render/index.ts'
import { goLive, recordBuild, stageBuildFiles, writeAssetIndex, writeSiteFiles } from './publish/index.ts'
import { progress, summary, tellFinished, tellLive, writeStats, type PhaseClock } from './report/index.ts'
import { carryIndex, updateIndex } from './search/index.ts'
import { Undo } from './undo.ts'

const log = (line: string) => process.stdout.write(`${line}\n`)

/** What the build needs of the cached previous build, or why it renders everything. */
function previousBuild({ config, cache, fingerprint, ahead }: BuildStart): { state?: CacheState; reason: string } {
  if (config.full) return { reason: '--full' }
  const { state, reason } = loadState(cache, fingerprint, liveBuildId(config.outDir), ahead?.state)
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
  /** The code and settings' fingerprint (scripts/engine/cache/cache.ts). */
  fingerprint: string
  /** What a standby build made of the previous build before its job came (scripts/engine/ahead.ts). */
  ahead?: Ahead
}

/** What the build has started before the crawl: the stage, the render workers, the CMS. */
interface Started {
  previous?: CacheState
  /** The previous build as the plan compares with it, when a standby build made it ahead. */
  compared?: PreviousBuild
  fullReason: string
  stage: string
  workers: RenderWorkers
  stageFolders?: FolderThread
  /** Whether the stage holds links to every file of the live build already (a standby build's). */
  linked: boolean
  cms: Awaited<ReturnType<typeof connectCms>>
  /** Settle as the crawl announces its total and as it ends (the render workers start on them). */
  announce: (total: number) => void
  crawlDone: () => void
}

async function startStage(start: BuildStart, undo: Undo): Promise<Started> {
  const { config, bundles, bundleDir } = start
  const { state: previous, reason: fullReason } = previousBuild(start)
  const { previous: compared, linked } = usableAhead(config, start.ahead, previous)
  const cms = await connectCms(config.cms, config.embedded, log)
  undo.add(() => cms.server?.close())
  // Registered before the stage is made: a stop request may come while it is being made. The
  // folder thread may make one more folder after it is told to stop, hence the retries.
  undo.add(() => rm(stagePath(config.outDir), { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }))
  // A standby build's stage holds the live build's files already.
  const stage = linked ? stagePath(config.outDir) : await createStage(config.outDir)
  let announce!: (total: number) => void
  const storiesAnnounced = new Promise<number>((resolve) => (announce = resolve))
  let crawlDone!: () => void
  const crawled = new Promise<void>((resolve) => (crawlDone = resolve))
  const workers = renderWorkers(bundles.written, { bundleDir, outRoot: stage }, { workerReady: bundles.workerReady, previous, storiesAnnounced, crawled })
  // An incremental build fills the stage from the live build: its folders are made meanwhile.
  const stageFolders = previous && !linked ? prepareFolders(stage, Object.keys(previous.files)) : undefined
  // Before the stage goes: neither a worker writing a page nor the folder thread may bring folders back.
  undo.add(async () => (stageFolders?.stop(), await stageFolders))
  undo.add(() => workers.close())
  return { previous, compared, linked, fullReason, stage, workers, stageFolders, cms, announce, crawlDone }
}

/** Stage 1: the stories of every language, the sites they make, and the redirects. */
async function fetchContent({ config, cache }: BuildStart, started: Started, stores: StoryStores) {
  const { previous, cms } = started
  const client = createCmsClient(cms.cms)
  const reportFetched = progress('Stories fetched')
  const onProgress = (fetched: number, total: number) => (started.announce(total), reportFetched(fetched, total))
  const content = await acquireContent(client, { cacheDir: cache, perPage: cms.cms.perPage, version: cms.cms.version, previous, changedIds: config.changed, onProgress, log })
  stores.adopt(content, previous)
  started.crawlDone()
  // Bad language settings stop here; a space with languages gets a site per language, from a
  // crawl per language (field-level) or from the folders of the one crawl (folder-level).
  const { codes, strategy } = resolveSpaceLanguages(config.cms, content.space.languageCodes, content.stories.summaries().map((summary) => summary.full_slug), config.language)
  const info = siteInfo(config, content.space.name)
  const folders = strategy === 'folder' ? splitFolders(content.stories, { codes, defaultLanguage: config.language, cacheDir: cache }) : undefined
  if (folders) stores.split([folders.defaultStories, ...folders.languages.map(({ stories }) => stories)])
  const defaultStories = folders?.defaultStories ?? content.stories
  const compared = started.compared ?? (previous && previousBuildOf(previous, config))
  const site = siteFrom(defaultStories, info, compared, content.changed)
  const translated = folders
    ? folderLanguageSites(folders, { info, defaultLanguage: config.language, defaultSite: site })
    : codes.length
      ? await languageSites(client, { codes, content, previous, perPage: cms.cms.perPage, cacheDir: cache, info, defaultLanguage: config.language, defaultSite: site })
      : { sites: [], warnings: [] }
  if (!folders) stores.translations(translated.sites.map(({ stories }) => stories), previous)
  const redirects = siteRedirects(await fetchDatasource(client, REDIRECTS_DATASOURCE, content.space.cv), site, compared, translated.sites)
  await cms.server?.close()
  return { content, info, folders, defaultStories, site, translated, redirects, compared, requests: client.requestCount }
}
type Fetched = Awaited<ReturnType<typeof fetchContent>>

/** Stages 2 and 3: the plan, and every planned route rendered into the stage, language by language. */
async function render({ config, bundles, bundleDir }: BuildStart, started: Started, fetched: Fetched) {
  const { stage, stageFolders, linked, fullReason, workers } = started
  const { content, site, translated, folders, defaultStories, redirects, compared } = fetched
  const plan = planBuild({ outDir: config.outDir, stage, stageFolders, linked, previous: compared, fullReason, content, site, languages: translated.sites, groups: folders?.groups })
  // A full build's assets and headers, staged while the render worker gets ready for its first page (after the stage is emptied of what it was filled with while the crawl ran).
  const staged = plan.incremental ? undefined : (await plan.startFromLive(), stageBuildFiles({ config, output: plan.output, bundleDir, space: content.space }))
  let pool: RenderPool | undefined
  const passes = { planned: plan.incremental?.render, output: plan.output, beforeWrites: plan.startFromLive, pool: async () => (pool = await workers.pool(site.index)) }
  const result = await sitePass(passes, { site, stories: defaultStories, onProgress: progress('Pages rendered') })
  for (const { language, site: other, stories } of translated.sites) {
    mergeLanguagePass(result, language, await sitePass(passes, { site: other, stories, errorPages: { notFound: `${language}/404.html` }, onProgress: progress(`Pages rendered (${language})`) }))
  }
  await workers.close()
  for (const [route, dependencies] of result.dependencies) plan.routes.set(route, dependencies)
  // robots.txt, sitemap, feed and _redirects, compared with the live build's in the stage: filled here when no pass rendered.
  await plan.startFromLive()
  const languages = translated.sites.map(({ site: other, stories }) => ({ site: other, summaries: stories.summaries() }))
  await writeSiteFiles(plan.output, { site, summaries: defaultStories.summaries(), redirects: redirects.table, languages })
  // Nothing goes live without the bundle process having ended well.
  await bundles.done
  return { plan, result, staged, workers: pool?.size ?? 0 }
}
type Rendered = Awaited<ReturnType<typeof render>>

/** Stage 4: the stage made live (or dropped when no page changed), and the cache recorded. */
async function publish({ config, clock, timestamp, cache, fingerprint, bundles, bundleDir }: BuildStart, started: Started, fetched: Fetched, rendered: Rendered): Promise<void> {
  const { stage, previous } = started
  const { content, site, translated, folders, redirects, requests, defaultStories } = fetched
  const { plan, result, staged } = rendered
  // Once live: what the next build and the server's asset webhooks read of this one, written after the switch, which never waits for them.
  const record = (id: string) => {
    writeAssetIndex(cache, [defaultStories.summaries(), ...translated.sites.map(({ stories }) => stories.summaries())])
    recordBuild({ cache, fingerprint, buildId: id, content, languages: folders ? [] : translated.sites, folders: folders && folderState(folders), plan, redirects: redirects.table })
  }
  if (plan.incremental && plan.output.written === 0 && previous) {
    // Nothing a visitor could see changed: the live build stays, the cache learns the new cv.
    await discardStage(stage)
    record(previous.buildId)
    log(`\nNo page changed (${plan.mode}); build ${previous.buildId} stays live. CMS requests: ${requests}.`)
    return tellFinished({ unchanged: previous.buildId, mode: plan.mode, requests })
  }
  const live = liveDir(config.outDir)
  // A stage a standby build linked ahead holds the live index already, unless a full build emptied it.
  if (config.search && !(started.linked && plan.incremental)) carryIndex(live ? { dir: live, id: liveBuildId(config.outDir) } : undefined, stage, cache)
  // Live: the server hears of it at once, for its deploy, and the rest of this build (its cache record, search
  // index, compressed variants) yields the CPU to the server and to that deploy.
  const wentLive = (live: string) => (tellLive(live), setPriority(constants.priority.PRIORITY_LOW), record(live))
  const id = await goLive({ config, plan, stage, bundleDir, previous, result, cv: content.space.cv, space: content.space, timestamp, onLive: wentLive, staged })
  clock.lap('publish')
  // Old builds go only now: a build that fails keeps them, and going live never waits for them.
  clearOld(config.outDir)
  const seconds = clock.elapsed()
  const warnings = [...content.warnings, ...site.warnings, ...translated.warnings, ...redirects.warnings]
  const count = plan.incremental?.render.length ?? result.routes.length
  const warned = summary(log, config, result, plan.output, { requests, id, seconds, mode: plan.mode, rendered: count, warnings, notPages: site.notPages })
  await tellFinished({ live: id, mode: plan.mode, rendered: count, requests, warnings: warned })
  if (process.env.BUILD_STATS_FILE) {
    writeStats(process.env.BUILD_STATS_FILE, { seconds, phases: clock.phases, phaseCpu: clock.cpu, routes: result.routes.length, requests, output: plan.output, bundleDir: bundles.reused ? undefined : bundleDir, mode: plan.mode, workers: rendered.workers })
  }
  if (config.search) await searchIndex(config.outDir, id, cache, () => clock.elapsed() - seconds)
  // Compressed variants for the servers that send them as they are (files/variants.ts): after going live, which never waits for them.
  const compress = config.precompress && liveDir(config.outDir)
  try {
    if (compress) log(`Compressed ${compressLive(compress, plan.output.contents()).toLocaleString('en')} files (br, gz) in ${(clock.elapsed() - seconds).toFixed(1)} s after going live.`)
  } catch (error) {
    // The build is live: a variant that could not be written only means that file is sent uncompressed.
    log(`Compressing the live build stopped (${(error as Error).message}); files without variants are sent uncompressed.`)
  }
}

/** Stage 5: the live build's search index brought up to date (scripts/engine/search/), once it is live. */
async function searchIndex(outDir: string, id: string, cache: string, since: () => number): Promise<void> {
  const live = liveDir(outDir)
  if (!live) return
  try {
    // The stage's path is free once the build is live, and the next build removes what a killed index leaves there.
    const { languages, written, bytes } = await updateIndex({ dir: live, id, cache, scratch: stagePath(outDir) })
    const pages = Object.entries(languages).map(([language, count]) => `${language} ${count}`)
    log(`Search index: ${pages.join(', ')} pages, ${(bytes / 1024).toFixed(0)} KB (${written} files new), up to date ${since().toFixed(1)} s after going live.`)
  } catch (error) {
    // The build is live; its search finds what the previous index held until the next build.
    log(`Warning: the search index was not updated (${(error as Error).message.split('\n')[0]}); search keeps the previous index until the next build.`)
  }
}

/**
 * Runs the stages. A failure, or a stop request (the server shutting down), runs the one undo
 * list: whatever step it came at, the live build is never touched.
 */
export async function runBuild(start: BuildStart): Promise<void> {
  const { clock, bundles, release } = start
  const undo = new Undo()
  undo.add(() => bundles.cancel())
  const stores = new StoryStores()
  undo.add(() => stores.discard())
  const abandon = () => void undo.run().finally(() => {
    release()
    process.stderr.write('Build abandoned (SIGTERM); the live build is unchanged.\n')
    process.exit(143)
  })
  process.once('SIGTERM', abandon)
  try {
    const started = await startStage(start, undo)
    const fetched = await fetchContent(start, started, stores)
    clock.lap('crawl')
    await bundles.written
    clock.lap('bundlesWait')
    const rendered = await render(start, started, fetched)
    clock.lap('render')
    await publish(start, started, fetched, rendered)
  } catch (error) {
    await undo.run()
    throw error
  } finally {
    process.off('SIGTERM', abandon)
    stores.close()
    release()
  }
}
