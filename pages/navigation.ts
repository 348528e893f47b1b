/**
 * The header navigation, derived from the crawl instead of an extra CMS call: top-level stories and
 * folder start pages, in Storyblok's `position` order.
 */
import type { Story } from '../cms/content-model.ts'
import type { NavItem } from './route-payload.ts'
import { routeOf } from './routes.ts'

/** `about` and a top-level folder's start page (`blog/`) qualify; `blog/2025/x` does not. */
type Navigable = Pick<Story, 'full_slug' | 'name' | 'position'>

function isTopLevel(story: Navigable): boolean {
  return !story.full_slug.replace(/^\/+|\/+$/g, '').includes('/')
}

export function navigation(stories: Navigable[]): NavItem[] {
  return stories
    .filter(isTopLevel)
    .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || a.full_slug.localeCompare(b.full_slug))
    .map((story) => ({ label: story.name, route: routeOf(story) }))
}
