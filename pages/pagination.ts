/**
 * Long story lists become real routes: an `all-projects` or `all-articles` block that would list
 * more than STORIES_PER_PAGE stories (no limit, or a larger one) shows that many on its story's
 * route, and the rest on `<route>page/2/`, `<route>page/3/`, … (docs/content-model.md, "Site
 * structure"). So no page grows with the number of stories.
 */
import { blockName, LIST_BLOCKS, projectsLimit, type Blok, type ListedType } from '../cms/content-model.ts'
import { eachBlok } from '../cms/content-walk.ts'

/** Stories per page of a long list: four rows of a three-column grid, twice. */
export const STORIES_PER_PAGE = 24

/** How many stories of each type a story's list blocks show at most (absent: none; `Infinity`: all). */
export type Listed = Partial<Record<ListedType, number>>

/** The route of page `page` of the list on `route` (page 1 is the route itself). */
export function pageRoute(route: string, page: number): string {
  return page <= 1 ? route : `${route}page/${page}/`
}

const listedType = (component: string): ListedType | undefined => LIST_BLOCKS.get(blockName(component))

/** Counts a block into `listed` when it is a list block (see storiesListed). */
export function listedBy(blok: Blok, listed: Listed): void {
  const type = listedType(blok.component)
  if (type) listed[type] = Math.max(listed[type] ?? 0, projectsLimit(blok.limit))
}

/** How many stories of each type a story's list blocks show at most. */
export function storiesListed(content: Blok): Listed {
  const listed: Listed = {}
  eachBlok(content, (blok) => listedBy(blok, listed))
  return listed
}

/** How many pages one list takes, given how many stories of its type the site has (1 for a short list). */
export function pageCount(listed: number, available: number): number {
  return listed > STORIES_PER_PAGE ? Math.max(1, Math.ceil(Math.min(listed, available) / STORIES_PER_PAGE)) : 1
}

/** How many pages a story takes: as many as its longest list. */
export function storyPageCount(listed: Listed, available: Record<ListedType, number>): number {
  return Math.max(1, ...Object.entries(listed).map(([type, count]) => pageCount(count, available[type as ListedType])))
}

/** The window of one list that page `page` shows: `[start, end)` (a short list: its own length, on page 1). */
export function pageWindow(listed: number, page: number): { start: number; end: number } {
  if (listed <= STORIES_PER_PAGE) return page > 1 ? { start: 0, end: 0 } : { start: 0, end: listed }
  const start = (page - 1) * STORIES_PER_PAGE
  return { start, end: Math.min(listed, start + STORIES_PER_PAGE) }
}
