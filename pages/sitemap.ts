/**
 * `sitemap.xml` and `robots.txt` for a build: pure functions from the site's routes to file
 * contents (scripts/engine/publish/site-files.ts writes them). A site with languages lists every version of
 * a page with its hreflang alternates. A sitemap needs absolute URLs, so there is one
 * only when `SITE_URL` is set; a preview build (drafts, for the visual editor) has none and tells
 * robots to stay away.
 */
import type { Alternate } from './build-contract.ts'
import { escapeXml, isoDate } from './xml.ts'

/** The sitemap protocol's limit of URLs per file; past it the sitemap becomes an index of files. */
export const SITEMAP_URL_LIMIT = 50_000

export interface SitemapEntry {
  route: string
  /** When the story was last published (ISO 8601), if known. */
  lastmod?: string | null
  /** The page in every language of the site (pages/languages.ts), written as `xhtml:link` hreflang alternates. */
  alternates?: Alternate[]
}

export interface SitemapOptions {
  /** The site's origin (`SITE_URL`), without a trailing slash. */
  siteUrl: string
  entries: SitemapEntry[]
  /** URLs per file (SITEMAP_URL_LIMIT by default; smaller only in tests). */
  limit?: number
}

export interface TextFile {
  path: string
  body: string
}

const HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'
/** The namespace of hreflang alternates in a sitemap (Google's format). */
const XHTML = 'http://www.w3.org/1999/xhtml'

/** An absolute URL for a route: its path percent-encoded as links and servers have it. */
export function absoluteUrl(siteUrl: string, route: string): string {
  return new URL(route, `${siteUrl}/`).href
}

function alternateLinks(siteUrl: string, alternates: SitemapEntry['alternates']): string {
  if (!alternates?.length) return ''
  const link = (hreflang: string, route: string) => `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(absoluteUrl(siteUrl, route))}"/>`
  return [...alternates.map(({ language, route }) => link(language, route)), link('x-default', alternates[0]!.route)].join('')
}

function urlset(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ route, lastmod, alternates }) => {
    const date = isoDate(lastmod)
    return `<url><loc>${escapeXml(absoluteUrl(siteUrl, route))}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}${alternateLinks(siteUrl, alternates)}</url>`
  })
  // The xhtml namespace only where alternates are written, so a one-language sitemap keeps its bytes.
  const xhtml = entries.some((entry) => entry.alternates?.length) ? ` xmlns:xhtml="${XHTML}"` : ''
  return `${HEADER}<urlset xmlns="${NAMESPACE}"${xhtml}>\n${urls.join('\n')}\n</urlset>\n`
}

/**
 * `sitemap.xml` listing every route; past `limit` URLs it is an index of `sitemap-1.xml`,
 * `sitemap-2.xml`, … (each with at most `limit`), as the protocol requires.
 */
export function sitemapFiles({ siteUrl, entries, limit = SITEMAP_URL_LIMIT }: SitemapOptions): TextFile[] {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`sitemapFiles: limit must be a whole number of at least 1, got ${limit}.`)
  const sorted = [...entries].sort((a, b) => (a.route < b.route ? -1 : a.route > b.route ? 1 : 0))
  if (sorted.length <= limit) return [{ path: 'sitemap.xml', body: urlset(siteUrl, sorted) }]
  const parts: TextFile[] = []
  for (let start = 0; start < sorted.length; start += limit) {
    parts.push({ path: `sitemap-${parts.length + 1}.xml`, body: urlset(siteUrl, sorted.slice(start, start + limit)) })
  }
  const newest = (part: SitemapEntry[]) => part.map(({ lastmod }) => isoDate(lastmod)).filter(Boolean).sort().pop()
  const index = parts.map(({ path }, i) => {
    const date = newest(sorted.slice(i * limit, (i + 1) * limit))
    return `<sitemap><loc>${escapeXml(absoluteUrl(siteUrl, `/${path}`))}</loc>${date ? `<lastmod>${date}</lastmod>` : ''}</sitemap>`
  })
  return [{ path: 'sitemap.xml', body: `${HEADER}<sitemapindex xmlns="${NAMESPACE}">\n${index.join('\n')}\n</sitemapindex>\n` }, ...parts]
}

/** `robots.txt`: everything allowed and the sitemap named; a preview build disallows everything. */
export function robotsTxt({ siteUrl, preview }: { siteUrl?: string; preview: boolean }): string {
  if (preview) return 'User-agent: *\nDisallow: /\n'
  return `User-agent: *\nAllow: /\n${siteUrl ? `\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n` : ''}`
}
