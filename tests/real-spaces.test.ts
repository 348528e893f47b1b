/**
 * Content as real spaces hold it, beside the pages our demo has: data stories of other content
 * types (authors, categories, a `global` story), assets that are no image or a plain URL string,
 * and content that names things after Object's own members.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startCmsServer } from '../cms/api/server.ts'
import { loadSpace } from '../cms/api/space.ts'
import type { Blok, Story } from '../cms/content-model.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'
import { multilinkHref } from '../cms/links.ts'
import { renderRichText } from '../cms/richtext/index.ts'
import { safeUrl } from '../cms/url-policy.ts'
import { buildPayload } from '../pages/payload.ts'
import { siteIndex } from '../pages/site-index.ts'
import { siteOf } from '../pages/site.ts'
import { storiesInMemory, summarize } from '../pages/stories.ts'
import { wordsFor } from '../pages/translations.ts'
import { shareOf } from '../renderer/share.ts'
import { siteFiles } from '../scripts/engine/publish/site-files.ts'
import { payloadStage } from '../scripts/engine/render/payload-stage.ts'
import { builtPage, runBuild, tempDir, workDir } from './helpers/build.ts'
import { renderBlock } from './helpers/render.tsx'
import { storyOf } from './helpers/space.ts'

const SITE = { name: 'Real space', url: 'https://www.example.com' }

/** A space shaped like Storyblok's own demo space: pages, articles, and stories that are data. */
function realSpace(): Story[] {
  return [
    storyOf(1, 'home', { component: 'page', body: [{ _uid: 'l', component: 'all-articles' }] }, { name: 'Home' }),
    storyOf(2, 'article/first', {
      component: 'article',
      title: 'First',
      body: [
        {
          _uid: 'b',
          component: 'article-block',
          text: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Jane', marks: [{ type: 'link', attrs: { linktype: 'story', uuid: 'uuid-10', href: '/authors/jane' } }] }] }] },
        },
      ],
    }),
    storyOf(10, 'authors/jane', { component: 'author', name: 'Jane' }, { name: 'Jane' }),
    storyOf(11, 'authors/john', { component: 'author', name: 'John' }, { name: 'John' }),
    storyOf(12, 'categories', { component: 'categories' }, { name: 'Categories', position: -1 }),
    storyOf(13, 'global', { component: 'global', header: 'x' }, { name: 'Layout', position: -2 }),
  ]
}

describe('stories of content types without a page view', () => {
  const site = siteOf(storiesInMemory(realSpace()), SITE)

  it('should give routes only to page, article and project stories', () => {
    expect([...site.routes.keys()]).toEqual(['/article/first/', '/'])
  })

  it('should leave them out of the navigation, the lists and the sitemap', () => {
    expect(site.shell.nav.map((item) => item.label)).toEqual(['Home'])
    expect(site.index.lists.article.map((card) => card.route)).toEqual(['/article/first/'])
    const sitemap = siteFiles({ site, summaries: realSpace().map(summarize) }).find((file) => file.path === 'sitemap.xml')!
    expect(sitemap.body).not.toMatch(/authors|categories|global/)
    expect(sitemap.body).toContain('https://www.example.com/article/first/')
  })

  it('should count them per content type for the build summary', () => {
    expect([...site.notPages]).toEqual([['author', 2], ['categories', 1], ['global', 1]])
  })

  it('should render a link to one as text, warning in the linking story', () => {
    const result = site.payloadFor('/article/first/')!
    expect(result.payload.links).toEqual({})
    expect(result.brokenLinks).toEqual([])
    expect(result.problems).toEqual(['a link to "authors/jane", a story of content type "author" that is not a page, renders as text'])
    expect(renderBlock((result.payload.story.content.body as Blok[])[0]!, { payload: result.payload })).toContain('<p>Jane</p>')
  })
})

describe('assets as real spaces hold them', () => {
  const PDF = { id: 5, filename: 'https://a.storyblok.com/f/39898/x/1c2f1e3f/brochure.pdf', alt: '' }
  const PHOTO = 'https://a.storyblok.com/f/39898/1200x800/d1e2f3/photo.jpg'

  it('should render a non-image asset in an image place as nothing, never a broken <img>', () => {
    expect(renderBlock({ _uid: 't', component: 'teaser', headline: 'H', image: PDF })).not.toContain('<img')
    expect(renderBlock({ _uid: 't', component: 'teaser', headline: 'H', image: PDF })).not.toContain('has-image')
  })

  it('should accept a legacy image field stored as a plain URL string, protocol-relative included', () => {
    const story = storyOf(3, 'p', { component: 'page', body: [{ _uid: 't', component: 'teaser', headline: 'H', image: PHOTO.replace('https:', '') }] })
    const { payload } = buildPayload(story, siteIndex([summarize(story)]))
    const html = renderBlock((payload.story.content.body as Blok[])[0]!, { payload })
    expect(html).toContain(`src="${PHOTO}/m/1200x0/filters:quality(75):format(webp)"`)
    expect(html).toMatch(/width="1200" height="800"/)
  })

  it('should give every <img> its size from the asset URL and no srcset candidate wider than the original', () => {
    const html = renderBlock({ _uid: 'f', component: 'feature', name: 'F', image: { filename: PHOTO } })
    expect(html).toMatch(/width="1200" height="800"/)
    const widths = [...html.matchAll(/ (\d+)w/g)].map((match) => Number(match[1]))
    expect(widths).toEqual([600, 960, 1200])
  })

  it("should crop the share image around the asset's focus point", () => {
    const story = storyOf(4, 'article/x', { component: 'article', title: 'X', image: { filename: PHOTO, focus: '600x200:601x201' } })
    const { payload } = buildPayload(story, siteIndex([summarize(story)]))
    expect(shareOf(payload, SITE).image?.url).toBe(`${PHOTO}/m/1200x630/filters:focal(600x200:601x201):quality(80):format(jpeg)`)
  })
})

describe('content named after Object members', () => {
  const NAMES = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__']

  it('should build payloads and pages for blocks, links and fields named after Object members', () => {
    for (const name of NAMES) {
      const story = storyOf(5, `p-${name}`, {
        component: 'page',
        body: [
          { _uid: 'a', component: name },
          { _uid: 'b', component: 'button', label: 'Go', link: { linktype: 'story', id: name } },
          JSON.parse(`{ "_uid": "c", "component": "teaser", "headline": "H", "${name}": { "x": 1 } }`),
        ],
      })
      const site = siteOf(storiesInMemory([story]), SITE)
      const { payload, brokenLinks } = site.payloadFor(site.routes.keys().next().value!)!
      expect(brokenLinks, name).toEqual([name])
      expect(Object.getPrototypeOf((payload.story.content.body as Blok[])[2]), name).toBe(Object.prototype)
      expect(() => renderBlock(payload.story.content, { payload }), name).not.toThrow()
    }
  })

  it('should find no route, word or entity for such a name', () => {
    for (const name of NAMES) {
      expect(multilinkHref({ linktype: 'story', id: name }, {}), name).toBeUndefined()
      expect(renderRichText({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { linktype: 'story', uuid: name } }] }] }] }, { links: {} }), name).toBe('<p>x</p>')
      expect(wordsFor(name), name).toBeUndefined()
      expect(safeUrl(`java&${name};script:alert(1)`, 'link'), name).toBe(`java&${name};script:alert(1)`)
    }
  })

  it("should name the story when a page's payload step fails", () => {
    const story = storyOf(6, 'broken', { component: 'page', body: [{ _uid: 'l', component: 'all-projects' }] })
    // An index without its lists makes the list block's step fail.
    const index = { ...siteIndex([summarize(story)]), lists: {} } as unknown as ReturnType<typeof siteIndex>
    const job = { route: '/broken/', fullSlug: 'broken', story: { uuid: story.uuid } as never, existing: {} }
    expect(() => payloadStage(job, index, { shell: { site: SITE, nav: [], footer: [] }, shellFile: '/s.json' }, () => story)).toThrow(/^Story "broken" \(id 6\): /)
  })
})

describe('a build of a space with data stories', () => {
  it('should build no page for them, list them once per content type, survive a block named constructor and read a wrong-typed field as empty', async () => {
    const space = structuredClone(loadSpace(DEMO_SPACE_DIR))
    space.stories.push(
      storyOf(9001, 'authors/jane', { component: 'author', name: 'Jane' }),
      storyOf(9002, 'authors/john', { component: 'author', name: 'John' }),
      storyOf(9003, 'global', { component: 'global' }, { position: -100 }),
    )
    const home = space.stories.find((story) => story.full_slug === 'home')!
    ;(home.content.body as Blok[]).push({ _uid: 'proto', component: 'constructor' }, { _uid: 'old', component: 'teaser', headline: 42, text: 'Kept beside a headline of the wrong type' })
    const cms = await startCmsServer({ space })
    const out = join(tempDir('real-space'), 'dist')
    const work = workDir('real-space')
    try {
      const run = await runBuild(['--out', out, '--work-dir', work], { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: space.tokens.public, STORYBLOK_LANGUAGES: 'none', SITE_URL: 'https://ateliernord.example' })
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).toContain('  Not pages (data stories, no route): author 2, global 1\n')
      expect(run.stdout).toContain('Block component "constructor" is not registered (used in home): it renders nothing.')
      // A field of the wrong type (checked against cms/model/components.ts) is read as empty, named.
      expect(run.stdout).toContain(`Story "home" (id ${home.id}): teaser.headline is a number, not text; it is read as empty.`)
      expect(builtPage(out, '/')('.teaser').last().text()).toBe('Kept beside a headline of the wrong type')
      expect(existsSync(join(out, 'authors'))).toBe(false)
      expect(existsSync(join(out, 'global'))).toBe(false)
      expect(readFileSync(join(out, 'sitemap.xml'), 'utf8')).not.toMatch(/authors|global/)
      expect(builtPage(out, '/')('header nav a').text()).not.toMatch(/Story 900/)
    } finally {
      await cms.close()
      rmSync(dirname(out), { recursive: true, force: true })
      rmSync(work, { recursive: true, force: true })
    }
  }, 120_000)
})
