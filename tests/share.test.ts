/** Share tags, structured data, breadcrumbs and the document's language (renderer/share.ts, renderer/structured-data.ts, pages/breadcrumbs.ts, renderer/document.tsx). */
import { describe, expect, it } from 'vitest'
import { ancestorRoutes, breadcrumbs } from '../pages/breadcrumbs.ts'
import { buildPayload } from '../pages/payload.ts'
import { siteIndex } from '../pages/site-index.ts'
import { summarize } from '../pages/stories.ts'
import type { RoutePayload, SiteInfo } from '../pages/build-contract.ts'
import type { PageContext } from 'vike/types'
import { renderDocument } from '../renderer/document.tsx'
import { headOf } from '../renderer/head.ts'
import { firstLargeImage, shareImage, shareOf, shareTags } from '../renderer/share.ts'
import { jsonLdScript, structuredData, HEADLINE_LENGTH } from '../renderer/structured-data.ts'
import { payloadWith } from './helpers/render.tsx'
import { storyOf } from './helpers/space.ts'

const SITE: SiteInfo = { name: 'Studio', url: 'https://studio.example', description: 'A studio.' }
const STORYBLOK = 'https://a.storyblok.com/f/1/2400x1600/abc/photo.jpg'

const article = (content: Record<string, unknown> = {}, extra: Partial<RoutePayload> = {}) =>
  payloadWith({ _uid: 'a', component: 'article', title: 'A title', teaser: 'The teaser.', ...content }, { route: '/blog/a-title/', ...extra })

describe('firstLargeImage', () => {
  it('should find the first large raster image in field order, nested blocks included', () => {
    const content = { _uid: 'p', component: 'page', body: [{ _uid: 'i', component: 'teaser', image: { filename: '/x/300x200/small.jpg' } }, { _uid: 'j', component: 'feature', image: { filename: STORYBLOK } }] }
    expect(firstLargeImage(content)?.filename).toBe(STORYBLOK)
  })

  it('should pass over SVG and GIF, which share cards do not show', () => {
    expect(firstLargeImage({ a: { filename: '/x/1200x800/a.svg' }, b: { filename: 'https://cdn.example/1200x800/b.gif' } })).toBeUndefined()
  })

  it('should pass over the images of related stories’ cards', () => {
    expect(firstLargeImage({ related: [{ uuid: 'u', route: '/p/', content: { image: { filename: STORYBLOK } } }] })).toBeUndefined()
  })
})

describe('shareImage', () => {
  it('should crop a Storyblok image to 1200×630 through the image service', () => {
    expect(shareImage(STORYBLOK, undefined, 'Alt')).toEqual({ url: `${STORYBLOK}/m/1200x630/filters:quality(80):format(jpeg)`, width: 1200, height: 630, alt: 'Alt' })
  })

  it('should make a relative URL absolute against SITE_URL, and give up without one', () => {
    expect(shareImage('/img/1200x630/share.jpg', SITE.url)).toEqual({ url: 'https://studio.example/img/1200x630/share.jpg', width: 1200, height: 630 })
    expect(shareImage('/img/share.jpg', undefined)).toBeUndefined()
  })
})

describe('shareOf and shareTags', () => {
  it('should derive title, description, image and dates of an article', () => {
    const payload = article({ image: { filename: STORYBLOK, alt: 'A photo' } })
    payload.story.published_at = '2025-06-01T00:00:00.000Z'
    const share = shareOf(payload, SITE, 'https://studio.example/blog/a-title/')
    expect(share).toMatchObject({ type: 'article', title: 'A title', description: 'The teaser.', siteName: 'Studio', url: 'https://studio.example/blog/a-title/', published: '2025-05-01T10:00:00.000Z', modified: '2025-06-01T00:00:00.000Z' })
    expect(share.image?.alt).toBe('A photo')
    expect(share.twitter).toEqual({ title: 'A title', description: 'The teaser.', image: share.image })
  })

  it('should let the SEO app field win over what is derived', () => {
    const seo = { plugin: 'seo-metatags', title: 'SEO title', og_title: 'OG title', og_description: 'OG text', og_image: STORYBLOK, twitter_title: 'Tweet title' }
    const share = shareOf(article({ seo }), SITE)
    expect(share).toMatchObject({ title: 'OG title', description: 'OG text', twitter: { title: 'Tweet title', description: 'OG text' } })
    expect(share.image?.url).toContain('/m/1200x630/')
  })

  it("should fall back to the site's share image, and to a summary card without any image", () => {
    const withSiteImage = shareOf(article(), { ...SITE, image: { url: '/share/1200x630/s.jpg', alt: 'Studio' } })
    expect(withSiteImage.image).toEqual({ url: 'https://studio.example/share/1200x630/s.jpg', width: 1200, height: 630, alt: 'Studio' })
    expect(shareTags(shareOf(article(), SITE))).toContain('<meta name="twitter:card" content="summary">')
  })

  it('should name the page’s locale and its other versions’ on a page with languages, and none without', () => {
    const payload = article()
    expect(shareTags(shareOf(payload, SITE))).not.toContain('og:locale')
    payload.alternates = [{ language: 'en', route: '/blog/a/' }, { language: 'pt-br', route: '/pt-br/blog/a/' }, { language: 'de', route: payload.route }]
    const tags = shareTags(shareOf(payload, SITE))
    expect(tags).toContain('<meta property="og:locale" content="de">\n<meta property="og:locale:alternate" content="en">\n<meta property="og:locale:alternate" content="pt_BR">\n')
  })

  it('should write the twitter tags only where they differ from Open Graph, which X falls back to', () => {
    const plain = shareTags(shareOf(article({ image: { filename: STORYBLOK } }), SITE))
    expect(plain).toContain('<meta name="twitter:card" content="summary_large_image">')
    expect(plain).not.toMatch(/twitter:(title|description|image)/)
    const own = shareTags(shareOf(article({ seo: { plugin: 'seo-metatags', twitter_title: 'For X', twitter_image: STORYBLOK } }), SITE))
    expect(own).toContain('<meta name="twitter:title" content="For X">')
    expect(own).toContain(`<meta name="twitter:image" content="${STORYBLOK}/m/1200x630/filters:quality(80):format(jpeg)">`)
    expect(own).not.toContain('twitter:description')
  })

  it('should escape every value', () => {
    const tags = shareTags(shareOf(article({ title: '"><script>alert(1)</script>' }), SITE))
    expect(tags).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"')
    expect(tags).not.toContain('<script>')
  })
})

describe('renderDocument', () => {
  const documentOf = (site: SiteInfo) => renderDocument({ is404: true, shell: { site, nav: [], footer: [] } } as unknown as PageContext)

  it("should give <html> the site's language, and dir=rtl for a right-to-left one", () => {
    expect(documentOf({ name: 'S' })).toContain('<html lang="en">')
    expect(documentOf({ name: 'S', language: 'de' })).toContain('<html lang="de">')
    expect(documentOf({ name: 'S', language: 'ar' })).toContain('<html lang="ar" dir="rtl">')
  })
})

describe('headOf', () => {
  const head = (payload: RoutePayload) => headOf({ payload, shell: { site: SITE, nav: [], footer: [] } } as unknown as PageContext)

  it("should take the SEO app field's title and description as they are", () => {
    expect(head(article({ seo: { plugin: 'seo-metatags', title: 'Written for search', description: 'Searchable.' } }))).toMatchObject({ title: 'Written for search', description: 'Searchable.' })
  })

  it('should derive them without one', () => {
    expect(head(article())).toMatchObject({ title: 'A title | Studio', description: 'The teaser.' })
  })
})

describe('structuredData', () => {
  it('should describe the organization on the home page', () => {
    const home = payloadWith({ _uid: 'h', component: 'page' }, { route: '/' })
    expect(structuredData(home, SITE, shareOf(home, SITE))).toEqual([{ '@context': 'https://schema.org', '@type': 'Organization', name: 'Studio', url: 'https://studio.example/', description: 'A studio.' }])
  })

  it('should describe an article with its dates and a headline within the limit', () => {
    const payload = article({ title: 'x'.repeat(200) })
    const [thing] = structuredData(payload, { name: 'Studio' }, shareOf(payload, { name: 'Studio' }))
    expect(thing).toMatchObject({ '@type': 'Article', datePublished: '2025-05-01T10:00:00.000Z', dateModified: '2025-05-01T10:00:00.000Z', author: { '@type': 'Organization', name: 'Studio' } })
    expect((thing!.headline as string).length).toBe(HEADLINE_LENGTH)
  })

  it('should list the breadcrumbs with absolute URLs, only when SITE_URL is set', () => {
    const payload = article({}, { breadcrumbs: [{ label: 'Home', route: '/' }, { label: 'Journal', route: '/blog/' }] })
    const list = structuredData(payload, SITE, shareOf(payload, SITE)).find((thing) => thing['@type'] === 'BreadcrumbList')
    expect(list?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://studio.example/' },
      { '@type': 'ListItem', position: 2, name: 'Journal', item: 'https://studio.example/blog/' },
      { '@type': 'ListItem', position: 3, name: 'A title', item: 'https://studio.example/blog/a-title/' },
    ])
    expect(structuredData(payload, { name: 'Studio' }, shareOf(payload, { name: 'Studio' })).map((thing) => thing['@type'])).toEqual(['Article'])
  })

  it('should write JSON that cannot end its script element early', () => {
    const script = jsonLdScript({ name: '</script><script>alert(1)</script><!--' })
    expect(script.match(/<\/script>/g)).toHaveLength(1)
    expect(JSON.parse(script.replace(/^<script[^>]*>|<\/script>\n$/g, ''))).toEqual({ name: '</script><script>alert(1)</script><!--' })
  })
})

describe('breadcrumbs', () => {
  it('should list every route above a route', () => {
    expect(ancestorRoutes('/')).toEqual([])
    expect(ancestorRoutes('/about/')).toEqual(['/'])
    expect(ancestorRoutes('/blog/2025/post/')).toEqual(['/', '/blog/', '/blog/2025/'])
  })

  it('should name the stories above a page and skip folders without a start page', () => {
    const stories = [storyOf(1, 'home', { component: 'page' }), storyOf(2, 'blog/', { component: 'page' }, { name: 'Journal', is_startpage: true }), storyOf(3, 'blog/2025/post', { component: 'article' })]
    const index = siteIndex(stories.map(summarize))
    expect(breadcrumbs('/blog/2025/post/', index.byRoute)).toEqual([{ label: 'Story 1', route: '/' }, { label: 'Journal', route: '/blog/' }])
    expect(buildPayload(stories[2]!, index).payload.breadcrumbs).toEqual([{ label: 'Story 1', route: '/' }, { label: 'Journal', route: '/blog/' }])
    expect(buildPayload(stories[0]!, index).payload).not.toHaveProperty('breadcrumbs')
  })
})
