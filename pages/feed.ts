/**
 * The journal's Atom feed (`feed.xml`, and `<code>/feed.xml` for each other language): the newest articles with absolute URLs, as feed readers
 * need them. A pure function of the site's article summaries (scripts/engine/publish/site-files.ts writes it);
 * without `SITE_URL` there are no absolute URLs, so no feed.
 */
import { absoluteUrl, type TextFile } from './sitemap.ts'
import { escapeXml, isoDate } from './xml.ts'

/** Articles a feed lists: the newest, as most sites' feeds do. */
export const FEED_ENTRIES = 20

/** Where the feed is served, and what pages link to. */
export const FEED_ROUTE = '/feed.xml'

/** The content type of the journal's entries. */
export const FEED_TYPE = 'article'

export interface FeedEntry {
  route: string
  title: string
  summary?: string
  /** First publication (ISO 8601): the order of the feed, and each entry's `published`. */
  published?: string | null
  /** Last publication, the entry's `updated` (the first one when absent). */
  updated?: string | null
}

export interface FeedOptions {
  siteUrl: string
  siteName: string
  entries: FeedEntry[]
  /** Entries listed (FEED_ENTRIES by default). */
  limit?: number
  /** Where the feed is served: FEED_ROUTE, or a language's (`/de/feed.xml`). */
  route?: string
  /** The site's home page: `/`, or a language's (`/de/`). */
  home?: string
  /** The language of a language's feed (`xml:lang`); the default site's says none, as before. */
  language?: string
}

/** The Atom document, newest entry first; entries without a valid publication date are left out. */
export function atomFeed({ siteUrl, siteName, entries, limit = FEED_ENTRIES, route = FEED_ROUTE, home = '/', language }: FeedOptions): TextFile {
  const dated = entries
    .map((entry) => ({ ...entry, published: isoDate(entry.published) }))
    .filter((entry): entry is FeedEntry & { published: string } => entry.published !== undefined)
    .sort((a, b) => (a.published < b.published ? 1 : a.published > b.published ? -1 : a.route < b.route ? -1 : 1))
    .slice(0, limit)
  const items = dated.map((entry) => {
    const url = escapeXml(absoluteUrl(siteUrl, entry.route))
    const updated = isoDate(entry.updated) ?? entry.published
    return [
      '<entry>',
      `<title>${escapeXml(entry.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${url}"/>`,
      `<id>${url}</id>`,
      `<published>${entry.published}</published>`,
      `<updated>${updated > entry.published ? updated : entry.published}</updated>`,
      entry.summary ? `<summary>${escapeXml(entry.summary)}</summary>` : '',
      '</entry>',
    ].filter(Boolean).join('\n')
  })
  // The feed changes when its newest entry does: its `updated` is that entry's.
  const updated = dated.map((entry) => isoDate(entry.updated) ?? entry.published).sort().pop() ?? new Date(0).toISOString()
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom"${language ? ` xml:lang="${escapeXml(language)}"` : ''}>`,
    `<title>${escapeXml(siteName)}</title>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl(siteUrl, home))}"/>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(absoluteUrl(siteUrl, route))}"/>`,
    `<id>${escapeXml(absoluteUrl(siteUrl, route))}</id>`,
    `<updated>${updated}</updated>`,
    `<author><name>${escapeXml(siteName)}</name></author>`,
    ...items,
    '</feed>',
    '',
  ].join('\n')
  return { path: route.slice(1), body }
}
