/**
 * The header navigation when the space has no site settings story (pages/site-shell.ts): derived
 * from the crawl instead of an extra CMS call, from the top-level stories and folder start pages
 * in Storyblok's `position` order, and capped at NAV_LIMIT items so that it never grows with the
 * content (a large site reaches the rest through its folder pages).
 */
import type { Story } from '../cms/content-model.ts'
import type { NavItem } from './route-payload.ts'
import { routeOf } from './routes.ts'

/** `about` and a top-level folder's start page (`blog/`) qualify; `blog/2025/x` does not. */
type Navigable = Pick<Story, 'full_slug' | 'name' | 'position'>

function isTopLevel(story: Navigable): boolean {
  return !story.full_slug.replace(/^\/+|\/+$/g, '').includes('/')
}

/** The most items a derived navigation shows: what fits a laptop's header. */
export const NAV_LIMIT = 8

export function navigation(stories: Navigable[]): NavItem[] {
  return stories
    .filter(isTopLevel)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.full_slug.localeCompare(b.full_slug))
    .slice(0, NAV_LIMIT)
    .map((story) => ({ label: story.name, route: routeOf(story) }))
}
