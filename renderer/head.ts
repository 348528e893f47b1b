/**
 * The document title, description and canonical URL of a rendered page. A story's SEO app field
 * (docs/content-model.md, "SEO") wins over what is derived from its content.
 */

/** What a page's head is made of: the build makes it from these alone, without a whole page context. */
export type HeadContext = Pick<ViewContext, 'payload' | 'shell' | 'shellFile' | 'is404'>
import type { SeoMetatags } from '../cms/content-model.ts'
import type { Alternate, RoutePayload } from '../pages/build-contract.ts'
import { shellOf } from './shell.ts'
import type { ViewContext } from './view-context.ts'
import { ENGLISH, fill, wordsOf } from '../pages/words.ts'

/** The error pages' titles in English (pages/words.ts), which tests and servers look for. */
export const NOT_FOUND_TITLE = ENGLISH.notFound
export const SERVER_ERROR_TITLE = ENGLISH.serverError

export interface Head {
  title: string
  description?: string
  canonical?: string
  /** The neighbouring pages of a long project list (rel=prev/next). */
  prev?: string
  next?: string
  /** A preview build's pages: robots must not index them. */
  noindex?: boolean
  /** The journal's feed, linked from every page of a site that has one. */
  feed?: { href: string; title: string }
  /** hreflang links: the page in every language, then `x-default` (the default language's). */
  alternates?: { hreflang: string; href: string }[]
}

function field(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

export function storyTitle(payload: RoutePayload): string {
  return field(payload.story.content.title) ?? payload.story.name
}

/** The story's SEO app field as the payload step kept it (pages/trim-content.ts), or an empty one. */
export function seoOf(payload: RoutePayload): Partial<SeoMetatags> {
  const { seo } = payload.story.content
  return typeof seo === 'object' && seo !== null ? (seo as SeoMetatags) : {}
}

/** The page's description: the SEO field's, the story's own, or the site's. */
export function descriptionOf(payload: RoutePayload, fallback?: string): string | undefined {
  const { content } = payload.story
  return field(seoOf(payload).description) ?? field(content.description) ?? field(content.teaser) ?? fallback
}

/** Absolute with SITE_URL, as search engines want hreflang links; the route otherwise. */
function hreflangs(alternates: Alternate[], siteUrl?: string): Head['alternates'] {
  const href = (route: string) => (siteUrl ? new URL(route, siteUrl).href : route)
  return [...alternates.map(({ language, route }) => ({ hreflang: language, href: href(route) })), { hreflang: 'x-default', href: href(alternates[0]!.route) }]
}

export function headOf(pageContext: HeadContext): Head {
  const { payload } = pageContext
  const shell = shellOf(pageContext)
  const { site } = shell
  const words = wordsOf(shell)
  // A preview build's pages, error pages included, are for the editor, not for robots.
  const robots = site.noindex ? { noindex: true } : {}
  if (!payload) return { title: pageContext.is404 === false ? words.serverError : words.notFound, ...robots }
  const { pagination } = payload
  const page = pagination && pagination.page > 1 ? fill(words.titlePage, { page: pagination.page }) : ''
  const seoTitle = field(seoOf(payload).title)
  // The SEO field's title is the whole title: the editor wrote it for search results.
  const title = seoTitle ? `${seoTitle}${page}` : payload.route === '/' ? site.name : `${storyTitle(payload)}${page} | ${site.name}`
  return {
    title,
    ...robots,
    ...(site.feed ? { feed: { href: site.feed, title: `${site.name}: journal` } } : {}),
    ...(pagination?.prev ? { prev: pagination.prev } : {}),
    ...(pagination?.next ? { next: pagination.next } : {}),
    description: descriptionOf(payload, site.description),
    canonical: site.url ? new URL(payload.route, site.url).href : undefined,
    ...(payload.alternates ? { alternates: hreflangs(payload.alternates, site.url) } : {}),
  }
}
