/**
 * The client runtime in Debian's Chromium, against `npm run preview` of a real build of the demo
 * space: hydration, payload navigation, the 404 view, build freshness, chunk-load errors and
 * accessibility.
 *
 * Longer than 200 lines because its tests share one build, one preview server and one Chromium;
 * a file per topic would build and launch them again.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { browseBuild, collectDocumentRequests, collectErrors, reactRuns, runtimeReady, roundTrip, type BrowsedBuild, type Preview } from './helpers/browser.ts'

let build: BrowsedBuild
let out: string
let preview: Preview
let browser: Browser
let context: BrowserContext
let page: Page

declare global {
  interface Window {
    /** What the stand-in analytics script was given (the analytics tests). */
    __analytics?: { domain?: string; api?: string; defer: boolean }
    /** Content-Security-Policy violations seen (the CSP test). */
    __csp?: string[]
  }
}

const ANALYTICS = { ANALYTICS_SCRIPT_URL: 'https://analytics.example/script.js', ANALYTICS_ATTRIBUTES: 'data-domain=ateliernord.example data-api=https://events.example/api/event' }
/** Requests for the analytics script, answered here with one that records what it was given. */
let analyticsRequests: string[]

beforeAll(async () => {
  build = await browseBuild('browser', { SITE_URL: 'https://ateliernord.example', CONTACT_ENDPOINT: '/api/contact', ...ANALYTICS })
  ;({ out, preview, browser } = build)
})
afterAll(() => build?.close())
beforeEach(async () => {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  analyticsRequests = []
  await context.route(ANALYTICS.ANALYTICS_SCRIPT_URL, (route) => {
    analyticsRequests.push(route.request().url())
    const body = 'window.__analytics = { domain: document.currentScript.dataset.domain, api: document.currentScript.dataset.api, defer: document.currentScript.defer }'
    return route.fulfill({ contentType: 'text/javascript', body })
  })
  page = await context.newPage()
})
afterEach(async () => {
  await context.close()
})

const storyblokRequests = (target: Page) => {
  const requests: string[] = []
  target.on('request', (request) => {
    if (/storyblok\.com/.test(request.url())) requests.push(request.url())
  })
  return requests
}

describe('hydration', () => {
  it('should hydrate every kind of page without console errors at the first use of a control that needs React', async () => {
    const errors = collectErrors(page)
    for (const path of ['/', '/projects/harbour-lights/', '/blog/2025/working-in-the-open/', '/blog/2024/arabic-and-hebrew/']) {
      await page.goto(`${preview.url}${path}`)
      await runtimeReady(page)
      // The search shortcut: the page hydrates, then the key is replayed and opens the dialog.
      await page.keyboard.press('/')
      await page.getByRole('dialog').waitFor()
      await reactRuns(page)
    }
    expect(errors).toEqual([])
  })

  it('should try hydrating again at the next use when the payload could not be had at the first', async () => {
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    let aborted = 0
    await page.route('**/_payload.json', (route) => {
      aborted++
      return route.abort()
    })
    await page.keyboard.press('/')
    // The fetch and its one retry (renderer/client/fetch.ts) both fail.
    await expect.poll(() => aborted, { timeout: 10_000 }).toBe(2)
    await page.unroute('**/_payload.json')
    await roundTrip(page)
    expect(await page.getByRole('dialog').count()).toBe(0)
    await expect.poll(async () => {
      await page.keyboard.press('/')
      return page.getByRole('dialog').count()
    }, { timeout: 10_000 }).toBe(1)
  })

  it('should not hydrate again once a navigation has React running the page', async () => {
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    const payloads: string[] = []
    page.on('request', (request) => request.url().endsWith('_payload.json') && payloads.push(new URL(request.url()).pathname))
    await page.click('nav >> text=About')
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About the studio')
    await page.keyboard.press('/')
    await page.getByRole('dialog').waitFor()
    await roundTrip(page)
    expect(payloads).toEqual(['/about/_payload.json'])
  })

  it('should load neither React nor a payload on a first visit, and fetch React ahead when a pointer reaches a link', async () => {
    const requests: string[] = []
    page.on('request', (request) => request.url().startsWith(preview.url) && requests.push(new URL(request.url()).pathname))
    await page.goto(`${preview.url}/blog/2025/working-in-the-open/`)
    await runtimeReady(page)
    await roundTrip(page)
    const html = await (await fetch(`${preview.url}/blog/2025/working-in-the-open/`)).text()
    const firstLoad = [...html.matchAll(/<(?:script src|link rel="modulepreload" href)="([^"]+)"/g)].map((match) => match[1]!)
    const bytes = await Promise.all(firstLoad.map(async (url) => gzipSync(Buffer.from(await (await fetch(`${preview.url}${url}`)).arrayBuffer())).length))
    expect(bytes.reduce((sum, size) => sum + size, 0)).toBeLessThan(70 * 1024)
    expect(requests.filter((path) => path.endsWith('.js')).sort()).toEqual([...firstLoad].sort())
    expect(requests.filter((path) => path.endsWith('_payload.json'))).toEqual([])

    const before = requests.length
    await page.hover('a[href="/"]')
    await expect.poll(() => requests.slice(before).filter((path) => path.endsWith('.js')).length, { timeout: 10_000 }).toBeGreaterThan(0)
  })

  it('should announce in its HTML every script a page loads before it is interactive, so that none waits for another', async () => {
    for (const path of ['/', '/blog/2025/working-in-the-open/']) {
      const scripts = new Set<string>()
      // The site's own scripts: the analytics script comes once the page is interactive (below).
      const listen = (request: { resourceType(): string; url(): string }) => request.resourceType() === 'script' && request.url().startsWith(preview.url) && scripts.add(new URL(request.url()).pathname)
      page.on('request', listen)
      await page.goto(`${preview.url}${path}`)
      await runtimeReady(page)
      await roundTrip(page)
      page.off('request', listen)
      const html = await (await fetch(`${preview.url}${path}`)).text()
      const announced = [...html.matchAll(/<(?:script src|link rel="modulepreload" href)="([^"]+)"/g)].map((match) => match[1])
      expect(announced.length, path).toBeGreaterThan(1)
      expect(new Set(announced), path).toEqual(scripts)
    }
  })

  it('should not request the Storyblok bridge without _storyblok', async () => {
    const requests = storyblokRequests(page)
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    // The editor code would have been asked for right after hydration, before this round trip.
    await roundTrip(page)
    expect(requests).toEqual([])
  })
})

describe('analytics', () => {
  it('should load the analytics script once the page is interactive, with its data attributes, on story and 404 pages alike', async () => {
    for (const path of ['/', '/gone/away/']) {
      await page.goto(`${preview.url}${path}`)
      await runtimeReady(page)
      await page.waitForFunction(() => window.__analytics)
      expect(await page.evaluate(() => window.__analytics), path).toEqual({ domain: 'ateliernord.example', api: 'https://events.example/api/event', defer: true })
    }
    expect(analyticsRequests).toHaveLength(2)
    // The HTML names no analytics: a page opened in the visual editor must not count as a visit.
    expect(await (await fetch(`${preview.url}/`)).text()).not.toContain('analytics.example')
  })

  it('should not load the analytics script inside the visual editor', async () => {
    await context.route('https://app.storyblok.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }))
    await page.goto(`${preview.url}/?_storyblok=40001&_storyblok_c=page`)
    await runtimeReady(page)
    await roundTrip(page)
    expect(analyticsRequests).toEqual([])
  })
})

describe('navigation on payloads', () => {
  it('should render the next route from its payload without a document load', async () => {
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    const documents = collectDocumentRequests(page)
    const payloads: string[] = []
    page.on('request', (request) => request.url().endsWith('_payload.json') && payloads.push(new URL(request.url()).pathname))

    await page.click('nav >> text=About')
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About the studio')
    expect(page.url()).toBe(`${preview.url}/about/`)
    // The about story's SEO app field sets its title (docs/behaviour.md, "Sharing and structured data").
    expect(await page.title()).toBe('About Atelier Nord, a design and engineering studio in Aarhus')
    expect(await page.getAttribute('link[rel=canonical]', 'href')).toBe('https://ateliernord.example/about/')
    expect(await page.getAttribute('meta[name=description]', 'content')).toBe('Six people, one room: how Atelier Nord works on identities, products and objects, and who you will work with.')
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1')
    expect(payloads).toEqual(['/about/_payload.json'])
    expect(documents).toEqual([])
  })

  it('should go back and forward, restoring the scroll position', async () => {
    await page.goto(`${preview.url}/projects/`)
    await runtimeReady(page)
    const documents = collectDocumentRequests(page)
    // Clicked from script: Playwright's own click would first scroll the card into view.
    await page.evaluate(() => {
      window.scrollTo(0, 200)
      document.querySelector<HTMLAnchorElement>('a.card')!.click()
    })
    await page.waitForFunction(() => location.pathname !== '/projects/')
    const project = await page.textContent('h1')
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.goBack()
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Projects')
    await page.waitForFunction(() => window.scrollY === 200)
    await page.goForward()
    await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, project)
    expect(documents).toEqual([])
  })

  it('should show the 404 view for a route whose payload is missing', async () => {
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    const documents = collectDocumentRequests(page)
    await page.evaluate(() => {
      const link = Object.assign(document.createElement('a'), { href: '/no/such/page/', textContent: 'broken' })
      document.querySelector('main')!.append(link)
      link.click()
    })
    await page.waitForFunction(() => document.title === 'Page Not Found')
    expect(await page.textContent('main')).toContain('Page Not Found: /no/such/page/')
    expect(documents).toEqual([])
  })

  it('should show the 500 view when a payload keeps failing', async () => {
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    let attempts = 0
    await page.route('**/contact/_payload.json', (route) => {
      attempts++
      return route.fulfill({ status: 503, body: 'down' })
    })
    await page.click('nav >> text=Contact')
    await page.waitForFunction(() => document.title === 'Internal Server Error')
    expect(await page.textContent('main h1')).toBe('Internal Server Error')
    expect(attempts).toBe(2) // the first try and one retry
  })

  it('should show a story published after the page loaded, not a false 404', async () => {
    await page.clock.install()
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    const inFlight = new Set<unknown>()
    page.on('request', (request) => inFlight.add(request))
    page.on('requestfinished', (request) => inFlight.delete(request))
    page.on('requestfailed', (request) => inFlight.delete(request))
    const latest = page.waitForResponse((response) => response.url().endsWith('/builds/latest.json'))
    await page.clock.runFor(2_000) // the first check: the page now knows its build
    await (await latest).finished()
    // Whatever the check fetches next (a route list, say) started before this round trip did.
    await page.evaluate(() => fetch('/builds/latest.json', { cache: 'no-store' }).then((response) => response.text()))
    await expect.poll(() => inFlight.size).toBe(0)
    // A publish lands: a route the page's build did not have.
    const fresh = join(out, 'fresh-story')
    mkdirSync(fresh, { recursive: true })
    const about = JSON.parse(readFileSync(join(out, 'about', '_payload.json'), 'utf8'))
    writeFileSync(join(fresh, '_payload.json'), JSON.stringify({ ...about, route: '/fresh-story/', story: { ...about.story, content: { ...about.story.content, title: 'Freshly published' } } }))
    try {
      await page.evaluate(() => {
        const link = Object.assign(document.createElement('a'), { href: '/fresh-story/', textContent: 'new' })
        document.querySelector('main')!.append(link)
        link.click()
      })
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Freshly published')
      expect(await page.title()).not.toBe('Page Not Found')
    } finally {
      rmSync(fresh, { recursive: true, force: true })
    }
  })

  it('should answer an unknown URL with 404.html naming the path', async () => {
    const response = await page.goto(`${preview.url}/gone/away/`)
    expect(response!.status()).toBe(404)
    expect(await page.title()).toBe('Page Not Found')
    expect(await page.textContent('#missing-path')).toBe('/gone/away/')
    await page.click('nav >> text=Projects')
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Projects')
  })

  it("should follow the editors' redirects (npm run preview answers them from _redirects)", async () => {
    const answer = await fetch(`${preview.url}/jobs`, { redirect: 'manual' })
    expect([answer.status, answer.headers.get('location')]).toEqual([302, '/contact/'])
    const response = await page.goto(`${preview.url}/journal`)
    expect(response!.url()).toBe(`${preview.url}/blog/`)
    expect(await page.textContent('h1')).toBe('Journal')
  })

  it('should leave links that open a new tab to the browser', async () => {
    await page.goto(`${preview.url}/projects/harbour-lights/`)
    await runtimeReady(page)
    await context.route('https://example.org/**', (route) => route.fulfill({ status: 200, body: 'external' }))
    const [popup] = await Promise.all([context.waitForEvent('page'), page.click('a.project-link')])
    expect(popup.url()).toBe('https://example.org/harbour-lights')
    expect(page.url()).toBe(`${preview.url}/projects/harbour-lights/`)
  })
})

describe('build freshness', () => {
  it('should make the next navigation a full load once builds/latest.json names another build, without looping', async () => {
    const latestFile = join(out, 'builds/latest.json')
    const original = readFileSync(latestFile, 'utf8')
    try {
      await page.clock.install()
      const latestFetches: string[] = []
      page.on('response', (response) => response.url().endsWith('/builds/latest.json') && latestFetches.push(response.url()))
      await page.goto(`${preview.url}/`)
      await runtimeReady(page)
      expect(latestFetches).toEqual([])
      await page.clock.runFor(2_000) // idle + 1 s: the first check, which learns the running build
      await expect.poll(() => latestFetches.length).toBe(1)

      writeFileSync(latestFile, JSON.stringify({ id: 'a-newer-build', timestamp: Date.now() }))
      await page.clock.runFor(30 * 60 * 1000)
      expect(latestFetches).toHaveLength(1)
      await page.clock.runFor(30 * 60 * 1000) // the hourly poll
      await expect.poll(() => latestFetches.length).toBe(2)

      const documents = collectDocumentRequests(page)
      await page.click('nav >> text=About')
      await page.waitForURL(`${preview.url}/about/`)
      await runtimeReady(page)
      expect(documents).toEqual([`${preview.url}/about/`])
      // The new page learns the new build as its own: navigating on is by payload again.
      await page.clock.runFor(2_000)
      await page.click('nav >> text=Journal')
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Journal')
      expect(documents).toEqual([`${preview.url}/about/`])
    } finally {
      writeFileSync(latestFile, original)
    }
  })

  it('should notice a deploy of new code that landed before the first check', async () => {
    const latestFile = join(out, 'builds/latest.json')
    const original = readFileSync(latestFile, 'utf8')
    try {
      await page.clock.install()
      await page.goto(`${preview.url}/`)
      await runtimeReady(page)
      // Deployed after this page's HTML was served, before its first look at latest.json.
      writeFileSync(latestFile, JSON.stringify({ ...JSON.parse(original), id: 'a-newer-build', client: '/assets/entries/renderer_client.newcode.js' }))
      const checked = page.waitForResponse((response) => response.url().endsWith('/builds/latest.json'))
      await page.clock.runFor(2_000)
      await checked
      const documents = collectDocumentRequests(page)
      await page.click('nav >> text=About')
      await page.waitForURL(`${preview.url}/about/`)
      await runtimeReady(page)
      expect(documents).toEqual([`${preview.url}/about/`])
    } finally {
      writeFileSync(latestFile, original)
    }
  })

  it('should skip the first check on a slow-2g connection', async () => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { effectiveType: 'slow-2g' } }))
    await page.clock.install()
    const latestFetches: string[] = []
    page.on('request', (request) => request.url().endsWith('/builds/latest.json') && latestFetches.push(request.url()))
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    await page.clock.runFor(5_000)
    await roundTrip(page)
    expect(latestFetches).toEqual([])
  })
})

describe('chunk-load errors', () => {
  it('should reload once when a lazily loaded chunk fails, and not loop', async () => {
    const assets = join(out, 'assets')
    const dialogChunk = readdirSync(assets, { recursive: true, encoding: 'utf8' }).find(
      (file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes('contact-confirmation'),
    )
    expect(dialogChunk).toBeDefined()
    await page.route(`**/assets/${dialogChunk}`, (route) => route.abort())
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    const documents = collectDocumentRequests(page)

    await page.click('text=Start a project')
    await page.waitForEvent('load')
    await runtimeReady(page)
    expect(documents).toEqual([`${preview.url}/`])

    // Within the 10 s guard a second failure does not reload again: the visitor gets a message.
    await page.click('text=Start a project')
    await page.waitForSelector('.load-error')
    expect(documents).toEqual([`${preview.url}/`])
  })
})

describe('Content-Security-Policy', () => {
  it('should be sent with every page and never violated, on story pages, the 404 page, navigation and the contact dialog', async () => {
    await context.addInitScript(() => {
      const seen: string[] = (window.__csp = [])
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
    })
    const errors = collectErrors(page)
    const violations: string[] = []
    const collect = async () => violations.push(...(await page.evaluate(() => window.__csp ?? [])))
    for (const path of ['/', '/projects/harbour-lights/', '/blog/2025/working-in-the-open/', '/blog/2024/emoji-field-trip/', '/gone/away/']) {
      const response = await page.goto(`${preview.url}${path}`)
      expect(response!.headers()['content-security-policy'], path).toContain("script-src 'self'")
      if (path === '/gone/away/') await page.waitForFunction(() => document.getElementById('missing-path')?.textContent === '/gone/away/')
      else await runtimeReady(page)
      await collect()
    }
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    await page.click('nav >> text=About')
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About the studio')
    await page.click('text=Work with us')
    await page.waitForSelector('dialog[open], [role=dialog]')
    await collect()
    expect(violations).toEqual([])
    // The 404 document's own status is the one error Chromium reports.
    expect(errors.filter((error) => !error.includes('404 (Not Found) (http://127.0.0.1') || !error.includes('/gone/away/'))).toEqual([])
  })
})

describe('accessibility', () => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

  const violations = async () => {
    // Evaluated, not added as a <script>: the site's CSP rightly refuses inline scripts.
    await page.evaluate(axeSource)
    return page.evaluate(async () => {
      const result = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe.run()
      return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)
    })
  }

  for (const path of ['/', '/blog/', '/projects/', '/blog/2025/working-in-the-open/', '/projects/harbour-lights/', '/about/', '/de/ueber-uns/', '/ar/blog/2024/arabic-and-hebrew/']) {
    it(`should have no axe violations on ${path}`, async () => {
      await page.goto(`${preview.url}${path}`)
      await runtimeReady(page)
      expect(await violations()).toEqual([])
    })
  }

  it('should have no axe violations once React renders the page, at a phone width with the menu open', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${preview.url}/`)
    await runtimeReady(page)
    await page.getByRole('link', { name: 'Menu' }).click()
    await page.getByRole('link', { name: 'Journal' }).click()
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Journal')
    await page.getByRole('button', { name: 'Menu' }).click()
    expect(await violations()).toEqual([])
  })
})
