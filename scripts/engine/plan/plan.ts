/**
 * The plan phase: which routes this build renders and what it starts from. With a cache whose
 * build is live and known changes, the build is incremental: it starts as the live build,
 * hard-linked, minus the routes that went away, and renders only the affected routes
 * (pages/affected.ts), in every language. Otherwise it is full.
 */
import { rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import { own } from '../../../cms/own.ts'
import { affectedRoutes, type AffectedRoutes, type RouteDependencies } from '../../../pages/affected.ts'
import { languageOfRoute, languageSiteOf } from '../../../pages/languages.ts'
import type { SiteInfo } from '../../../pages/build-contract.ts'
import { routeDir } from '../../../pages/routes.ts'
import { siteOf, type Site } from '../../../pages/site.ts'
import type { CacheState } from '../cache/cache.ts'
import type { Content } from '../content/content.ts'
import type { StorySummary } from '../../../pages/stories.ts'
import type { LanguageSite } from '../content/languages.ts'
import { emptyStage, linkTree, liveDir } from '../files/deploy.ts'
import { OutputWriter } from '../files/output.ts'

export interface Plan {
  /** The routes to render and remove; undefined for a full build. */
  incremental?: AffectedRoutes
  output: OutputWriter
  /** What every route of the new build was rendered from: the cached entries, updated as pages render. */
  routes: Map<string, RouteDependencies>
  /** Fills the stage from the live build (incremental builds); run once the render workers start. */
  startFromLive(): Promise<void>
  /** Full or incremental, and why: for the summary. */
  mode: string
}

/** What the cached build's sites were made of: each language's stories, and (folder-level) the groups of versions. */
interface CachedSites {
  summaries(language?: string): StorySummary[]
  codes: string[]
  groups?: Record<string, string>
}

function cachedSites(previous: CacheState): CachedSites {
  const { folders } = previous
  if (folders) return { summaries: (language) => (language ? own(folders.languages, language) ?? [] : folders.default), codes: Object.keys(folders.languages), groups: folders.groups }
  return { summaries: (language) => (language ? previous.languages?.[language]?.summaries ?? [] : previous.stories.summaries), codes: Object.keys(previous.languages ?? {}) }
}

/** A previous build's site, rebuilt from its summaries: its navigation, project list and settings. */
function previousSite(cached: CachedSites, info: SiteInfo, language?: string): Site {
  const source = { summaries: () => cached.summaries(language), load: () => { throw new Error('not loaded') } }
  return language ? languageSiteOf(source, info, language, cached.summaries()) : siteOf(source, info)
}

/** Every story in the groups of the given ones, as the groups are now and were (a version that went away too). */
function withVersions(changed: Set<string>, groups: ReadonlyMap<string, string>, before: Record<string, string>): Set<string> {
  const members = new Map<string, string[]>()
  for (const [uuid, group] of [...groups, ...Object.entries(before)]) members.set(group, [...(members.get(group) ?? []), uuid])
  const all = new Set(changed)
  for (const uuid of changed) for (const group of [groups.get(uuid), own(before, uuid)]) for (const member of (group && members.get(group)) || []) all.add(member)
  return all
}

/**
 * What changed in any language, when every language could be compared with the cached build: a
 * story changed in one language is re-rendered in all, as its versions link to each other (in a
 * space translated by folders, the versions are the other stories of its group).
 */
function changedStories(content: Content, languages: LanguageSite[], cached: CachedSites, groups?: ReadonlyMap<string, string>): { changed?: Set<string>; reason?: string; how?: string } {
  if (!content.changed) return {}
  if (!groups !== !cached.groups) return { reason: `the space ${groups ? 'now' : 'no longer'} translates by folders` }
  const codes = cached.codes.sort().join(', ')
  if (codes !== languages.map(({ language }) => language).sort().join(', ')) return { reason: `the languages changed (from "${codes || 'none'}")` }
  let changed = new Set(content.changed)
  for (const language of languages) for (const uuid of language.changed ?? []) changed.add(uuid)
  const elsewhere = changed.size - content.changed.size
  if (groups) changed = withVersions(changed, groups, cached.groups ?? {})
  return { changed, how: elsewhere ? `; ${elsewhere} in another language` : '' }
}

/** The affected routes of every language's site, each compared with its previous self. */
function affectedInEveryLanguage(previous: CacheState, cached: CachedSites, info: SiteInfo, site: Site, languages: LanguageSite[], changed: ReadonlySet<string>): AffectedRoutes {
  const codes = languages.map(({ language }) => language)
  const routes = Object.entries(previous.routes)
  const parts = [{ site, language: undefined as string | undefined }, ...languages]
  const affected = parts.map(({ site, language }) =>
    affectedRoutes({ routes: new Map(routes.filter(([route]) => languageOfRoute(route, codes) === language)), site: previousSite(cached, info, language) }, site, changed),
  )
  const everything = affected.find((each) => each.everything)?.everything
  return { render: affected.flatMap((each) => each.render), removed: affected.flatMap((each) => each.removed), ...(everything ? { everything } : {}) }
}

export function planBuild({ outDir, stage, stageFolders, previous, fullReason, content, site, languages = [], groups, info }: {
  outDir: string
  stage: string
  /** The live build's folders being made in the stage (prepareFolders in scripts/engine/files/deploy.ts), if they are. */
  stageFolders?: Promise<void>
  previous?: CacheState
  /** Why there is no usable cache, when there is none. */
  fullReason: string
  content: Content
  site: Site
  /** The sites of the space's other languages (scripts/engine/content/languages.ts). */
  languages?: LanguageSite[]
  /** A space translated by folders: each story's group of versions (scripts/engine/content/folder-languages.ts). */
  groups?: ReadonlyMap<string, string>
  info: SiteInfo
}): Plan {
  const live = liveDir(outDir)
  const cached = previous && cachedSites(previous)
  const { changed, reason, how = '' } = cached ? changedStories(content, languages, cached, groups) : {}
  const incremental = previous && cached && changed && live ? affectedInEveryLanguage(previous, cached, info, site, languages, changed) : undefined
  const output = new OutputWriter(stage, incremental && previous ? new Map(Object.entries(previous.files)) : undefined)
  const routes = new Map(incremental && previous ? Object.entries(previous.routes) : [])
  const startFromLive = async () => {
    await stageFolders // made while the crawl ran (scripts/engine/files/deploy.ts): done before the stage is touched
    if (!incremental || !live || !previous) {
      // A full build writes every file itself; folders made for the live build's would stay empty.
      if (stageFolders) await emptyStage(stage)
      return
    }
    linkTree(live, stage, Object.keys(previous.files))
    for (const route of incremental.removed) {
      routes.delete(route)
      await output.remove(join(routeDir(route), 'index.html'))
      await output.remove(join(routeDir(route), '_payload.json'))
      await rmdir(join(stage, routeDir(route))).catch(() => {}) // only when nothing else lives there
    }
  }
  const mode = incremental
    ? `incremental (${content.how}${how}${incremental.everything ? `; every route, ${incremental.everything}` : ''})`
    : `full (${content.how}${fullReason || reason ? `: ${fullReason || reason}` : ''})`
  return { incremental, output, routes, startFromLive, mode }
}
