/**
 * Where a Storyblok link points: story links go to the linked story's current route (the
 * `cached_url` of a link may be stale), url and asset links to their URL, email links to `mailto:`.
 */
import type { Multilink, Story, StoryLink } from './content-model.ts'
import { own } from './own.ts'

/** A story as an entry of an answer's `links` (what `resolve_links=url` returns for it). */
export function storyLinkOf(story: Story & { published?: boolean }): StoryLink {
  return { id: story.id, uuid: story.uuid, slug: story.slug, full_slug: story.full_slug, url: story.full_slug, name: story.name, is_folder: false, published: story.published !== false }
}

export function withAnchor(href: string, anchor: unknown): string {
  return typeof anchor === 'string' && anchor ? `${href}#${anchor.replace(/^#/, '')}` : href
}

/** The href of a multilink field, or `undefined` when it leads nowhere (empty or broken story link). */
export function multilinkHref(link: Multilink | undefined, routes: Record<string, string>): string | undefined {
  if (!link || typeof link !== 'object') return undefined
  switch (link.linktype) {
    case 'story': {
      const route = link.id ? own(routes, link.id) : undefined
      return route ? withAnchor(route, link.anchor) : undefined
    }
    case 'email':
      return link.email || link.url ? `mailto:${link.email || link.url}` : undefined
    default:
      return link.url || link.cached_url ? withAnchor(link.url || link.cached_url || '', link.anchor) : undefined
  }
}
