import * as cheerio from 'cheerio'
import { describe, expect, it, vi } from 'vitest'
import { registry, resolveBlock } from '../blocks/registry.ts'
import { renderRichText } from '../cms/richtext/index.ts'
import type { Blok } from '../cms/content-model.ts'
import { BLOCK_NAMES } from '../cms/model/index.ts'
import type { StoryCard } from '../pages/build-contract.ts'
import { payloadWith, renderBlock } from './helpers/render.tsx'

const image = (name: string, size = '1200x800') => ({ id: 1, filename: `https://a.storyblok.com/f/1/${size}/abc/${name}.jpg`, alt: `${name} alt`, title: '' })
const card = (n: number): StoryCard => ({
  uuid: `p${n}`,
  route: `/projects/p${n}/`,
  name: `P${n}`,
  content: { _uid: `c${n}`, component: 'project', title: `Project ${n}`, description: `About ${n}`, image: image(`p${n}`) },
})
const $ = (html: string) => cheerio.load(html, null, false)

describe('registry', () => {
  it('should register every block of the content model', () => {
    expect(Object.keys(registry).sort()).toEqual([...BLOCK_NAMES].sort())
  })

  it('should accept kebab, Pascal and snake case names', () => {
    expect(resolveBlock('all-projects')).toBe(registry['all-projects'])
    expect(resolveBlock('AllProjects')).toBe(registry['all-projects'])
    expect(resolveBlock('all_projects')).toBe(registry['all-projects'])
    expect(resolveBlock('ArticleBlock')).toBe(registry['article-block'])
    expect(resolveBlock('toString')).toBeUndefined()
  })
})

describe('unknown blocks', () => {
  const unknown: Blok = { _uid: 'u1', component: 'carousel', _editable: '<!--#storyblok#{"name":"carousel","space":"1","uid":"u1","id":"9"}-->' }

  it('should render nothing for visitors', () => {
    expect(renderBlock(unknown)).toBe('')
  })

  it('should render a visible placeholder naming the component in the editor', () => {
    const html = $(renderBlock(unknown, { editor: true }))
    expect(html('.unknown-block').text()).toContain('carousel')
    expect(html('.unknown-block').attr('data-blok-uid')).toBe('9-u1')
  })

  it('should log an error naming the block and the story in the browser', async () => {
    vi.stubGlobal('window', {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    renderBlock(unknown)
    expect(error).toHaveBeenCalledWith('Block component "carousel" is not registered (story "test").')
    error.mockRestore()
    vi.unstubAllGlobals()
  })
})

describe('editable markers', () => {
  const teaser: Blok = { _uid: 't1', component: 'teaser', headline: 'Hi', _editable: '<!--#storyblok#{"name":"teaser","space":"1","uid":"t1","id":"42"}-->' }

  it('should add data-blok-c and data-blok-uid in the editor', () => {
    const section = $(renderBlock(teaser, { editor: true }))('section')
    expect(section.attr('data-blok-uid')).toBe('42-t1')
    expect(JSON.parse(section.attr('data-blok-c')!)).toEqual({ name: 'teaser', space: '1', uid: 't1', id: '42' })
  })

  it('should add nothing outside the editor, even when the content has markers', () => {
    expect(renderBlock(teaser)).not.toContain('data-blok')
  })

  it('should mark every block type', () => {
    for (const component of BLOCK_NAMES) {
      const blok = { _uid: 'x', component, _editable: `<!--#storyblok#{"name":"${component}","space":"1","uid":"x","id":"1"}-->` }
      expect(renderBlock(blok, { editor: true }), component).toContain('data-blok-uid="1-x"')
    }
  })
})

describe('blocks', () => {
  it('should render a page with its title as the one h1, falling back to the story name', () => {
    const html = $(renderBlock({ _uid: 'p', component: 'page', title: 'Welcome', body: [{ _uid: 't', component: 'teaser', headline: 'Hello' }] }))
    expect(html('h1').text()).toBe('Welcome')
    expect(html('h2').text()).toBe('Hello')
    expect($(renderBlock({ _uid: 'p', component: 'page', title: '' }))('h1').text()).toBe('Story name')
  })

  it('should render an article with title, date, teaser, eager lead image and body', () => {
    const html = $(renderBlock({ _uid: 'a', component: 'article', title: 'News', teaser: 'Short', image: image('lead'), body: [{ _uid: 'b', component: 'article-block', title: 'Part' }] }))
    expect(html('h1').text()).toBe('News')
    expect(html('time').attr('datetime')).toBe('2025-05-01')
    expect(html('.lead').text()).toBe('Short')
    expect(html('img').attr('loading')).toBeUndefined()
    expect(html('img').attr('fetchpriority')).toBe('high')
    expect(html('h2').text()).toBe('Part')
  })

  it('should render a project with its link, body and related projects as linked cards', () => {
    const blok: Blok = {
      _uid: 'p',
      component: 'project',
      title: 'Kiln',
      description: 'Ceramics',
      image: image('kiln'),
      link: { linktype: 'url', url: 'https://kiln.example', cached_url: 'https://kiln.example' },
      related: [card(1), card(2), 'unresolved-uuid'],
    }
    const html = $(renderBlock(blok))
    expect(html('h1').text()).toBe('Kiln')
    expect(html('a.project-link').attr('href')).toBe('https://kiln.example')
    expect(html('a.project-link').attr('rel')).toBe('noopener noreferrer')
    expect(html('ul.cards > li > a.card').map((_, a) => a.attribs.href).get()).toEqual(['/projects/p1/', '/projects/p2/'])
    expect(html('a.card h3').first().text()).toBe('Project 1')
  })

  it('should resolve a project link to another story through the payload links', () => {
    const blok: Blok = { _uid: 'p', component: 'project', link: { linktype: 'story', id: 'u-9', cached_url: 'old/path' } }
    const html = $(renderBlock(blok, { payload: payloadWith(blok, { links: { 'u-9': '/new/path/' } }) }))
    expect(html('a.project-link').attr('href')).toBe('/new/path/')
  })

  it('should render a teaser, feature and grid', () => {
    const grid: Blok = {
      _uid: 'g',
      component: 'grid',
      columns: [
        { _uid: 'f1', component: 'feature', name: 'One', text: 'First', image: image('one', '400x400') },
        { _uid: 'f2', component: 'feature', name: 'Two' },
      ],
    }
    const html = $(renderBlock(grid))
    expect(html('.grid > .feature')).toHaveLength(2)
    expect(html('.feature h3').map((_, h) => html(h).text()).get()).toEqual(['One', 'Two'])
    expect(html('.feature img').attr('width')).toBe('400')
    expect(html('.feature img').attr('loading')).toBe('lazy')
  })

  it('should render a button that opens the contact dialog', () => {
    const html = $(renderBlock({ _uid: 'b', component: 'button', label: 'Talk to us', variant: 'secondary' }))
    expect(html('button').text()).toBe('Talk to us')
    expect(html('button').attr('class')).toBe('button button-secondary')
    expect(html('button').attr('aria-haspopup')).toBe('dialog')
    expect($(renderBlock({ _uid: 'b', component: 'button', label: 'Go', variant: 'weird' }))('button').attr('class')).toBe('button button-primary')
  })

  it('should render a button with a link as a call-to-action link: story, URL or email, under the URL policy', () => {
    const button = (link: Record<string, unknown>, label = 'See our work') => {
      const blok = { _uid: 'b', component: 'button', label, variant: 'secondary', link }
      return $(renderBlock(blok, { payload: payloadWith(blok, { links: { 'uuid-work': '/projects/' } }) }))
    }
    const story = button({ linktype: 'story', id: 'uuid-work', cached_url: 'old/' })
    expect(story('a').attr('href')).toBe('/projects/')
    expect(story('a').attr('class')).toBe('button button-secondary')
    expect(story('a').text()).toBe('See our work')
    expect(story('a').attr('aria-haspopup')).toBeUndefined()
    expect(story('button')).toHaveLength(0)
    const url = button({ linktype: 'url', url: 'https://example.com/brief', target: '_blank' })
    expect(url('a').attr('href')).toBe('https://example.com/brief')
    expect(url('a').attr('rel')).toBe('noopener noreferrer')
    expect(button({ linktype: 'email', email: 'hi@example.com' })('a').attr('href')).toBe('mailto:hi@example.com')
    // An asset (a PDF brochure) is a plain download link.
    expect(button({ linktype: 'asset', url: 'https://a.storyblok.com/f/1/x/brochure.pdf' })('a').attr('href')).toBe('https://a.storyblok.com/f/1/x/brochure.pdf')
    // A link that leads nowhere (an unpublished story, a rejected URL) leaves the contact button.
    expect(button({ linktype: 'story', id: 'uuid-gone' })('button').attr('aria-haspopup')).toBe('dialog')
    expect(button({ linktype: 'url', url: 'javascript:alert(1)' })('a[href^="javascript"]')).toHaveLength(0)
  })

  it('should render an article block with rich text and the image on the chosen side', () => {
    const blok: Blok = {
      _uid: 'ab',
      component: 'article-block',
      title: 'Section',
      image: image('side'),
      image_position: 'left',
      // As payloads carry it: rendered once by the payload step.
      text: { type: 'html', html: renderRichText({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Body', marks: [{ type: 'bold' }] }] }] }) },
    }
    const html = $(renderBlock(blok))
    expect(html('section').attr('class')).toBe('article-block image-left has-image')
    expect(html('.prose p strong').text()).toBe('Body')
    expect(html('.article-block-image img').attr('srcset')).toContain('format(webp) 600w')
  })

  it('should list projects, newest first as given, honouring limit sent as a string', () => {
    const projects = [card(3), card(2), card(1)]
    const blok: Blok = { _uid: 'ap', component: 'all-projects', title: 'Work', limit: '2' }
    const html = $(renderBlock(blok, { payload: payloadWith(blok, { lists: { project: projects } }) }))
    expect(html('h2').text()).toBe('Work')
    expect(html('a.card').map((_, a) => a.attribs.href).get()).toEqual(['/projects/p3/', '/projects/p2/'])
    const all: Blok = { ...blok, limit: '' }
    expect($(renderBlock(all, { payload: payloadWith(all, { lists: { project: projects } }) }))('a.card')).toHaveLength(3)
  })

  it('should list articles as journal entries with their date, teaser and image, keeping the image column when one has none', () => {
    const withImage: StoryCard = { ...card(1), route: '/blog/one/', first_published_at: '2025-10-01T08:00:00.000Z', content: { _uid: 'a1', component: 'article', title: 'One', description: 'The teaser.', image: { filename: '/x/1200x800/one.jpg', alt: 'One' } } }
    const without: StoryCard = { ...card(2), route: '/blog/two/', first_published_at: null, content: { _uid: 'a2', component: 'article' } }
    const blok: Blok = { _uid: 'aa', component: 'all-articles', limit: '' }
    const html = $(renderBlock(blok, { payload: payloadWith(blok, { lists: { article: [withImage, without] } }) }))
    expect(html('section').attr('aria-label')).toBe('Articles')
    // No list title: the entries' titles are the headings right below the page's h1.
    expect(html('.entry h2 a').map((_, a) => `${a.attribs.href} ${html(a).text()}`).get()).toEqual(['/blog/one/ One', '/blog/two/ P2'])
    const titled: Blok = { ...blok, title: 'From the journal' }
    const under = $(renderBlock(titled, { payload: payloadWith(titled, { lists: { article: [withImage] } }) }))
    expect([under('section > h2').text(), under('.entry h3').text()]).toEqual(['From the journal', 'One'])
    expect(html('.entry time').map((_, time) => `${time.attribs.datetime} ${html(time).text()}`).get()).toEqual(['2025-10-01 1 October 2025'])
    expect(html('.entry').first().find('p').last().text()).toBe('The teaser.')
    expect(html('.entry-image')).toHaveLength(2)
    expect(html('.entry-image').last().children()).toHaveLength(0)
  })

  it('should render nothing broken for empty assets', () => {
    for (const empty of [{ id: null, filename: '' }, { filename: null }, null, 'text', 42]) {
      const html = renderBlock({ _uid: 't', component: 'teaser', headline: 'H', image: empty })
      expect(html).not.toContain('<img')
    }
  })

  it('should survive missing and wrongly typed fields in every block', () => {
    const junk = { title: 42, headline: ['x'], text: { nope: true }, body: 'not blocks', columns: { a: 1 }, related: 'uuid', image: 7, link: 'x', limit: 'many', label: null, teaser: {}, description: [], image_position: 3, variant: {} }
    for (const component of BLOCK_NAMES) {
      for (const blok of [{ _uid: 'j', component, ...junk }, { _uid: 'j', component }]) {
        const html = renderBlock(blok)
        // Wrong types read as empty: nothing of them leaks into the page, and no broken image or link.
        expect(html, component).not.toMatch(/\[object|undefined|NaN|>42<|href="x"/)
        expect(html, component).not.toContain('<img')
        // Content types fall back to the story's name for their title.
        if (['page', 'article', 'project'].includes(component)) expect(html, component).toContain('<h1 dir="auto">Story name</h1>')
      }
    }
  })
})
