/**
 * A space with languages (field-level translation) builds a site per language: the default at
 * `/…`, the others at `/<code>/…` with translated slugs, `<html lang dir>`, hreflang links both
 * ways, links and navigation within the language, a language switcher, and the stated number of
 * CMS requests.
 */
import * as cheerio from 'cheerio'
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { DEFAULT_PER_PAGE } from '../cms/config.ts'
import { minimumRequests } from '../cms/request-budget.ts'
import { builtPage, hreflangLinks, runBuild, tempDir, workDir, type BuildRun } from './helpers/build.ts'
import { draftPayload, editedLanguage } from '../renderer/client/editor/draft.ts'
import { runtimeReady, launchBrowser, startPreview } from './helpers/browser.ts'
import { projectSpace, storyOf } from './helpers/space.ts'

const SITE_URL = 'https://studio.example'
const out = join(tempDir('languages'), 'dist')
const work = workDir('languages')
let cms: CmsServer
let run: BuildRun

const link = (uuid: string, text = 'Project A') => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text, marks: [{ type: 'link', attrs: { linktype: 'story', uuid, href: '/projects/a' } }] }] }] })
const stories = [
  storyOf(1, 'home', { component: 'page', title: 'Welcome', title__i18n__de: 'Willkommen', title__i18n__ar: 'أهلا' }, { name: 'Home' }),
  storyOf(2, 'about', { component: 'page', title: 'About us', title__i18n__de: 'Über uns', body: [{ _uid: 'ab', component: 'article-block', text: link('uuid-4') }, { _uid: 'ac', component: 'article-block', text: link('uuid-5', 'Project B') }] }, {
    name: 'About',
    translated_slugs: [{ path: 'ueber-uns', name: 'Über uns', lang: 'de', published: true }],
  }),
  storyOf(3, 'projects/', { component: 'page', title: 'Projects', title__i18n__de: 'Projekte', body: [{ _uid: 'l', component: 'all-projects' }] }, { name: 'Projects', is_startpage: true }),
  storyOf(4, 'projects/a', { component: 'project', title: 'Project A', title__i18n__de: 'Projekt A' }),
  // Published in English and German only ("Publish translations individually").
  storyOf(5, 'projects/b', { component: 'project', title: 'Project B', title__i18n__de: 'Projekt B' }, { translated_slugs: [{ path: 'projects/b', name: 'B', lang: 'ar', published: false }] }),
]

beforeAll(async () => {
  cms = await startCmsServer({ space: { ...projectSpace(0), language_codes: ['de', 'ar'], stories } })
  run = await runBuild(['--out', out, '--work-dir', work], { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: cms.space.tokens.public, SITE_URL })
})
afterAll(async () => {
  await cms?.close()
  rmSync(work, { recursive: true, force: true })
})

const page = (route: string) => builtPage(out, route)
const hreflangs = (route: string) => hreflangLinks(page(route))

describe('a space with languages', () => {
  it('should build every language, with the minimum of requests: 1 + (1 + languages) × ceil(stories / per_page) + the redirects page', () => {
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/Built 14 routes/)
    expect(run.stdout).toContain(`CMS requests: ${minimumRequests(stories.length, DEFAULT_PER_PAGE, 0, 2)}\n`)
  })

  it('should serve the default language at / and the others at /<code>/, with translated slugs and a home at /<code>/', () => {
    expect(page('/about/')('h1').text()).toBe('About us')
    expect(page('/de/ueber-uns/')('h1').text()).toBe('Über uns')
    expect(page('/de/')('h1').text()).toBe('Willkommen')
    expect(page('/de/projects/a/')('h1').text()).toBe('Projekt A')
  })

  it('should give every page its language and direction', () => {
    expect(page('/about/')('html').attr('lang')).toBe('en')
    expect(page('/de/ueber-uns/')('html').attr('lang')).toBe('de')
    expect(page('/ar/')('html').attr('dir')).toBe('rtl')
    expect(page('/about/')('html').attr('dir')).toBeUndefined()
  })

  it('should link every version of a page to all the others and back, with x-default, each a route the build has', () => {
    const expected = [`en ${SITE_URL}/about/`, `de ${SITE_URL}/de/ueber-uns/`, `ar ${SITE_URL}/ar/about/`, `x-default ${SITE_URL}/about/`]
    expect(hreflangs('/about/')).toEqual(expected)
    expect(hreflangs('/de/ueber-uns/')).toEqual(expected)
    for (const entry of expected) expect(() => page(new URL(entry.split(' ')[1]!).pathname)).not.toThrow()
  })

  it('should keep links, lists, navigation and the site name’s home link within the language', () => {
    expect(page('/de/ueber-uns/')('a.site-name').attr('href')).toBe('/de/')
    expect(page('/about/')('a.site-name').attr('href')).toBe('/')
    expect(page('/de/ueber-uns/')('main a').map((_, a) => a.attribs.href).get()).toContain('/de/projects/a/')
    expect(page('/de/projects/')('a.card').map((_, a) => a.attribs.href).get()).toEqual(['/de/projects/b/', '/de/projects/a/'])
    expect(page('/de/')('nav.site-nav-wrap .site-nav a').map((_, a) => a.attribs.href).get()).toEqual(['/de/ueber-uns/', '/de/projects/'])
  })

  it('should speak the page’s language in the interface’s own words: labels, dates, buttons', () => {
    const $ = page('/de/ueber-uns/')
    expect([$('a.skip-link').text(), $('nav.site-nav-wrap').attr('aria-label'), $('nav.language-switcher').attr('aria-label'), $('a.menu-open').text()]).toEqual(['Zum Inhalt springen', 'Hauptnavigation', 'Sprache', 'Menü'])
    expect(page('/ar/')('a.skip-link').text()).toBe('انتقل إلى المحتوى')
    expect(page('/about/')('a.skip-link').text()).toBe('Skip to content')
  })

  it('should offer a language switcher listing the page in each language, the current one marked', () => {
    const $ = page('/de/ueber-uns/')
    expect($('nav.language-switcher a').map((_, a) => `${a.attribs.hreflang} ${a.attribs.href} ${a.attribs['aria-current'] ?? ''}`).get()).toEqual(['en /about/ ', 'de /de/ueber-uns/ true', 'ar /ar/about/ '])
  })

  it('should list every language version in the sitemap, each with its alternates, in well-formed XML', () => {
    const sitemap = readFileSync(join(out, 'sitemap.xml'), 'utf8')
    const $ = cheerio.load(sitemap, { xml: true })
    const german = $('url').filter((_, url) => $(url).find('loc').text() === `${SITE_URL}/de/ueber-uns/`)
    expect(german.find('xhtml\\:link').map((_, link) => `${link.attribs.hreflang} ${link.attribs.href}`).get()).toEqual([
      `en ${SITE_URL}/about/`,
      `de ${SITE_URL}/de/ueber-uns/`,
      `ar ${SITE_URL}/ar/about/`,
      `x-default ${SITE_URL}/about/`,
    ])
    expect($('url')).toHaveLength(14)
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
  })
})

/** Every file of the output: path → inode, mtime and size (an unchanged file keeps all three). */
function files(): Map<string, string> {
  const root = realpathSync(out)
  const found = new Map<string, string>()
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const stats = statSync(join(root, name))
    if (stats.isFile()) found.set(name, `${stats.ino}:${stats.mtimeMs}:${stats.size}`)
  }
  return found
}
const changedFiles = (before: Map<string, string>, after: Map<string, string>) => [...new Set([...before.keys(), ...after.keys()])].filter((path) => before.get(path) !== after.get(path)).sort()
const rendered = (changed: string[]) => changed.filter((file) => file.endsWith('index.html')).map((file) => `/${file.replace(/index\.html$/, '')}`).sort()
const buildAgain = (args: string[] = []) => runBuild(['--out', out, '--work-dir', work, ...args], { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: cms.space.tokens.public, SITE_URL })
const stored = (id: number) => cms.space.stories.find((story) => story.id === id)!

describe('pages not found, per language', () => {
  it('should answer a missing path in a language’s folder with that language’s 404 page, and tell Netlify so', async () => {
    const preview = await startPreview(out)
    try {
      const german = await fetch(`${preview.url}/de/nirgends/`)
      expect(german.status).toBe(404)
      const $ = cheerio.load(await german.text())
      expect([$('html').attr('lang'), $('h1').text(), $('a.button').attr('href')]).toEqual(['de', 'Seite nicht gefunden', '/de/'])
      const english = await fetch(`${preview.url}/nowhere/`)
      expect([english.status, cheerio.load(await english.text())('h1').text()]).toEqual([404, 'Page Not Found'])
      expect(cheerio.load(await (await fetch(`${preview.url}/ar/x/y/`)).text())('html').attr('dir')).toBe('rtl')
    } finally {
      preview.close()
    }
    expect(readFileSync(join(out, '_redirects'), 'utf8')).toContain('/de/* /de/404.html 404\n/ar/* /ar/404.html 404\n')
  })
})

describe('a story not published in a language', () => {
  it('should be left out of that language, its versions and links there pointing at the default one', () => {
    expect(existsSync(join(out, 'ar/projects/b/index.html'))).toBe(false)
    expect(page('/de/projects/b/')('h1').text()).toBe('Projekt B')
    expect(hreflangs('/projects/b/')).toEqual([`en ${SITE_URL}/projects/b/`, `de ${SITE_URL}/de/projects/b/`, `x-default ${SITE_URL}/projects/b/`])
    expect(page('/ar/about/')('main a').map((_, a) => a.attribs.href).get()).toEqual(['/ar/projects/a/', '/projects/b/'])
    expect(page('/ar/projects/')('a.card').map((_, a) => a.attribs.href).get()).toEqual(['/ar/projects/a/'])
  })
})

describe('incremental builds in every language', () => {
  it('should re-render a changed story in every language and the pages that show it in each, nothing else', async () => {
    const before = files()
    // Arabic has no title of its own: it shows the default's.
    stored(4).content.title = 'Project A, revised'
    stored(4).content.title__i18n__de = 'Projekt A, überarbeitet'
    cms.space.version++
    const again = await buildAgain(['--changed', '4'])
    expect(again.code, again.stderr).toBe(0)
    // Rendered: its own page and the project list in each language, and the page whose rich text
    // links to it (which shows none of what changed, so its files are left alone).
    expect(again.stdout).toMatch(/incremental \(refetched 1 story by id, 1 changed\); 9 routes rendered/)
    expect(rendered(changedFiles(before, files()))).toEqual(['/ar/projects/', '/ar/projects/a/', '/de/projects/', '/de/projects/a/', '/projects/', '/projects/a/'])
    expect(page('/de/projects/a/')('h1').text()).toBe('Projekt A, überarbeitet')
    expect(page('/ar/projects/a/')('h1').text()).toBe('Project A, revised')
    // One request for the cv, then the story in each language.
    expect(again.stdout).toContain(`CMS requests: ${1 + 3 + 1}\n`)
  })

  it('should move a page whose translated slug changed, redirect its old route, and update its alternates in every language', async () => {
    const before = files()
    stored(2).translated_slugs = [{ path: 'wir', name: 'Wir', lang: 'de', published: true }]
    cms.space.version++
    const again = await buildAgain(['--changed', '2'])
    expect(again.code, again.stderr).toBe(0)
    const changed = changedFiles(before, files())
    // The German navigation names the page's new route: every German page; elsewhere the page's
    // versions, whose hreflang links changed. The old German route is gone.
    expect(again.stdout).toMatch(/; 7 routes rendered/)
    expect(rendered(changed)).toEqual(['/about/', '/ar/about/', '/de/', '/de/projects/', '/de/projects/a/', '/de/projects/b/', '/de/ueber-uns/', '/de/wir/'])
    expect(existsSync(join(out, 'de/ueber-uns/index.html'))).toBe(false)
    expect(hreflangs('/about/')).toContain(`de ${SITE_URL}/de/wir/`)
    expect(readFileSync(join(out, '_redirects'), 'utf8')).toMatch(/^\/de\/ueber-uns\/ \/de\/wir\/ 301$/m)
  })

  it('should find a change in any language from the links of a build without ids, fetching only that story', async () => {
    const before = files()
    // Publishing a translation publishes the story: its last publication moves.
    stored(1).content.title__i18n__ar = 'مرحبا'
    stored(1).published_at = '2026-11-28T10:00:00.000Z'
    cms.space.version++
    const again = await buildAgain()
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/incremental \(checked 5 links, refetched 1 story by id, 1 changed\); 3 routes rendered/)
    // The space, one page of links, the story in each of three languages, the redirects.
    expect(again.stdout).toContain('CMS requests: 6\n')
    // The home page in every language is rendered; only the Arabic one shows what changed.
    expect(rendered(changedFiles(before, files()))).toEqual(['/ar/'])
    expect(page('/ar/')('h1').text()).toBe('مرحبا')
  })
})

describe('a default-language route where a language goes', () => {
  it('should stop the build, naming the route and what to do', async () => {
    const clash = await startCmsServer({ space: { ...projectSpace(0), language_codes: ['de'], stories: [stories[0]!, storyOf(9, 'de/impressum', { component: 'page' })] } })
    const clashWork = workDir('languages-clash')
    try {
      const failed = await runBuild(['--out', join(tempDir('languages-clash'), 'dist'), '--work-dir', clashWork], { STORYBLOK_API_URL: clash.url, STORYBLOK_TOKEN: clash.space.tokens.public, STORYBLOK_LANGUAGE_STRATEGY: 'field' })
      expect(failed.code).toBe(1)
      expect(failed.stderr).toContain('The route /de/impressum/ of the default language is where the pages of language "de" go')
    } finally {
      await clash.close()
      rmSync(clashWork, { recursive: true, force: true })
    }
  })
})

describe('editor preview per language', () => {
  it('should edit the language the editor names, or the page’s own on another language’s site', () => {
    expect(editedLanguage('?_storyblok=1&_storyblok_lang=de', { name: 'S' })).toBe('de')
    expect(editedLanguage('?_storyblok=1&_storyblok_lang=default', { name: 'S' })).toBeUndefined()
    expect(editedLanguage('?_storyblok=1', { name: 'S', language: 'ar', home: '/ar/' })).toBe('ar')
    expect(editedLanguage('?_storyblok=1', { name: 'S', language: 'de' })).toBeUndefined()
  })

  it('should route a draft of another language as its site does, the home at /<code>/', () => {
    const published = { route: '/de/', story: { id: 1, uuid: 'uuid-1', name: 'Home', full_slug: 'de/', content: { _uid: 'h', component: 'page' } }, links: {} }
    const draft = { ...stories[0]!, full_slug: 'de/home', default_full_slug: 'home', lang: 'de', content: { _uid: 'blok-1', component: 'page', title: 'Willkommen (Entwurf)' } }
    expect(draftPayload(published, draft).route).toBe('/de/')
  })
})

describe('the language switcher in Chromium', () => {
  it('should follow a client navigation and load the other language in full, by keyboard', async () => {
    const preview = await startPreview(out)
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
      await page.goto(`${preview.url}/de/ueber-uns/`)
      await runtimeReady(page)
      const documents: string[] = []
      page.on('request', (request) => request.resourceType() === 'document' && documents.push(new URL(request.url()).pathname))
      // A client navigation within the language: the switcher now offers this page's versions.
      await page.click('nav.site-nav-wrap >> text=Projects')
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Projekte')
      expect(documents).toEqual([])
      const switcher = () => page.$$eval('nav.language-switcher a', (links) => links.map((link) => `${link.getAttribute('href')} ${link.getAttribute('aria-current') ?? ''}`))
      expect(await switcher()).toEqual(['/projects/ ', '/de/projects/ true', '/ar/projects/ '])
      expect(await page.getAttribute('link[rel=alternate][hreflang=en]', 'href')).toBe('https://studio.example/projects/')
      // By keyboard: focus the English link and press Enter; the English page loads in full.
      await page.focus('nav.language-switcher a[hreflang=en]')
      await Promise.all([page.waitForURL(`${preview.url}/projects/`), page.keyboard.press('Enter')])
      expect(documents).toEqual(['/projects/'])
      expect(await page.getAttribute('html', 'lang')).toBe('en')
      expect(await page.textContent('h1')).toBe('Projects')
      // From the Arabic site, a link to a page it lacks leads to the default version, in full.
      await page.goto(`${preview.url}/ar/about/`)
      await runtimeReady(page)
      documents.length = 0
      await Promise.all([page.waitForURL(`${preview.url}/projects/b/`), page.click('main >> text=Project B')])
      expect(documents).toEqual(['/projects/b/'])
      expect([await page.getAttribute('html', 'lang'), await page.getAttribute('html', 'dir')]).toEqual(['en', null])
    } finally {
      await browser.close()
      preview.close()
    }
  })
})
