/**
 * Builds each route's payload (the contract is pages/build-contract.ts): the story's content
 * trimmed to what the page shows (trim-content.ts), the routes of the stories it links to, the
 * story lists (or this page's window of them, pages/pagination.ts) its `all-projects` and
 * `all-articles` blocks need, found in the site index all payloads of a build share
 * (pages/site-index.ts). Site-wide data (settings, navigation) is the shell's, not the payload's.
 */
import type { Blok, Story } from '../cms/content-model.ts'
import { LISTED_TYPES, type ListedType } from '../cms/content-model.ts'
import { breadcrumbs } from './breadcrumbs.ts'
import { listedBy, pageRoute, pageWindow, storyPageCount, type Listed } from './pagination.ts'
import type { RoutePayload, StoryCard } from './build-contract.ts'
import { routeOf } from './routes.ts'
import type { SiteIndex } from './site-index.ts'
import { trimContent, type Problems } from './trim-content.ts'

export interface PayloadResult {
  payload: RoutePayload
  /** Story uuids linked from the story that the crawl does not know (unpublished or deleted). */
  brokenLinks: string[]
  /**
   * What was wrong with the content and removed from the payload: URLs the URL policy rejected
   * (cms/url-policy.ts), fields that claimed to be pre-rendered HTML.
   */
  problems: string[]
  /**
   * Every other story the page shows or links to (relations and story links, found or not): an
   * incremental build re-renders the page when one of them changes, appears or goes away.
   */
  dependsOn: string[]
  /** Which entries of each story list the page shows (absent: none): it changes when one of those does. */
  listsShown: Shown
  /** The component of every block the payload's content holds, nested ones included. */
  components: Set<string>
}

/**
 * The entries `[from, to)` of a story list that a page depends on: those it shows, and for a page
 * of a long list the one after them too, which decides whether it links to a next page.
 */
export interface ShownWindow {
  from: number
  /** `ALL_STORIES` for a list without a limit. */
  to: number
}

export type Shown = Partial<Record<ListedType, ShownWindow>>

/** Where a window of a list without a limit ends (a number, so that it survives JSON). */
export const ALL_STORIES = Number.MAX_SAFE_INTEGER

export interface PayloadOptions {
  /** Keep the `_editable` markers: only for content rendered in the visual editor. */
  keepEditable?: boolean
  /** Which page of a long project list (pages/pagination.ts); 1 by default. */
  page?: number
}

/** The content trimmed, and what the one walk of it found: story links, relations, blocks, lists. */
function walkContent(story: Story, index: SiteIndex, keepEditable: boolean | undefined) {
  // One walk of the content: trimming it reports the story links, relations and blocks it keeps,
  // which the links table, the list windows and the page's dependencies are made from.
  const found = { links: new Map<string, string>(), linked: new Set<string>(), brokenLinks: [] as string[], related: new Set<string>(), components: new Set<string>(), listed: {} as Listed, problems: [] as Problems }
  const content = trimContent(story.content, index, {
    keepEditable,
    problems: found.problems,
    // Cards carry their own route; only link fields and rich-text links need the table.
    linkRoute(uuid) {
      if (!found.linked.has(uuid)) {
        found.linked.add(uuid)
        const target = index.byUuid.get(uuid)
        const data = target ? undefined : index.notPages?.get(uuid)
        if (target) found.links.set(uuid, routeOf(target))
        else if (data) found.problems.push(`a link to "${data.full_slug}", a story of content type "${data.component}" that is not a page, renders as text`)
        else found.brokenLinks.push(uuid)
      }
      return found.links.get(uuid)
    },
    onRelation: (uuid) => found.related.add(uuid),
    onBlok(blok) {
      found.components.add(blok.component)
      listedBy(blok, found.listed)
    },
  }) as Blok
  return { content, ...found }
}

/** The story lists a page of `route` shows, the windows of them it shows, and its pagination. */
function pageLists(listed: Listed, index: SiteIndex, route: string, page: number) {
  const available = Object.fromEntries(LISTED_TYPES.map((type) => [type, index.lists[type].length])) as Record<ListedType, number>
  const paginated = page > 1 || storyPageCount(listed, available) > 1
  const lists: Partial<Record<ListedType, StoryCard[]>> = {}
  const listsShown: Shown = {}
  let hasNext = false
  for (const [type, count] of Object.entries(listed) as [ListedType, number][]) {
    const { start, end } = pageWindow(count, page)
    if (end === start) continue // a short list shows on its story's first page only
    lists[type] = index.lists[type].slice(start, end)
    if (available[type] > end && count > end) hasNext = true
    // A page of a long list changes when one of its entries changes, or the first one after them
    // (which decides whether it links to a next page); the pages before and after it do not.
    listsShown[type] = { from: start, to: Math.min(paginated ? Math.min(count, end + 1) : count, ALL_STORIES) }
  }
  const pagination = paginated ? { page, ...(page > 1 ? { prev: pageRoute(route, page - 1) } : {}), ...(hasNext ? { next: pageRoute(route, page + 1) } : {}) } : undefined
  return { lists, listsShown, pagination }
}

export function buildPayload(story: Story, index: SiteIndex, options: PayloadOptions = {}): PayloadResult {
  const { content, links, linked, brokenLinks, related, components, listed, problems } = walkContent(story, index, options.keepEditable)
  const page = options.page ?? 1
  const route = routeOf(story)
  const { lists, listsShown, pagination } = pageLists(listed, index, route, page)
  const served = pageRoute(route, page)
  const crumbs = breadcrumbs(served, index.byRoute)
  const versions = index.alternates?.get(story.uuid)
  const payload: RoutePayload = {
    route: served,
    story: {
      id: story.id,
      uuid: story.uuid,
      name: story.name,
      full_slug: story.full_slug,
      first_published_at: story.first_published_at ?? null,
      published_at: story.published_at ?? null,
      content,
    },
    // Object.fromEntries defines each uuid as an own property, whatever its name.
    links: Object.fromEntries(links),
    ...(crumbs.length ? { breadcrumbs: crumbs } : {}),
    ...(page === 1 && versions && versions.length > 1 ? { alternates: versions } : {}),
    ...(Object.keys(lists).length ? { lists } : {}),
    ...(pagination ? { pagination } : {}),
  }
  const dependsOn = [...new Set([...linked, ...related])].filter((uuid) => uuid !== story.uuid)
  return { payload, brokenLinks, problems, dependsOn, listsShown, components }
}
