import * as cheerio from 'cheerio'
import { describe, expect, it } from 'vitest'
import { atomFeed } from '../pages/feed.ts'
import { robotsTxt, sitemapFiles } from '../pages/sitemap.ts'
import { escapeXml } from '../pages/xml.ts'

const SITE = 'https://studio.example'

function locs(xml: string): string[] {
  const $ = cheerio.load(xml, { xml: true })
  return $('loc').map((_, element) => $(element).text()).get()
}

describe('sitemapFiles', () => {
  it('should list every route as an absolute URL with its lastmod, in route order', () => {
    const [file, ...rest] = sitemapFiles({ siteUrl: SITE, entries: [{ route: '/b/', lastmod: '2024-05-01T10:00:00.000Z' }, { route: '/', lastmod: null }, { route: '/a/' }] })
    expect(rest).toEqual([])
    expect(file!.path).toBe('sitemap.xml')
    expect(locs(file!.body)).toEqual([`${SITE}/`, `${SITE}/a/`, `${SITE}/b/`])
    expect(file!.body).toContain(`<url><loc>${SITE}/b/</loc><lastmod>2024-05-01T10:00:00.000Z</lastmod></url>`)
    expect(file!.body).toContain(`<url><loc>${SITE}/</loc></url>`)
  })

  it('should percent-encode routes in UTF-8 and escape XML specials', () => {
    const [file] = sitemapFiles({ siteUrl: SITE, entries: [{ route: '/über-uns/' }, { route: "/a&b'/" }] })
    expect(locs(file!.body)).toContain(`${SITE}/%C3%BCber-uns/`)
    expect(file!.body).toContain('a&amp;b')
    expect(() => cheerio.load(file!.body, { xml: true })).not.toThrow()
  })

  it('should leave out a lastmod that is not a date', () => {
    const [file] = sitemapFiles({ siteUrl: SITE, entries: [{ route: '/', lastmod: 'yesterday' }] })
    expect(file!.body).not.toContain('<lastmod>')
  })

  it('should become an index of files past the URL limit, each file within it', () => {
    const entries = Array.from({ length: 7 }, (_, i) => ({ route: `/p-${i}/`, lastmod: `2024-01-0${i + 1}T00:00:00.000Z` }))
    const files = sitemapFiles({ siteUrl: SITE, entries, limit: 3 })
    expect(files.map((file) => file.path)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml'])
    expect(files[0]!.body).toContain('<sitemapindex')
    expect(locs(files[0]!.body)).toEqual([`${SITE}/sitemap-1.xml`, `${SITE}/sitemap-2.xml`, `${SITE}/sitemap-3.xml`])
    // Each part's lastmod in the index is its newest entry's.
    expect(files[0]!.body).toContain(`<loc>${SITE}/sitemap-1.xml</loc><lastmod>2024-01-03T00:00:00.000Z</lastmod>`)
    expect(files.slice(1).map((file) => locs(file.body).length)).toEqual([3, 3, 1])
  })

  it('should refuse a limit that is not a whole number of at least 1', () => {
    expect(() => sitemapFiles({ siteUrl: SITE, entries: [], limit: 0 })).toThrow(/limit/)
  })
})

describe('robotsTxt', () => {
  it('should allow everything and name the sitemap when the site URL is known', () => {
    expect(robotsTxt({ siteUrl: SITE, preview: false })).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`)
  })

  it('should name no sitemap without a site URL', () => {
    expect(robotsTxt({ preview: false })).toBe('User-agent: *\nAllow: /\n')
  })

  it('should keep robots out of a preview build', () => {
    expect(robotsTxt({ siteUrl: SITE, preview: true })).toBe('User-agent: *\nDisallow: /\n')
  })
})

describe('atomFeed', () => {
  const entries = [
    { route: '/blog/old/', title: 'Old', summary: 'First <post>', published: '2023-01-01T00:00:00.000Z' },
    { route: '/blog/new/', title: 'New & shiny', published: '2024-02-01T00:00:00.000Z', updated: '2024-03-01T00:00:00.000Z' },
    { route: '/blog/undated/', title: 'Undated', published: null },
  ]

  it('should list dated entries newest first with absolute URLs, leaving out undated ones', () => {
    const { path, body } = atomFeed({ siteUrl: SITE, siteName: 'Studio', entries })
    expect(path).toBe('feed.xml')
    const $ = cheerio.load(body, { xml: true })
    expect($('entry > id').map((_, element) => $(element).text()).get()).toEqual([`${SITE}/blog/new/`, `${SITE}/blog/old/`])
    expect($('entry > title').first().text()).toBe('New & shiny')
    expect($('entry > summary').text()).toBe('First <post>')
    expect($('feed > updated').text()).toBe('2024-03-01T00:00:00.000Z')
    expect($('feed > link[rel=self]').attr('href')).toBe(`${SITE}/feed.xml`)
  })

  it('should list at most `limit` entries', () => {
    const { body } = atomFeed({ siteUrl: SITE, siteName: 'Studio', entries, limit: 1 })
    expect(cheerio.load(body, { xml: true })('entry')).toHaveLength(1)
  })
})

describe('escapeXml', () => {
  it('should escape the XML specials and drop characters XML does not allow', () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001\uD800`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;')
  })
})
