/**
 * Where each story is served (docs/content-model.md, "Site structure"): `home` or the space's root start
 * page at `/`, a folder's start page at the folder path, every other story at `/<full_slug>/`.
 */
import type { Story } from '../cms/content-model.ts'
import { slugProblem, trimSlug } from '../cms/slug.ts'

type Routable = Pick<Story, 'full_slug'>

/** The route path of a story, always with a leading and a trailing slash. */
export function routeOf(story: Routable): string {
  const slug = trimSlug(story.full_slug)
  return slug === '' || slug === 'home' ? '/' : `/${slug}/`
}

/** A full_slug that routeOf maps to `route` (its inverse): `/` → `home`, `/blog/x/` → `blog/x`. */
export function fullSlugOf(route: string): string {
  return slugOf(route) || 'home'
}

/** The catch-all route parameter for a path: `/blog/2025/x/` → `blog/2025/x`, `/` → `''`. */
export function slugOf(pathname: string): string {
  return pathname.replace(/^\/+|\/+$/g, '').replace(/\/index\.html$/, '')
}

/** A slug that can be a route (cms/slug.ts): the crawl leaves out stories whose slug cannot. */
export function isValidSlug(slug: string): boolean {
  return slugProblem(slug) === undefined
}

/** Output directory of a route relative to the site root: `/` → ``, `/blog/x/` → `blog/x`. */
export function routeDir(route: string): string {
  return route.replace(/^\/+|\/+$/g, '')
}

export class RouteCollisionError extends Error {
  constructor(route: string, a: string, b: string) {
    super(`Stories "${a}" and "${b}" would both be served at ${route}: rename one of them in Storyblok.`)
    this.name = 'RouteCollisionError'
  }
}

/**
 * Routes that differ only by case (`/About/` and `/about/`): distinct on Linux and on most CDNs,
 * but one folder on case-insensitive file systems (macOS, Windows), where one would overwrite the
 * other when the site is copied there.
 */
export function caseCollisions(routes: Iterable<string>): string[] {
  const seen = new Map<string, string>()
  const warnings: string[] = []
  for (const route of routes) {
    const folded = route.toLowerCase()
    const other = seen.get(folded)
    if (other === undefined) seen.set(folded, route)
    else warnings.push(`Routes ${other} and ${route} differ only by case: on a case-insensitive file system one would replace the other. Rename one of them in Storyblok.`)
  }
  return warnings
}

/** Maps every route to its story, refusing two stories on one route. */
export function routeTable<S extends Routable>(stories: S[]): Map<string, S> {
  const table = new Map<string, S>()
  for (const story of stories) {
    const route = routeOf(story)
    const taken = table.get(route)
    if (taken) throw new RouteCollisionError(route, taken.full_slug, story.full_slug)
    table.set(route, story)
  }
  return table
}
