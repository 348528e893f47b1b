/**
 * Long project lists become real routes: an `all-projects` block that would list more than
 * PROJECTS_PER_PAGE projects (no limit, or a larger one) shows that many on its story's route, and
 * the rest on `<route>page/2/`, `<route>page/3/`, … (docs/content-model.md, "Site structure").
 * So no page grows with the number of projects.
 */
import { blockName, projectsLimit, type Blok } from '../cms/content-model.ts'
import { eachBlok } from '../cms/content-walk.ts'

/** Projects per page of a long list: four rows of a three-column grid, twice. */
export const PROJECTS_PER_PAGE = 24

/** The route of page `page` of the list on `route` (page 1 is the route itself). */
export function pageRoute(route: string, page: number): string {
  return page <= 1 ? route : `${route}page/${page}/`
}

/** How many projects a story's `all-projects` blocks list at most (0: none; `Infinity`: all). */
export function projectsListed(content: Blok): number {
  let listed = 0
  eachBlok(content, (blok) => {
    if (blockName(blok.component) === 'all-projects') listed = Math.max(listed, projectsLimit(blok.limit))
  })
  return listed
}

/** How many pages a story's list takes, given how many projects the site has (1 for a short list). */
export function pageCount(listed: number, projects: number): number {
  return listed > PROJECTS_PER_PAGE ? Math.max(1, Math.ceil(Math.min(listed, projects) / PROJECTS_PER_PAGE)) : 1
}

/** The window of the project list page `page` shows: `[start, end)` (a short list: its own length). */
export function pageWindow(listed: number, page: number): { start: number; end: number } {
  if (listed <= PROJECTS_PER_PAGE) return { start: 0, end: listed }
  const start = (page - 1) * PROJECTS_PER_PAGE
  return { start, end: Math.min(listed, start + PROJECTS_PER_PAGE) }
}
