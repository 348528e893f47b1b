/**
 * Site search in Debian's Chromium, against `npm run preview` of a real build of a small space in
 * English and German: what is indexed, one index per language, the dialog by keyboard alone, an
 * index that follows a one-story publish, and `SEARCH=0`.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { collectErrors, runtimeReady, launchBrowser, startPreview, type Preview } from './helpers/browser.ts'
import { runBuild, tempDir, workDir } from './helpers/build.ts'
import { projectSpace, storyOf } from './helpers/space.ts'

const out = join(tempDir('search'), 'dist')
const work = workDir('search')
let cms: CmsServer
let preview: Preview
let browser: Browser

const text = (words: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: words }] }] })
const stories = [
  storyOf(1, 'home', { component: 'page', title: 'Welcome', title__i18n__de: 'Willkommen' }, { name: 'Home' }),
  storyOf(2, 'blog/island', { component: 'article', title: 'Notes from the island', title__i18n__de: 'Notizen von der Insel', teaser: 'We met a quokka at dawn.', teaser__i18n__de: 'Wir trafen ein Kurzschwanzkänguru im Morgengrauen.', body: [{ _uid: 'b2', component: 'article-block', text: text('Ferries leave the harbour every hour.') }] }, { translated_slugs: [{ path: 'blog/insel', name: 'Insel', lang: 'de', published: true }] }),
  storyOf(3, 'blog/harbour', { component: 'article', title: 'Harbour days', title__i18n__de: 'Hafentage', teaser: 'Boats and bollards.', teaser__i18n__de: 'Boote und Poller.' }),
  storyOf(4, 'blog/', { component: 'page', title: 'Journal', body: [{ _uid: 'l4', component: 'all-articles' }] }, { is_startpage: true }),
]
const env = () => ({ STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: cms.space.tokens.public })

beforeAll(async () => {
  cms = await startCmsServer({ space: { ...projectSpace(0), language_codes: ['de'], stories } })
  const run = await runBuild(['--out', out, '--work-dir', work], env())
  if (run.code !== 0) throw new Error(`The build failed:\n${run.stderr}`)
  preview = await startPreview(out)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  preview?.close()
  await cms?.close()
  rmSync(work, { recursive: true, force: true })
})

async function openPage(route: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1024, height: 800 } })
  const errors = collectErrors(page)
  await page.goto(`${preview.url}${route}`)
  await runtimeReady(page)
  return { page, errors }
}

/** Types `words` into the open dialog and waits for its answer: the results' links, or none. */
async function results(page: Page, words: string): Promise<string[]> {
  await page.fill('.search-dialog input', words)
  const found = page.locator(`.search-found[data-query="${words}"]`)
  await found.waitFor({ timeout: 10_000 })
  return found.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
}

describe('site search', () => {
  it('should find a word that appears in one article only, in English and in German, each in its own language', async () => {
    const { page, errors } = await openPage('/')
    await page.keyboard.press('/')
    expect(await results(page, 'quokka')).toEqual(['/blog/island/'])
    expect(await results(page, 'Kurzschwanzkänguru')).toEqual([])
    await page.goto(`${preview.url}/de/`)
    await runtimeReady(page)
    await page.click('.search-button')
    expect(await results(page, 'Kurzschwanzkänguru')).toEqual(['/de/blog/insel/'])
    // The German index holds German pages only: an English word of the same story finds nothing.
    expect(await results(page, 'quokka')).toEqual([])
    expect((await results(page, 'Hafentage')).every((href) => href.startsWith('/de/'))).toBe(true)
    // Under the site's Content-Security-Policy, which the preview sends from _headers.
    expect(errors).toEqual([])
    await page.close()
  })

  it('should index story content only: not list cards, navigation or error pages', async () => {
    const { page } = await openPage('/blog/')
    await page.keyboard.press('/')
    // The journal's cards show both articles' teasers; only the articles are found.
    expect(await results(page, 'bollards')).toEqual(['/blog/harbour/'])
    expect(await results(page, 'Journal')).toEqual(['/blog/'])
    expect(await results(page, 'mistyped')).toEqual([])
    await page.close()
  })

  it('should be usable by keyboard alone: open, search, keep focus inside, follow a result, close', async () => {
    const { page } = await openPage('/')
    const focused = () => page.evaluate(() => document.activeElement?.className || document.activeElement?.tagName)
    await page.focus('.search-button')
    await page.keyboard.press('Enter')
    await page.waitForSelector('.search-dialog[open]')
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('INPUT')
    await page.keyboard.type('harbour')
    await page.waitForSelector('.search-results a')
    // Tab goes round the dialog: close button, field, results, and back, never to the page behind.
    const seen = new Set<string>()
    for (let step = 0; step < 8; step++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.search-dialog')))).toBe(true)
      seen.add(String(await focused()))
    }
    expect(seen).toContain('close')
    await page.keyboard.press('Escape')
    await page.waitForSelector('.search-dialog', { state: 'detached' })
    expect(await focused()).toBe('search-button')
    await page.keyboard.press('/')
    await page.keyboard.type('quokka')
    await page.waitForSelector('.search-results a[href="/blog/island/"]')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/blog/island/')
    await page.keyboard.press('Enter')
    await page.waitForURL(`${preview.url}/blog/island/`)
    await page.waitForSelector('.search-dialog', { state: 'detached' })
    expect(await page.locator('h1').textContent()).toBe('Notes from the island')
    await page.close()
  })

  it('should bring the index up to date after a one-story publish, and leave the index of the build before untouched', async () => {
    const before = realpathSync(out)
    const entry = readFileSync(join(before, 'pagefind', 'pagefind-entry.json'))
    const story = cms.space.stories.find((stored) => stored.id === 3)!
    story.content = { ...story.content, teaser: 'Boats, bollards and a numbat.' }
    cms.space.version++
    const run = await runBuild(['--out', out, '--work-dir', work, '--changed', '3'], env())
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/incremental/)
    expect(run.stdout).toMatch(/Search index: de 4, en 4 pages, \d+ KB \(\d+ files new\), up to date [\d.]+ s after going live\./)
    expect(realpathSync(out)).not.toBe(before)
    expect(readFileSync(join(before, 'pagefind', 'pagefind-entry.json'))).toEqual(entry)
    const { page } = await openPage('/')
    await page.keyboard.press('/')
    expect(await results(page, 'numbat')).toEqual(['/blog/harbour/'])
    await page.close()
    // The new build carried only the previous index's files, then wrote its own beside them.
    const files = readdirSync(join(out, 'pagefind', 'fragment'))
    expect(files.length).toBeLessThanOrEqual(2 * readdirSync(join(before, 'pagefind', 'fragment')).length)
  })

  it('should build without search when SEARCH=0: no button, no index, nothing for WebAssembly in the CSP', async () => {
    const plain = join(tempDir('search-off'), 'dist')
    const plainWork = workDir('search-off')
    try {
      const run = await runBuild(['--out', plain, '--work-dir', plainWork], { ...env(), SEARCH: '0' })
      expect(run.code, run.stderr).toBe(0)
      expect(run.stdout).not.toMatch(/Search index/)
      expect(existsSync(join(plain, 'pagefind'))).toBe(false)
      expect(readFileSync(join(plain, 'index.html'), 'utf8')).not.toContain('search-button')
      expect(readFileSync(join(plain, '_headers'), 'utf8')).not.toContain('wasm-unsafe-eval')
      expect(readFileSync(join(out, '_headers'), 'utf8')).toContain("'wasm-unsafe-eval'")
    } finally {
      rmSync(plainWork, { recursive: true, force: true })
      rmSync(dirname(plain), { recursive: true, force: true })
    }
  })
})
