/**
 * A crawled space as a site: which story each route shows, what each route's payload holds, and
 * the shell every page shares. The build and the dev server both render from this. Summaries make
 * the route table, navigation and index; a story's full content is loaded only for its own
 * payload (see stories.ts).
 */
import { byFullSlug, hasPageView, type ListedType } from '../cms/content-model.ts'
import { buildPayload, type PayloadResult } from './payload.ts'
import { siteIndex, type SiteIndex } from './site-index.ts'
import type { SiteInfo, SiteShell } from './build-contract.ts'
import { pageRoute, storyPageCount } from './pagination.ts'
import { siteShell } from './site-shell.ts'
import { caseCollisions, routeTable } from './routes.ts'
import type { StorySource, StorySummary } from './stories.ts'

/** The story a route shows, and which page of its project list (pages/pagination.ts). */
export interface RouteStory {
  fullSlug: string
  uuid: string
  /** Page 2, 3, … of a long project list; absent on the story's own route. */
  page?: number
}

export interface Site {
  /** The story of every route (its full_slug and uuid), in full_slug order, pages of long lists after their story. */
  routes: Map<string, RouteStory>
  index: SiteIndex
  /** What every page shares: settings and navigation (written once per build, see shell-file.ts). */
  shell: SiteShell
  /** What the site's shape should warn of: settings links that lead nowhere, routes that differ only by case. */
  warnings: string[]
  /** How many stories of each content type without a page view the site holds (data stories). */
  notPages: Map<string, number>
  payloadFor(route: string): PayloadResult | undefined
}

/** A story with a route: neither the settings story nor a data story (docs/behaviour.md, "Data stories"). */
export function isPage(summary: Pick<StorySummary, 'settings' | 'component'>): boolean {
  return !summary.settings && hasPageView(summary.component)
}

function countByComponent(stories: StorySummary[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const { component } of stories) counts.set(component, (counts.get(component) ?? 0) + 1)
  return counts
}

export interface SiteOptions {
  /** The language's folder (`de/`) when the site is one language of several (pages/languages.ts). */
  prefix?: string
  /**
   * The default language's stories, when this site is another language's: a story this language
   * lacks (not published in it) is linked and shown as a card at its default version, and the
   * default's settings story stands in for a missing one. None of them becomes a route here.
   */
  fallback?: StorySummary[]
}

export function siteOf(source: StorySource, info: SiteInfo, { prefix = '', fallback = [] }: SiteOptions = {}): Site {
  const all = [...source.summaries()].sort(byFullSlug)
  const own = new Set(all.map((summary) => summary.uuid))
  const borrowed = fallback.filter((summary) => !own.has(summary.uuid))
  // The site settings story shapes every page's shell instead; data stories are no pages at all.
  const summaries = all.filter(isPage)
  const data = all.filter((summary) => !summary.settings && !isPage(summary))
  const table = routeTable(summaries)
  const index = siteIndex(summaries)
  if (data.length) index.notPages = new Map(data.map(({ uuid, full_slug, component }) => [uuid, { full_slug, component }]))
  for (const { uuid, full_slug, card } of borrowed.filter(isPage)) {
    index.byUuid.set(uuid, { uuid, full_slug, card })
    // Where the page would be in this language, for the breadcrumbs of the pages below it.
    const here = `/${prefix}${card.route.slice(1)}`
    if (prefix && !index.byRoute.has(here)) index.byRoute.set(here, card)
  }
  const settings = all.filter((summary) => summary.settings)
  const settingsFallback = settings.length ? [] : borrowed.filter((summary) => summary.settings)
  const { shell, warnings } = siteShell([...settings, ...settingsFallback, ...summaries], info, prefix, borrowed.filter(isPage))
  const routes = new Map<string, RouteStory>()
  const available = Object.fromEntries(Object.entries(index.lists).map(([type, cards]) => [type, cards.length])) as Record<ListedType, number>
  for (const [route, summary] of table) {
    routes.set(route, { fullSlug: summary.full_slug, uuid: summary.uuid })
    for (let page = 2; page <= storyPageCount(summary.listed ?? {}, available); page++) {
      const paged = pageRoute(route, page)
      if (table.has(paged)) warnings.push(`Page ${page} of the story list of "${summary.full_slug}" would be served at ${paged}, where a story is: that page is left out.`)
      else routes.set(paged, { fullSlug: summary.full_slug, uuid: summary.uuid, page })
    }
  }
  return {
    routes,
    index,
    shell,
    warnings: [...warnings, ...caseCollisions(routes.keys())],
    notPages: countByComponent(data),
    payloadFor: payloadsOf(source, routes, index),
  }
}

/** A site's payloads: each route's story, loaded from `source`, with what the index says of the others. */
export function payloadsOf(source: StorySource, routes: ReadonlyMap<string, RouteStory>, index: SiteIndex): Site['payloadFor'] {
  return (route) => {
    const story = routes.get(route)
    return story ? buildPayload(source.load(story.uuid), index, { page: story.page }) : undefined
  }
}
