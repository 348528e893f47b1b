/**
 * The visual-editor preview in Chromium: a stand-in for Storyblok's bridge script is served at the
 * bridge URL by request interception (the real host is out of reach here), and events are emitted
 * through it as the editor would.
 *
 * Longer than 200 lines because its tests share two builds (production and preview) and the
 * servers that serve them; a file per topic would build both again.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { loadSpace } from '../cms/api/space.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'
import type { RoutePayload } from '../pages/build-contract.ts'
import { BRIDGE_URL } from '../renderer/client/editor/bridge.ts'
import { runBuild, snapshot, tempDir, workDir } from './helpers/build.ts'
import { startServer } from './helpers/server.ts'
import { editorToken } from '../scripts/server/preview-proxy.ts'
import { collectDocumentRequests, collectErrors, runtimeReady, launchBrowser, startPreview, type Preview } from './helpers/browser.ts'

const STAND_IN_BRIDGE = `
  window.StoryblokBridge = class {
    constructor(options) { this.options = options; this.handlers = []; window.__bridge = this }
    on(events, callback) { this.handlers.push([[].concat(events), callback]) }
    emit(event) { for (const [events, callback] of this.handlers) if (events.includes(event.action)) callback(event) }
  }`
const EDITOR_QUERY = '?_storyblok=40002&_storyblok_c=page&_storyblok_tk[space_id]=1000&_storyblok_tk[timestamp]=1&_storyblok_tk[token]=x'

const space = loadSpace(DEMO_SPACE_DIR)
const production = join(tempDir('editor-prod'), 'dist')
const previewBuild = join(tempDir('editor-preview'), 'dist')
const work = workDir('editor')
let cms: CmsServer
let productionServer: Preview
let previewServer: Preview
let browser: Browser
let context: BrowserContext
let page: Page
let bridgeRequests: string[]

beforeAll(async () => {
  // The CMS stays up for the whole file: the preview build's browser code fetches drafts from it.
  cms = await startCmsServer({ space: structuredClone(space) })
  const prod = await runBuild(['--out', production, '--work-dir', work])
  expect(prod.code, prod.stderr).toBe(0)
  const preview = await runBuild(['--out', previewBuild, '--work-dir', work, '--preview'], {
    STORYBLOK_API_URL: cms.url,
    STORYBLOK_TOKEN: space.tokens.public,
    STORYBLOK_PREVIEW_TOKEN: space.tokens.preview,
  })
  expect(preview.code, preview.stderr).toBe(0)
  expect(preview.stdout).toContain('PREVIEW BUILD')
  productionServer = await startPreview(production)
  previewServer = await startPreview(previewBuild)
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  productionServer?.close()
  previewServer?.close()
  await cms?.close()
  rmSync(work, { recursive: true, force: true })
})
beforeEach(async () => {
  context = await browser.newContext()
  bridgeRequests = []
  await context.route(BRIDGE_URL, (route) => {
    bridgeRequests.push(route.request().url())
    return route.fulfill({ contentType: 'text/javascript', body: STAND_IN_BRIDGE })
  })
  page = await context.newPage()
})
afterEach(async () => {
  await context.close()
  cms.space.tokens.preview = space.tokens.preview
})

function payloadOf(dir: string, route: string): RoutePayload {
  return JSON.parse(readFileSync(join(dir, route, '_payload.json'), 'utf8'))
}
const emit = (event: object) => page.evaluate((e) => (window as unknown as { __bridge: { emit: (e: object) => void } }).__bridge.emit(e), event)
const waitForBridge = () => page.waitForFunction(() => '__bridge' in window && (window as unknown as { __bridge: { handlers: unknown[] } }).__bridge.handlers.length > 0)

describe('visual editor in a production build', () => {
  it('should load the bridge only with _storyblok and say that drafts need a preview build', async () => {
    await page.goto(`${productionServer.url}/about/`)
    await runtimeReady(page)
    expect(bridgeRequests).toEqual([])
    await page.goto(`${productionServer.url}/about/${EDITOR_QUERY}`)
    await waitForBridge()
    expect(bridgeRequests).toEqual([BRIDGE_URL])
    expect(await page.textContent('#editor-notice')).toMatch(/cannot read drafts/)
    expect(await page.textContent('h1')).toBe('About the studio')
  })

  it('should update live on input, ignore other stories and reload on change', async () => {
    const errors = collectErrors(page)
    await page.goto(`${productionServer.url}/about/${EDITOR_QUERY}`)
    await waitForBridge()
    const about = space.stories.find((story) => story.full_slug === 'about')!
    const edited = structuredClone(about)
    edited.content.title = 'About us, edited live'
    ;(edited.content.body as { headline?: string }[])[0]!.headline = 'Typed in the editor'
    edited.content._editable = `<!--#storyblok#{"name":"page","space":"1000","uid":"${about.content._uid}","id":"${about.id}"}-->`

    await emit({ action: 'input', story: edited })
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About us, edited live')
    expect(await page.textContent('.teaser h2')).toBe('Typed in the editor')
    expect(await page.getAttribute('article.page', 'data-blok-uid')).toBe(`${about.id}-${about.content._uid}`)

    const documents = collectDocumentRequests(page)
    const other = structuredClone(space.stories.find((story) => story.full_slug === 'contact')!)
    other.content.title = 'Not this page'
    await emit({ action: 'input', story: other })
    await emit({ action: 'change', storyId: other.id })
    // Events are handled in order: once this later edit of the current story shows, the other
    // story's input and change have been handled, and neither rendered nor reloaded anything.
    edited.content.title = 'About us, edited again'
    await emit({ action: 'input', story: edited })
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About us, edited again')
    expect(documents).toEqual([])

    await Promise.all([page.waitForEvent('load'), emit({ action: 'change', storyId: about.id })])
    expect(documents).toHaveLength(1)
    expect(await page.textContent('h1')).toBe('About the studio')
    // A static host has no preview proxy: the editor asks for it once (the 404 Chromium logs) and shows the notice.
    expect(errors.filter((error) => !error.includes('/api/preview/story?'))).toEqual([])
  })

  it('should reload on published for the current story', async () => {
    await page.goto(`${productionServer.url}/about/${EDITOR_QUERY}`)
    await waitForBridge()
    const { story } = payloadOf(production, 'about')
    const documents = collectDocumentRequests(page)
    await Promise.all([page.waitForEvent('load'), emit({ action: 'published', storyId: story.id })])
    expect(documents).toHaveLength(1)
  })
})

describe('visual editor in a preview build', () => {
  it('should swap in the draft with editor markers', async () => {
    await page.goto(`${previewServer.url}/about/${EDITOR_QUERY}`)
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About the studio (draft: new team photo coming)')
    expect(await page.textContent('.teaser h2')).toBe('Seven people, one table.')
    expect(await page.locator('[data-blok-uid]').count()).toBeGreaterThan(1)
    expect(await page.locator('#editor-notice').count()).toBe(0)
  })

  it('should keep the published content and tell the editor when the preview token is rejected', async () => {
    cms.space.tokens.preview = 'rotated-token'
    await page.goto(`${previewServer.url}/about/${EDITOR_QUERY}`)
    await page.waitForSelector('#editor-notice')
    expect(await page.textContent('#editor-notice')).toMatch(/draft could not be loaded.*401/)
    expect(await page.textContent('h1')).toBe('About the studio')
  })

  it('should show visitors of a preview build the published content without loading editor code', async () => {
    const scripts: string[] = []
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()))
    await page.goto(`${previewServer.url}/about/`)
    await runtimeReady(page)
    expect(await page.textContent('h1')).toBe('About the studio')
    expect(bridgeRequests).toEqual([])
    const editorChunk = editorChunkOf(previewBuild)
    expect(scripts.some((url) => url.endsWith(editorChunk))).toBe(false)
  })
})

function editorChunkOf(dir: string): string {
  const assets = join(dir, 'assets')
  const chunk = readdirSync(assets, { recursive: true, encoding: 'utf8' }).find(
    (file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes('the draft could not be loaded'),
  )
  expect(chunk).toBeDefined()
  return chunk!
}

describe('visual editor through npm start (preview proxy)', () => {
  it('should swap in the draft with no token in the build, and refuse a forged editor link', async () => {
    // The production build from above, served by the production server: its embedded demo CMS
    // answers the proxy with the demo space's preview token, which no built file contains.
    const server = await startServer(['--out', production, '--work-dir', work, '--insecure-webhooks'], {})
    try {
      const now = Math.floor(Date.now() / 1000)
      const signed = `_storyblok_tk[space_id]=${space.id}&_storyblok_tk[timestamp]=${now}&_storyblok_tk[token]=${editorToken(space.id, space.tokens.preview, now)}`
      const errors = collectErrors(page)
      await page.goto(`${server.url}/about/?_storyblok=40008&_storyblok_c=page&${signed}`)
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About the studio (draft: new team photo coming)')
      expect(await page.$('#editor-notice')).toBeNull()
      expect(errors).toEqual([])

      await page.goto(`${server.url}/about/${EDITOR_QUERY}`)
      await waitForBridge()
      await page.waitForSelector('#editor-notice')
      expect(await page.textContent('#editor-notice')).toMatch(/draft could not be loaded \(Preview refused: the editor token is not valid for this space\.\)/)
      expect(await page.textContent('h1')).toBe('About the studio')
    } finally {
      await server.stop()
    }
  })
})

describe('Content-Security-Policy in the editor', () => {
  const violationsOf = async (target: Page) => target.evaluate(() => (window as unknown as { __csp: string[] }).__csp)

  it('should not be violated by the bridge, drafts from the CMS or the preview proxy', async () => {
    await context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = [])
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
    })
    const violations: string[] = []
    // A production build on a static host: the bridge, and the proxy's 404.
    await page.goto(`${productionServer.url}/about/${EDITOR_QUERY}`)
    await waitForBridge()
    await page.waitForSelector('#editor-notice')
    violations.push(...(await violationsOf(page)))
    // A preview build: the draft is fetched from the CMS API in the browser.
    await page.goto(`${previewServer.url}/about/${EDITOR_QUERY}`)
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About the studio (draft: new team photo coming)')
    await waitForBridge()
    violations.push(...(await violationsOf(page)))
    // npm start: the draft comes through the preview proxy.
    const server = await startServer(['--out', production, '--work-dir', work, '--insecure-webhooks'], {})
    try {
      const now = Math.floor(Date.now() / 1000)
      const signed = `_storyblok_tk[space_id]=${space.id}&_storyblok_tk[timestamp]=${now}&_storyblok_tk[token]=${editorToken(space.id, space.tokens.preview, now)}`
      const response = await page.goto(`${server.url}/about/?_storyblok=40008&_storyblok_c=page&${signed}`)
      expect(response!.headers()['content-security-policy']).toContain('frame-ancestors')
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About the studio (draft: new team photo coming)')
      await waitForBridge()
      violations.push(...(await violationsOf(page)))
    } finally {
      await server.stop()
    }
    expect(violations).toEqual([])
  })

  it('should let the Storyblok editor frame the site, and no other origin', async () => {
    // The site as deployed on a public origin (Chromium keeps public pages from framing loopback
    // ones): requests to it are answered by the preview server, headers included.
    await context.route('https://site.example/**', async (route) => {
      const url = new URL(route.request().url())
      return route.fulfill({ response: await route.fetch({ url: `${productionServer.url}${url.pathname}${url.search}` }) })
    })
    const framing = `<!DOCTYPE html><title>editor</title><iframe src="https://site.example/about/${EDITOR_QUERY}" width="800" height="600"></iframe>`
    await context.route('https://app.storyblok.com/editor', (route) => route.fulfill({ contentType: 'text/html', body: framing }))
    await context.route('https://elsewhere.example/', (route) => route.fulfill({ contentType: 'text/html', body: framing }))

    await page.goto('https://app.storyblok.com/editor')
    const site = () => page.frames().find((frame) => frame.url().startsWith('https://site.example/'))
    await expect.poll(async () => site()?.textContent('h1').catch(() => null), { timeout: 20_000 }).toBe('About the studio')

    const refused = page.waitForEvent('console', { predicate: (message) => /frame-ancestors/.test(message.text()), timeout: 20_000 })
    await page.goto('https://elsewhere.example/')
    await refused
    const framed = page.frames().find((frame) => frame !== page.mainFrame())!
    expect(framed.url()).not.toMatch(/^https:\/\/site\.example\//)
    expect(await framed.textContent('body').catch(() => '')).not.toContain('About the studio')
  })
})

describe('robots', () => {
  it('should keep robots out of a preview build: noindex on every page, robots.txt disallowing all, no sitemap or feed', () => {
    expect(readFileSync(join(previewBuild, 'robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /\n')
    expect(existsSync(join(previewBuild, 'sitemap.xml'))).toBe(false)
    expect(existsSync(join(previewBuild, 'feed.xml'))).toBe(false)
    for (const file of ['index.html', 'about/index.html', '404.html']) {
      expect(readFileSync(join(previewBuild, file), 'utf8'), file).toContain('<meta name="robots" content="noindex">')
    }
  })

  it('should let robots index a production build, with no sitemap or feed when SITE_URL is not set', () => {
    expect(readFileSync(join(production, 'robots.txt'), 'utf8')).toBe('User-agent: *\nAllow: /\n')
    expect(existsSync(join(production, 'sitemap.xml'))).toBe(false)
    expect(existsSync(join(production, 'feed.xml'))).toBe(false)
    const home = readFileSync(join(production, 'index.html'), 'utf8')
    expect(home).not.toContain('noindex')
    expect(home).not.toContain('application/atom+xml')
  })
})

describe('tokens in bundles', () => {
  it('should keep every token out of a production build', () => {
    for (const [file, bytes] of snapshot(production)) {
      for (const token of [space.tokens.public, space.tokens.preview]) expect(bytes.includes(token), file).toBe(false)
    }
  })

  it('should put the preview token of a preview build only into the editor chunk', () => {
    const holders = [...snapshot(previewBuild)].filter(([, bytes]) => bytes.includes(space.tokens.preview)).map(([file]) => file)
    expect(holders).toEqual([join('assets', editorChunkOf(previewBuild))])
  })
})
