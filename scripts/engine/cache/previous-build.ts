/**
 * The cached build as the next build compares with it: per language, the site its summaries made
 * and what each of its routes was rendered from. Made from the state alone (and the settings, for
 * the site's name and address), so that a standby build makes it before its job comes
 * (scripts/engine/ahead.ts): at 10,000 stories it is a fifth of a second of a publish.
 */
import { own } from '../../../cms/own.ts'
import type { RouteDependencies } from '../../../pages/affected.ts'
import { languageOfRoute, languageSiteOf } from '../../../pages/languages.ts'
import type { SiteInfo } from '../../../pages/build-contract.ts'
import { siteOf } from '../../../pages/site.ts'
import type { PatchBase } from '../../../pages/site-patch.ts'
import type { StorySummary } from '../../../pages/stories.ts'
import { siteInfo, type BuildConfig } from '../config.ts'
import type { FileEntry } from '../files/output.ts'
import type { CacheState } from './cache.ts'

/** One language of the cached build: its site with the summaries it was made of (a PatchBase), and its routes' dependencies. */
export interface PreviousLanguage extends PatchBase {
  routes: Map<string, RouteDependencies>
}

export interface PreviousBuild {
  state: CacheState
  /** The site info its sites were made with. */
  info: SiteInfo
  /** The other languages' codes, as the cached build had them. */
  codes: string[]
  /** A space translated by folders: each story's group of versions, as the cached build had them. */
  groups?: Record<string, string>
  /** The default language's (no code) or another language's part of the cached build. */
  of(language?: string): PreviousLanguage
  /**
   * Every route of every language with its dependencies, and every file with its digest: the
   * state's, as maps, made for one build, whose plan takes them over and updates them.
   */
  routes: Map<string, RouteDependencies>
  files: Map<string, FileEntry>
}

function summariesOf(state: CacheState): { summaries: (language?: string) => StorySummary[]; codes: string[] } {
  const { folders } = state
  if (folders) return { summaries: (language) => (language ? own(folders.languages, language) ?? [] : folders.default), codes: Object.keys(folders.languages) }
  return { summaries: (language) => (language ? own(state.languages ?? {}, language)?.summaries ?? [] : state.stories.summaries), codes: Object.keys(state.languages ?? {}) }
}

export function previousBuildOf(state: CacheState, config: BuildConfig): PreviousBuild {
  const { summaries, codes } = summariesOf(state)
  const info = siteInfo(config, state.space.name)
  const all = new Map(Object.entries(state.routes))
  // The default language's routes under '', as `of` looks them up.
  const routes = new Map(['', ...codes].map((code) => [code, new Map<string, RouteDependencies>()]))
  for (const [route, dependencies] of all) routes.get(languageOfRoute(route, codes) ?? '')!.set(route, dependencies)
  // Only the summaries are kept: a previous site's pages are compared, never rendered.
  const source = (language?: string) => ({ summaries: () => summaries(language), load: () => { throw new Error("A previous build's stories are not loaded") } })
  const byUuid = (language?: string) => new Map(summaries(language).map((summary) => [summary.uuid, summary]))
  const languages = new Map<string, PreviousLanguage>([['', { site: siteOf(source(), info), summaries: byUuid(), routes: routes.get('')! }]])
  for (const code of codes) languages.set(code, { site: languageSiteOf(source(code), info, code, summaries()), summaries: byUuid(code), routes: routes.get(code)! })
  return {
    state,
    info,
    codes,
    routes: all,
    files: new Map(Object.entries(state.files)),
    ...(state.folders ? { groups: state.folders.groups } : {}),
    of: (language) => languages.get(language ?? '') ?? { site: siteOf(source(language), info), summaries: new Map(), routes: new Map() },
  }
}
