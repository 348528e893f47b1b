/**
 * Layout stability, the content column and the responsive header in Debian's Chromium, against
 * `npm run preview` of a demo build. CLS must be 0 on every page at both widths; LCP and total
 * blocking time are printed for the record, not asserted (speed is the benchmark's job).
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { observeVitals, readVitals, type Vitals } from '../scripts/bench/web-vitals.ts'
import { browseBuild, reactRuns, runtimeReady, roundTrip, type BrowsedBuild, type Preview } from './helpers/browser.ts'

let build: BrowsedBuild
let out: string
let preview: Preview
let browser: Browser

beforeAll(async () => {
  build = await browseBuild('vitals')
  ;({ out, preview, browser } = build)
})
afterAll(() => build?.close())

async function vitalsOf(page: Page, path: string): Promise<Vitals> {
  await page.addInitScript(observeVitals)
  await page.goto(`${preview.url}${path}`, { waitUntil: 'load' })
  if (path !== '/no-such-page/') await runtimeReady(page)
  // Every image in view has loaded, so a late image cannot shift the page after the reading.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.getBoundingClientRect().top > innerHeight), undefined, { timeout: 10_000 })
  await roundTrip(page)
  return page.evaluate(readVitals)
}

const PAGES = { home: '/', article: '/blog/2025/working-in-the-open/', project: '/projects/harbour-lights/', '404': '/no-such-page/', 'German home': '/de/', 'Arabic article': '/ar/blog/2024/arabic-and-hebrew/' }

describe('layout stability', () => {
  for (const width of [390, 1440]) {
    for (const [name, path] of Object.entries(PAGES)) {
      it(`should not shift the ${name} page at ${width} px`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 900 } })
        try {
          const vitals = await vitalsOf(await context.newPage(), path)
          console.log(`web vitals ${name} @${width}px: CLS ${vitals.cls.toFixed(3)}, LCP ${Math.round(vitals.lcp)} ms, TBT ${Math.round(vitals.tbt)} ms`)
          expect(vitals.shifts).toEqual([])
          expect(vitals.cls).toBe(0)
        } finally {
          await context.close()
        }
      })
    }
  }
})

describe('a page that arrives slowly', () => {
  /**
   * Serves the home page in two parts, cut inside the header after the main navigation: a phone
   * that paints what it has parsed so far would show the header without the language switcher,
   * and move the navigation when the switcher arrives. Everything else comes from the preview.
   */
  async function startSplitServer(cut: string): Promise<{ url: string; rest: () => void; close: () => void }> {
    const html = readFileSync(join(out, 'index.html'), 'utf8')
    const at = html.indexOf(cut) + cut.length
    if (at < cut.length) throw new Error(`The home page has no ${cut} to cut at.`)
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    const server = createServer(async (request, response) => {
      if (request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.write(html.slice(0, at))
        await released
        response.end(html.slice(at))
        return
      }
      const answer = await fetch(`${preview.url}${request.url}`)
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' })
      response.end(Buffer.from(await answer.arrayBuffer()))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, rest: release, close: () => server.close() }
  }

  it('should not paint a half-parsed header: the navigation stays put when the rest of the header arrives', async () => {
    const split = await startSplitServer('<ul id="site-menu"')
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } })
    try {
      const page = await context.newPage()
      await page.addInitScript(observeVitals)
      const loaded = page.goto(`${split.url}/`, { waitUntil: 'load' })
      // The first part has been parsed (the head's stylesheet is in), and the page has had time to
      // paint it if it paints half a header: a paint entry, or half a second without one. Polled on
      // a timer: the page holds rendering back, so animation frames (Playwright's default) never come.
      await page.waitForFunction(() => document.querySelector('.site-nav-wrap') && document.styleSheets.length > 0, undefined, { timeout: 10_000, polling: 50 })
      await page.waitForFunction(() => performance.getEntriesByType('paint').length > 0, undefined, { timeout: 500, polling: 50 }).catch(() => {})
      split.rest()
      await loaded
      await runtimeReady(page)
      await roundTrip(page)
      const vitals = await page.evaluate(readVitals)
      expect(vitals.shifts).toEqual([])
    } finally {
      split.rest()
      await context.close()
      split.close()
    }
  })
})

describe('content column', () => {
  /** The left and right edges of main's content box, and of everything in it that leaves it. */
  const outside = (page: Page) =>
    page.evaluate(() => {
      const main = document.querySelector('main')!
      const box = main.getBoundingClientRect()
      const style = getComputedStyle(main)
      const [left, right] = [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)]
      const scrolls = (element: Element | null): boolean => !!element && element !== main && (getComputedStyle(element).overflowX !== 'visible' || scrolls(element.parentElement))
      return [...main.querySelectorAll('*')]
        .filter((element) => !scrolls(element.parentElement))
        .map((element) => ({ element, rect: element.getBoundingClientRect() }))
        .filter(({ rect }) => rect.width > 0 && (rect.left < left - 0.5 || rect.right > right + 0.5))
        .map(({ element, rect }) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(rect.left)}–${Math.round(rect.right)}, column ${left}–${right}`)
    })

  it('should keep every block of every page inside the content column at 390 and 1440 px', async () => {
    const { id } = JSON.parse(readFileSync(join(out, 'builds/latest.json'), 'utf8')) as { id: string }
    const { routes } = JSON.parse(readFileSync(join(out, 'builds/meta', `${id}.json`), 'utf8')) as { routes: string[] }
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } })
    try {
      const page = await context.newPage()
      for (const route of routes) {
        await page.goto(`${preview.url}${route}`)
        // Both widths on one load: the column is laid out by CSS alone, which a resize applies as a load would.
        for (const width of [390, 1440]) {
          await page.setViewportSize({ width, height: 900 })
          expect(await outside(page), `${route} at ${width} px`).toEqual([])
        }
      }
    } finally {
      await context.close()
    }
  })

  it('should fill the column with an article’s lead image at 1440 px', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    try {
      const page = await context.newPage()
      await page.goto(`${preview.url}/blog/2025/working-in-the-open/`)
      const [image, main] = await page.evaluate(() => [document.querySelector('.lead-image')!.getBoundingClientRect().right, document.querySelector('main')!.getBoundingClientRect().right - parseFloat(getComputedStyle(document.querySelector('main')!).paddingRight)])
      expect(image).toBe(main)
    } finally {
      await context.close()
    }
  })

  it('should keep the hero’s text column when its image fails to load', async () => {
    for (const width of [390, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      try {
        const page = await context.newPage()
        await page.route('**/demo-assets/**', (route) => route.fulfill({ status: 404, body: '' }))
        await page.goto(`${preview.url}/`)
        const [text, teaser] = await page.evaluate(() => [document.querySelector('.teaser-text')!.getBoundingClientRect().width, document.querySelector('.teaser')!.getBoundingClientRect().width])
        expect(text / teaser, `at ${width} px`).toBeGreaterThan(width < 960 ? 0.99 : 0.45)
        expect(await outside(page), `at ${width} px`).toEqual([])
      } finally {
        await context.close()
      }
    }
  })
})

describe('error pages', () => {
  it('should have one heading, a way back home and the footer at the bottom of the window, at 390 and 1440 px', async () => {
    for (const width of [390, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      try {
        const page = await context.newPage()
        for (const path of ['/no-such-page/', '/500.html']) {
          await page.goto(`${preview.url}${path}`)
          expect(await page.locator('main h1').count(), path).toBe(1)
          expect(await page.locator('main a[href="/"]').isVisible(), path).toBe(true)
          const footerBottom = await page.locator('.site-footer').evaluate((footer) => footer.getBoundingClientRect().bottom)
          expect(footerBottom, `${path} at ${width} px`).toBe(900)
        }
      } finally {
        await context.close()
      }
    }
  })
})

describe('responsive header', () => {
  const headerHeight = (page: Page) => page.locator('.site-header').evaluate((header) => header.getBoundingClientRect().height)

  it('should collapse to a menu link without JavaScript, open by :target and close again', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto(`${preview.url}/blog/2025/working-in-the-open/`)
      expect(await page.locator('.site-nav').isVisible()).toBe(false)
      await page.getByRole('link', { name: 'Menu' }).click()
      await expect.poll(() => page.locator('.site-nav').isVisible(), { timeout: 5_000 }).toBe(true)
      await page.getByRole('link', { name: 'Close' }).click()
      await expect.poll(() => page.locator('.site-nav').isVisible(), { timeout: 5_000 }).toBe(false)
    } finally {
      await context.close()
    }
  })

  it('should keep the header height when React takes over at the first navigation, and label the button Close when open', async () => {
    // The header as a script-less visitor sees it is the header before React runs.
    const before = await browser.newContext({ viewport: { width: 390, height: 800 }, javaScriptEnabled: false })
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } })
    try {
      const still = await before.newPage()
      await still.goto(`${preview.url}/about/`)
      const page = await context.newPage()
      await page.goto(`${preview.url}/`)
      await runtimeReady(page)
      await page.getByRole('link', { name: 'Menu' }).click()
      await page.getByRole('link', { name: 'About' }).click()
      await reactRuns(page)
      expect(page.url()).toBe(`${preview.url}/about/`)
      expect(await headerHeight(page)).toBe(await headerHeight(still))
      const button = page.getByRole('button', { name: 'Menu' })
      await button.click()
      await expect.poll(() => page.locator('.site-nav').isVisible(), { timeout: 5_000 }).toBe(true)
      expect(await page.locator('button.menu-button').getAttribute('aria-expanded')).toBe('true')
      expect(await page.locator('button.menu-button').textContent()).toBe('Close')
      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('.site-nav').isVisible(), { timeout: 5_000 }).toBe(false)
      expect(await page.locator('button.menu-button').textContent()).toBe('Menu')
    } finally {
      await before.close()
      await context.close()
    }
  })

  it('should show the links, not a menu button, on a 1024 px laptop', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
    try {
      const page = await context.newPage()
      await page.goto(`${preview.url}/`)
      await runtimeReady(page)
      for (const button of await page.locator('.menu-button').all()) expect(await button.isVisible()).toBe(false)
      const links = page.locator('.site-nav a')
      expect(await links.count()).toBeGreaterThan(0)
      for (const link of await links.all()) expect(await link.isVisible()).toBe(true)
    } finally {
      await context.close()
    }
  })
})
