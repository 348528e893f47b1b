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
import { routeDir } from '../../../pages/routes.ts'
import type { Site } from '../../../pages/site.ts'
import type { PreviousBuild } from '../cache/previous-build.ts'
import type { Content } from '../content/content.ts'
import type { LanguageSite } from '../content/languages.ts'
import { emptyStage, liveDir } from '../files/deploy.ts'
import { linkTree } from '../files/fill-stage.ts'
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
function changedStories(content: Content, languages: LanguageSite[], cached: PreviousBuild, groups?: ReadonlyMap<string, string>): { changed?: Set<string>; reason?: string; how?: string } {
  if (!content.changed) return {}
  if (!groups !== !cached.groups) return { reason: `the space ${groups ? 'now' : 'no longer'} translates by folders` }
  const codes = [...cached.codes].sort().join(', ')
  if (codes !== languages.map(({ language }) => language).sort().join(', ')) return { reason: `the languages changed (from "${codes || 'none'}")` }
  let changed = new Set(content.changed)
  for (const language of languages) for (const uuid of language.changed ?? []) changed.add(uuid)
  const elsewhere = changed.size - content.changed.size
  if (groups) changed = withVersions(changed, groups, cached.groups ?? {})
  return { changed, how: elsewhere ? `; ${elsewhere} in another language` : '' }
}

/** The affected routes of every language's site, each compared with its previous self. */
function affectedInEveryLanguage(previous: PreviousBuild, site: Site, languages: LanguageSite[], changed: ReadonlySet<string>): AffectedRoutes {
  const parts = [{ site, language: undefined as string | undefined }, ...languages]
  const affected = parts.map(({ site, language }) => affectedRoutes(previous.of(language), site, changed))
  const everything = affected.find((each) => each.everything)?.everything
  return { render: affected.flatMap((each) => each.render), removed: affected.flatMap((each) => each.removed), ...(everything ? { everything } : {}) }
}

export function planBuild({ outDir, stage, stageFolders, linked, previous, fullReason, content, site, languages = [], groups }: {
  outDir: string
  stage: string
  /** The live build's folders being made in the stage (prepareFolders in scripts/engine/files/fill-stage.ts), if they are. */
  stageFolders?: Promise<void>
  /** Whether the stage already holds links to every file of the live build (a standby build's, scripts/engine/ahead.ts). */
  linked?: boolean
  previous?: PreviousBuild
  /** Why there is no usable cache, when there is none. */
  fullReason: string
  content: Content
  site: Site
  /** The sites of the space's other languages (scripts/engine/content/languages.ts). */
  languages?: LanguageSite[]
  /** A space translated by folders: each story's group of versions (scripts/engine/content/folder-languages.ts). */
  groups?: ReadonlyMap<string, string>
}): Plan {
  const live = liveDir(outDir)
  const { changed, reason, how = '' } = previous ? changedStories(content, languages, previous, groups) : {}
  const incremental = previous && changed && live ? affectedInEveryLanguage(previous, site, languages, changed) : undefined
  const output = new OutputWriter(stage, incremental && previous ? previous.files : undefined)
  const routes = incremental && previous ? previous.routes : new Map<string, RouteDependencies>()
  const fill = async () => {
    await stageFolders // made while the crawl ran (scripts/engine/files/fill-stage.ts): done before the stage is touched
    if (!incremental || !live || !previous) {
      // A full build writes every file itself; the live build's folders or links would stay behind.
      if (stageFolders || linked) await emptyStage(stage)
      return
    }
    if (!linked) linkTree(live, stage, previous.files)
    for (const route of incremental.removed) {
      routes.delete(route)
      await output.remove(join(routeDir(route), 'index.html'))
      await output.remove(join(routeDir(route), '_payload.json'))
      await rmdir(join(stage, routeDir(route))).catch(() => {}) // only when nothing else lives there
    }
  }
  // Once, whoever asks first: a full build's staged files must come after the stage is emptied.
  let started: Promise<void> | undefined
  const startFromLive = () => (started ??= fill())
  const mode = incremental
    ? `incremental (${content.how}${how}${incremental.everything ? `; every route, ${incremental.everything}` : ''})`
    : `full (${content.how}${fullReason || reason ? `: ${fullReason || reason}` : ''})`
  return { incremental, output, routes, startFromLive, mode }
}
