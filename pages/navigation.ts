/**
 * The header navigation when the space has no site settings story (pages/site-shell.ts): derived
 * from the crawl instead of an extra CMS call, from the top-level stories and folder start pages
 * in Storyblok's `position` order, and capped at NAV_LIMIT items so that it never grows with the
 * content (a large site reaches the rest through its folder pages).
 */
import type { Story } from '../cms/content-model.ts'
import type { NavItem } from './build-contract.ts'
import { routeOf } from './routes.ts'

/** `about` and a top-level folder's start page (`blog/`) qualify; `blog/2025/x` does not. */
type Navigable = Pick<Story, 'full_slug' | 'name' | 'position'>

/** Top level within `prefix` (a language's folder, `de/`): `de/about` is, `de/blog/x` is not. */
export function isTopLevel(story: Navigable, prefix: string): boolean {
  const slug = story.full_slug.replace(/^\/+|\/+$/g, '')
  return slug.startsWith(prefix) && !slug.slice(prefix.length).includes('/')
}

/** The most items a derived navigation shows: what fits a laptop's header. */
export const NAV_LIMIT = 8

export function navigation(stories: Navigable[], prefix = ''): NavItem[] {
  return stories
    .filter((story) => isTopLevel(story, prefix))
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.full_slug.localeCompare(b.full_slug))
    .slice(0, NAV_LIMIT)
    .map((story) => ({ label: story.name, route: routeOf(story) }))
}

/**
 * The navigation item a page belongs to: its own route (`page`), else the deepest item whose route
 * holds the page's (`true`: Journal for an article under /blog/), never the home page, which holds
 * them all.
 */
export function currentItem(items: NavItem[], route: string | undefined, home = '/'): { route: string; current: 'page' | 'true' } | undefined {
  if (route === undefined) return undefined
  if (items.some((item) => item.route === route)) return { route, current: 'page' }
  const sections = items.filter((item) => item.route !== home && item.route.endsWith('/') && route.startsWith(item.route))
  const deepest = sections.sort((a, b) => b.route.length - a.route.length)[0]
  return deepest ? { route: deepest.route, current: 'true' } : undefined
}
