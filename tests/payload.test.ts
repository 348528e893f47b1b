import { describe, expect, it } from 'vitest'
import { buildPayload } from '../pages/payload.ts'
import { siteIndex } from '../pages/site-index.ts'
import { summarize } from '../pages/stories.ts'
import { payloadWith, renderBlock } from './helpers/render.tsx'
import { storyOf } from './helpers/space.ts'

const project = (id: number, date: string, extra = {}) =>
  storyOf(id, `projects/p${id}`, { component: 'project', title: `P${id}`, description: `About ${id}`, body: [{ _uid: 'x', component: 'teaser', _editable: '<!--#storyblok#{}-->' }], ...extra }, { first_published_at: date })

const p1 = project(1, '2025-01-01', { related: ['uuid-2', 'uuid-404'], _editable: '<!--#storyblok#{}-->' })
const p2 = project(2, '2025-03-01')
const p3 = project(3, '2025-02-01')
const home = storyOf(10, 'home', {
  component: 'page',
  body: [
    { _uid: 'a', component: 'all-projects', limit: '2' },
    { _uid: 'b', component: 'teaser', link: { linktype: 'story', id: 'uuid-3', story: { full_slug: 'stale' } } },
    { _uid: 'c', component: 'teaser', link: { linktype: 'story', id: 'uuid-gone' } },
  ],
})
const index = siteIndex([p1, p2, p3, home].map(summarize))

describe('payload', () => {
  it("should keep the SEO app field's non-empty texts and only image URLs the policy allows", () => {
    const seo = { _uid: 's', plugin: 'seo_metatags', title: ' Title ', description: '', og_image: 'javascript:alert(1)', twitter_image: { filename: 'https://a.storyblok.com/f/1/1200x630/h/x.jpg' }, extra: 'x' }
    const result = buildPayload(storyOf(40, 'seo', { component: 'page', seo }), index)
    expect(result.payload.story.content.seo).toEqual({ plugin: 'seo-metatags', title: 'Title', twitter_image: 'https://a.storyblok.com/f/1/1200x630/h/x.jpg' })
    expect(result.problems.join('\n')).toContain('javascript:alert(1)')
  })

  it('should carry rich text as sanitized HTML with story links resolved, not as a document', () => {
    const story = storyOf(20, 'blog/post', {
      component: 'article-block',
      text: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'see', marks: [{ type: 'link', attrs: { linktype: 'story', uuid: 'uuid-3', href: '/stale' } }] }] },
          { type: 'paragraph', content: [{ type: 'text', text: '<script>x</script>' }] },
        ],
      },
    })
    const { payload } = buildPayload(story, index)
    expect(payload.story.content.text).toEqual({ type: 'html', html: '<p><a href="/projects/p3/">see</a></p><p>&#x3C;script>x&#x3C;/script></p>' })
  })

  it('should take blocks embedded in rich text out as content, marking their places in the HTML', () => {
    const paragraph = (value: string) => ({ type: 'paragraph', content: [{ type: 'text', text: value }] })
    const embedded = { _uid: 'e', component: 'teaser', headline: 'Inside', _editable: '<!--#storyblok#{}-->' }
    const story = storyOf(21, 'blog/embed', {
      component: 'article-block',
      text: { type: 'doc', content: [paragraph('before <!--blok:0-->'), { type: 'blok', attrs: { id: 'x', body: [embedded] } }, paragraph('after')] },
    })
    const { payload } = buildPayload(story, index)
    expect(payload.story.content.text).toEqual({
      type: 'html',
      html: '<p>before &#x3C;!--blok:0--></p><!--blok:0--><p>after</p>',
      bloks: [[{ _uid: 'e', component: 'teaser', headline: 'Inside' }]],
    })
    const html = renderBlock(payload.story.content, { payload })
    expect(html).toMatch(/<p>before &#x3C;!--blok:0--><\/p><\/div><div class="prose-blok"><section class="teaser"><div class="teaser-text"><h2 dir="auto">Inside<\/h2>/)
    expect(html).toContain('<p>after</p>')
  })

  it('should keep only the asset and link fields components read', () => {
    const story = storyOf(30, 'x', {
      component: 'teaser',
      image: { id: 5, filename: 'https://a.storyblok.com/f/1/10x10/h/a.jpg', alt: 'A', title: '', name: 'n', focus: '', copyright: 'c', fieldtype: 'asset', is_external_url: false },
      link: { id: '', url: 'https://x.example', cached_url: 'https://x.example', linktype: 'url', fieldtype: 'multilink', target: '_blank', anchor: '' },
    })
    const { content } = buildPayload(story, index).payload.story
    expect(content.image).toEqual({ filename: 'https://a.storyblok.com/f/1/10x10/h/a.jpg', alt: 'A' })
    expect(content.link).toEqual({ linktype: 'url', url: 'https://x.example', cached_url: 'https://x.example', target: '_blank' })
  })

  it('should drop editor markers everywhere', () => {
    expect(JSON.stringify(buildPayload(p1, index).payload)).not.toContain('_editable')
  })

  it('should turn relations into cards and drop unresolvable ones', () => {
    const related = buildPayload(p1, index).payload.story.content.related as { uuid: string; content: object }[]
    expect(related.map((card) => card.uuid)).toEqual(['uuid-2'])
    expect(related[0]!.content).toEqual({ _uid: 'blok-2', component: 'project', title: 'P2', description: 'About 2' })
  })

  it('should resolve story links to routes, drop attached story objects and report broken links', () => {
    const { payload, brokenLinks } = buildPayload(home, index)
    expect(payload.links).toEqual({ 'uuid-3': '/projects/p3/' })
    expect(JSON.stringify(payload)).not.toContain('stale')
    expect(brokenLinks).toEqual(['uuid-gone'])
  })

  it('should depend on the stories its kept content links to or relates, in link fields and rich text alike', () => {
    const mark = (uuid: string) => ({ type: 'link', attrs: { linktype: 'story', uuid } })
    const story = storyOf(50, 'deps', {
      component: 'page',
      body: [
        { _uid: 'l', component: 'teaser', link: { linktype: 'story', id: 'uuid-3' } },
        { _uid: 'r', component: 'project', related: ['uuid-2', 'uuid-404'] },
        { _uid: 't', component: 'article-block', text: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [mark('uuid-1')] }, { type: 'text', text: 'y', marks: [mark('uuid-missing')] }] }] } },
        // Content the payload drops shows no link, so the page does not depend on it.
        { _uid: 'h', component: 'teaser', headline: { type: 'html', content: [{ type: 'text', text: 'x', marks: [mark('uuid-10')] }] } },
      ],
    })
    const { payload, dependsOn, brokenLinks } = buildPayload(story, index)
    expect(new Set(dependsOn)).toEqual(new Set(['uuid-3', 'uuid-2', 'uuid-404', 'uuid-1', 'uuid-missing']))
    expect(payload.links).toEqual({ 'uuid-3': '/projects/p3/', 'uuid-1': '/projects/p1/' })
    expect(new Set(brokenLinks)).toEqual(new Set(['uuid-missing']))
  })

  it('should name the component of every block it keeps, blocks inside rich text included', () => {
    const story = storyOf(51, 'blocks', {
      component: 'page',
      body: [{ _uid: 'g', component: 'grid', columns: [{ _uid: 'f', component: 'feature' }] }],
      text: { type: 'doc', content: [{ type: 'blok', attrs: { id: 'x', body: [{ _uid: 'e', component: 'unknown-thing' }] } }] },
    })
    expect(buildPayload(story, index).components).toEqual(new Set(['page', 'grid', 'feature', 'unknown-thing']))
  })

  it('should ship exactly the projects the all-projects block shows, whatever the limit says', () => {
    for (const [limit, shown] of [['0.5', 3], ['2.9', 2], ['0', 3], ['-1', 3], ['many', 3], ['', 3], [1, 1]] as const) {
      const blok = { _uid: 'ap', component: 'all-projects', limit }
      const { payload } = buildPayload(storyOf(40, 'list', { component: 'page', body: [blok] }), index)
      const html = renderBlock(blok, { payload: payloadWith(blok, { lists: payload.lists }) })
      expect(payload.lists?.project, `limit ${limit}`).toHaveLength(shown)
      expect(html.match(/class="card"/g) ?? [], `limit ${limit}`).toHaveLength(shown)
    }
  })

  it('should include the newest projects up to the largest all-projects limit, and only where needed', () => {
    expect(buildPayload(home, index).payload.lists?.project!.map((card) => card.uuid)).toEqual(['uuid-2', 'uuid-3'])
    expect(buildPayload(p1, index).payload.lists?.project).toBeUndefined()
  })

  it('should page a long article list like a project list, newest first, leaving the project list alone', () => {
    const articles = Array.from({ length: 30 }, (_, i) => storyOf(100 + i, `blog/a${i}`, { component: 'article', title: `A${i}` }, { first_published_at: `2025-01-01T00:${String(i).padStart(2, '0')}:00.000Z` }))
    const journal = storyOf(200, 'blog/', { component: 'page', body: [{ _uid: 'j', component: 'all-articles', limit: '' }, { _uid: 'p', component: 'all-projects', limit: '2' }] }, { is_startpage: true })
    const site = siteIndex([...articles, journal, p1, p2, p3].map(summarize))
    const first = buildPayload(journal, site)
    expect(first.payload.lists!.article!.map((entry) => entry.name)[0]).toBe('Story 129')
    expect(first.payload.lists!.article).toHaveLength(24)
    expect(first.payload.lists!.project).toHaveLength(2)
    expect(first.payload.pagination).toEqual({ page: 1, next: '/blog/page/2/' })
    expect(first.listsShown).toEqual({ article: { from: 0, to: 25 }, project: { from: 0, to: 2 } })
    const second = buildPayload(journal, site, { page: 2 })
    expect(second.payload.route).toBe('/blog/page/2/')
    expect(second.payload.lists).toEqual({ article: site.lists.article.slice(24) })
    expect(second.payload.pagination).toEqual({ page: 2, prev: '/blog/' })
    // Its window runs to the end of a full second page and one more: entries there would change it.
    expect(second.listsShown).toEqual({ article: { from: 24, to: 49 } })
  })
})
