/**
 * A real build of the demo space (embedded CMS, Vite bundles, Vike render), checked route by route.
 * Longer than 200 lines because every test reads the one build made in beforeAll: splitting the
 * file would build the demo once more per file.
 */
import * as cheerio from 'cheerio'
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSpace } from '../cms/api/space.ts'
import { DEFAULT_PER_PAGE } from '../cms/config.ts'
import { SITE_CONFIG } from '../cms/content-model.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'
import { checkedRequests, minimumRequests } from '../cms/request-budget.ts'
import { routeDir, routeOf } from '../pages/routes.ts'
import type { RoutePayload } from '../pages/build-contract.ts'
import { runNode } from '../scripts/engine/bundles/child-process.ts'
import { clientEntryOf } from '../scripts/engine/bundles/client-entry.ts'
import { CHANGES_FILE } from '../scripts/engine/files/changes.ts'
import { digests, ROOT, runBuild, snapshot, tempDir, workDir, type BuildRun } from './helpers/build.ts'
import { routesByLanguage } from './helpers/space.ts'
import { waitFor } from './helpers/server.ts'

const SITE_URL = 'https://ateliernord.example'
const space = loadSpace(DEMO_SPACE_DIR)
const published = space.stories.filter((story) => story.published !== false && story.content.component !== SITE_CONFIG)
const crawled = space.stories.filter((story) => story.published !== false)
// The demo is bilingual (German, field-level) with one Arabic article.
const languages = routesByLanguage(space)
const allRoutes = [...languages.values()].flat()
const requests = minimumRequests(crawled.length, DEFAULT_PER_PAGE, 0, languages.size - 1)
const out = join(tempDir('build'), 'dist')
const work = workDir('build')
/** A build's files but its manifests (`builds/`), which name the build. */
/** A build's files apart from what names the build: its manifests and its changes record. */
const strip = (files: Map<string, Buffer>) => new Map([...files].filter(([file]) => !file.startsWith('builds/') && file !== CHANGES_FILE))
let run: BuildRun

function page(route: string) {
  return cheerio.load(readFileSync(join(out, routeDir(route), 'index.html'), 'utf8'))
}
function payload(route: string): RoutePayload {
  return JSON.parse(readFileSync(join(out, routeDir(route), '_payload.json'), 'utf8'))
}

beforeAll(async () => {
  run = await runBuild(['--out', out, '--work-dir', work, '--demo'], { SITE_URL })
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('build of the demo space', () => {
  it('should succeed and end with a summary', () => {
    expect(run.stderr).not.toMatch(/Build failed/)
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(new RegExp(`Built ${allRoutes.length} routes in [\\d.]+ s`))
    // The fewest requests the delivery API allows: 1 + (1 + languages) × ceil(stories / 25) + one page of redirects.
    expect(run.stdout).toContain(`CMS requests: ${requests}\n`)
    // The demo is clean content: hostile strings live in tests/fixtures/hostile-stories/.
    expect(run.stdout).toContain('Warnings: 0')
    expect(run.stderr).toContain(`Stories fetched: ${crawled.length}/${crawled.length}`)
  })

  it('should add nothing of languages to a build of the default language only: no hreflang, no switcher, no alternates', async () => {
    const single = join(tempDir('build-single'), 'dist')
    const singleWork = workDir('build-single')
    try {
      const alone = await runBuild(['--out', single, '--work-dir', singleWork, '--demo'], { SITE_URL, STORYBLOK_LANGUAGES: 'none' })
      expect(alone.code, alone.stderr).toBe(0)
      expect(alone.stdout).toMatch(new RegExp(`Built ${published.length} routes in [\\d.]+ s`))
      expect(alone.stdout).toContain(`CMS requests: ${minimumRequests(crawled.length, DEFAULT_PER_PAGE)}\n`)
      for (const story of published) {
        const route = routeOf(story)
        const $ = cheerio.load(readFileSync(join(single, routeDir(route), 'index.html'), 'utf8'))
        expect($('link[hreflang]').length + $('nav[aria-label=Language]').length, route).toBe(0)
        expect($('html').attr('lang')).toBe('en')
        expect(JSON.parse(readFileSync(join(single, routeDir(route), '_payload.json'), 'utf8'))).not.toHaveProperty('alternates')
      }
      expect(existsSync(join(single, 'de'))).toBe(false)
    } finally {
      rmSync(singleWork, { recursive: true, force: true })
    }
  })

  it('should give every route of the bilingual demo its lang and dir, and hreflang links to routes that link back', () => {
    for (const [code, routes] of languages) {
      for (const route of routes) {
        const $ = page(route)
        expect([$('html').attr('lang'), $('html').attr('dir')], route).toEqual([code ?? 'en', code === 'ar' ? 'rtl' : undefined])
        const versions = $('link[rel=alternate][hreflang]').map((_, link) => [[link.attribs.hreflang!, new URL(link.attribs.href!).pathname]]).get() as [string, string][]
        expect(versions.find(([language]) => language === (code ?? 'en'))?.[1], route).toBe(route)
        for (const [language, other] of versions) {
          if (language === 'x-default') continue
          expect(allRoutes, `${route} → ${other}`).toContain(other)
          expect(page(other)(`link[rel=alternate][hreflang=${code ?? 'en'}]`).attr('href'), `${other} → ${route}`).toBe(`${SITE_URL}${encodeURI(route)}`)
        }
      }
    }
  })

  it('should write index.html and _payload.json for every published story, and nothing for drafts', () => {
    for (const story of published) {
      const route = routeOf(story)
      expect(existsSync(join(out, routeDir(route), 'index.html')), route).toBe(true)
      expect(payload(route).story.uuid).toBe(story.uuid)
    }
    expect(existsSync(join(out, 'blog/2025/coming-soon'))).toBe(false)
  })

  it('should serve home at /, folder start pages at the folder and multi-segment slugs in nested folders', () => {
    expect(payload('/').story.full_slug).toBe('home')
    expect(payload('/blog/').story.full_slug).toBe('blog/')
    expect(payload('/blog/2025/six-pixel-type/').route).toBe('/blog/2025/six-pixel-type/')
    expect(page('/blog/2025/six-pixel-type/')('h1').text()).toBe('Designing type that works at six pixels')
  })

  it('should give every page a title, one h1, a meta description and a canonical URL', () => {
    for (const story of published) {
      const route = routeOf(story)
      const $ = page(route)
      expect($('title').text(), route).toMatch(/Atelier Nord/)
      expect($('h1'), route).toHaveLength(1)
      expect($('meta[name=description]').attr('content'), route).toBeTruthy()
      expect($('link[rel=canonical]').attr('href')).toBe(`${SITE_URL}${route}`)
      expect($('nav[aria-label=Main] .site-nav a').length).toBe(5)
    }
  })

  it('should put site-wide data in one content-hashed shell file that every page names, not in payloads', () => {
    const shellUrl = page('/')('#root').attr('data-shell')!
    expect(shellUrl).toMatch(/^\/assets\/site\.[0-9a-f]{12}\.json$/)
    for (const story of published) {
      expect(page(routeOf(story))('#root').attr('data-shell'), story.full_slug).toBe(shellUrl)
      expect(Object.keys(payload(routeOf(story))).sort(), story.full_slug).toEqual(expect.not.arrayContaining(['nav', 'site']))
    }
    expect(JSON.parse(readFileSync(join(out, shellUrl), 'utf8'))).toMatchObject({ site: { name: 'Atelier Nord', url: SITE_URL }, nav: expect.any(Array) })
  })

  it('should take the navigation, the footer links and the default description from the site settings story', () => {
    const shellUrl = page('/')('#root').attr('data-shell')!
    const shell = JSON.parse(readFileSync(join(out, shellUrl), 'utf8'))
    expect(shell.footer.map((item: { label: string }) => item.label)).toEqual(['Working in the open', 'Start a project', 'Our code'])
    expect(page('/about/')('footer nav[aria-label=Footer] a').map((_, a) => a.attribs.href).get()).toEqual(['/blog/2025/working-in-the-open/', '/contact/', 'https://example.org/atelier-nord'])
    expect(existsSync(join(out, 'config'))).toBe(false)
    expect(shell.nav).toEqual([
      { label: 'Home', route: '/' },
      { label: 'About', route: '/about/' },
      { label: 'Projects', route: '/projects/' },
      { label: 'Journal', route: '/blog/' },
      { label: 'Contact', route: '/contact/' },
    ])
  })

  it('should keep editor markers, tokens and draft content out of HTML and payloads', () => {
    for (const [file, bytes] of snapshot(out)) {
      const text = bytes.toString('utf8')
      // Scripts may mention the field (the editor-mode code reads it); content files may not.
      if (/\.(html|json)$/.test(file)) {
        expect(text, file).not.toContain('_editable')
        expect(text, file).not.toContain('#storyblok#')
        expect(text, file).not.toContain('data-blok-')
      }
      expect(text, file).not.toContain(space.tokens.public)
      expect(text, file).not.toContain(space.tokens.preview)
      expect(text, file).not.toContain('draft: new team photo')
    }
  })

  it('should put resolved relations in payloads as cards and resolve story links to routes', () => {
    const harbour = payload('/projects/harbour-lights/')
    const related = harbour.story.content.related as { route: string; content: Record<string, unknown> }[]
    expect(related.map((card) => card.route)).toEqual(['/projects/tidewater-archive/', '/projects/atlas-type/', '/projects/field-notes/'])
    expect(Object.keys(related[0]!.content).sort()).toEqual(['_uid', 'component', 'description', 'image', 'title'])
    expect(page('/projects/harbour-lights/')('a.card').map((_, a) => a.attribs.href).get()).toEqual([
      '/projects/tidewater-archive/',
      '/projects/atlas-type/',
      '/projects/field-notes/',
    ])
    expect(payload('/about/').links).toEqual({ [space.stories.find((s) => s.full_slug === 'blog/2025/working-in-the-open')!.uuid]: '/blog/2025/working-in-the-open/' })
  })

  it('should list projects newest first where an all-projects block appears, honouring its limit', () => {
    expect(payload('/').lists!.project!.map((card) => card.route)).toEqual(['/projects/harbour-lights/', '/projects/field-notes/', '/projects/atlas-type/'])
    expect(payload('/projects/').lists?.project).toHaveLength(6)
    expect(payload('/about/').lists).toBeUndefined()
    expect(page('/projects/')('.list-project a.card')).toHaveLength(6)
  })

  it('should render 404.html and 500.html with their titles', () => {
    const notFound = cheerio.load(readFileSync(join(out, '404.html'), 'utf8'))
    expect(notFound('title').text()).toBe('Page Not Found')
    expect(notFound('main').text()).toContain('Page Not Found: ')
    // The site's look with its navigation, and no monospace block that reads like a stack trace.
    expect(notFound('main code, main pre')).toHaveLength(0)
    expect(notFound('header nav a').map((_, a) => a.attribs.href).get()).toContain('/projects/')
    const german = cheerio.load(readFileSync(join(out, 'de', '404.html'), 'utf8'))
    expect(german('main h1').text()).toBe('Seite nicht gefunden')
    expect(german('header nav a').map((_, a) => a.attribs.href).get()).toContain('/de/projects/')
    const serverError = cheerio.load(readFileSync(join(out, '500.html'), 'utf8'))
    expect(serverError('title').text()).toBe('Internal Server Error')
    expect(serverError('h1').text()).toBe('Internal Server Error')
  })

  it('should mark the section of a page in the header: Journal on articles, Projects on projects', () => {
    expect(page('/blog/2025/working-in-the-open/')('header .site-nav a[aria-current]').map((_, a) => [[a.attribs.href, a.attribs['aria-current']]]).get()).toEqual([['/blog/', 'true']])
    expect(page('/projects/harbour-lights/')('header .site-nav a[aria-current]').map((_, a) => [[a.attribs.href, a.attribs['aria-current']]]).get()).toEqual([['/projects/', 'true']])
    expect(page('/projects/')('header .site-nav a[aria-current]').map((_, a) => [[a.attribs.href, a.attribs['aria-current']]]).get()).toEqual([['/projects/', 'page']])
    expect(page('/de/projects/kiln/')('header .site-nav a[aria-current]').map((_, a) => a.attribs.href).get()).toEqual(['/de/projects/'])
    expect(page('/de/projects/kiln/')('.project-link').text()).toBe('Zum Projekt (öffnet in einem neuen Tab)')
  })

  it('should write build manifests listing every route', () => {
    const latest = JSON.parse(readFileSync(join(out, 'builds/latest.json'), 'utf8'))
    expect(Object.keys(latest).sort()).toEqual(['client', 'id', 'timestamp'])
    const meta = JSON.parse(readFileSync(join(out, 'builds/meta', `${latest.id}.json`), 'utf8'))
    expect(meta.id).toBe(latest.id)
    // The client script every page loads, by which open tabs notice new code.
    expect(latest.client).toMatch(/^\/assets\/entries\/renderer_client\.[\w-]+\.js$/)
    expect(existsSync(join(out, latest.client))).toBe(true)
    expect(readFileSync(join(out, 'about/index.html'), 'utf8')).toContain(`<script src="${latest.client}"`)
    expect(meta.routes.sort()).toEqual(allRoutes.sort())
  })

  it('should publish the demo images the content points at', () => {
    for (const [file] of snapshot(out)) {
      if (!file.endsWith('.html')) continue
      const $ = cheerio.load(readFileSync(join(out, file), 'utf8'))
      $('img').each((_, img) => {
        expect(existsSync(join(out, img.attribs.src!)), `${file}: ${img.attribs.src}`).toBe(true)
      })
    }
  })

  it('should produce the same bytes for the same content, apart from build manifests', async () => {
    const again = join(tempDir('build-again'), 'dist')
    const second = await runBuild(['--out', again, '--work-dir', work, '--demo'], { SITE_URL })
    expect(second.code).toBe(0)
    expect(digests(strip(snapshot(again)))).toEqual(digests(strip(snapshot(out))))
  })
})

describe('site files', () => {
  /** The route a URL of the build names, when the build serves it (a page folder or a file). */
  function servedRoute(url: string): string | undefined {
    const { origin, pathname } = new URL(url)
    if (origin !== SITE_URL) return undefined
    const path = decodeURIComponent(pathname)
    if (path.endsWith('/')) return existsSync(join(out, routeDir(path), 'index.html')) ? path : undefined
    return existsSync(join(out, path)) ? path : undefined
  }

  it('should write a well-formed sitemap with an absolute URL and a lastmod for every route, each served by the build', () => {
    const $ = cheerio.load(readFileSync(join(out, 'sitemap.xml'), 'utf8'), { xml: true })
    const urls = $('url').map((_, element) => ({ loc: $(element).find('loc').text(), lastmod: $(element).find('lastmod').text() })).get()
    const meta = JSON.parse(readFileSync(join(out, 'builds/meta', `${JSON.parse(readFileSync(join(out, 'builds/latest.json'), 'utf8')).id}.json`), 'utf8')) as { routes: string[] }
    expect(urls.map(({ loc }) => servedRoute(loc)).sort()).toEqual([...meta.routes].sort())
    for (const { lastmod } of urls) expect(Number.isNaN(Date.parse(lastmod))).toBe(false)
  })

  it('should link the favicon set and a web manifest naming the site, every file of it in the build', () => {
    const $ = page('/')
    const linked = ['link[rel=icon]', 'link[rel=apple-touch-icon]', 'link[rel=manifest]'].flatMap((selector) => $(selector).map((_, element) => $(element).attr('href')!).get())
    expect(linked).toEqual(['/favicon.ico', '/favicon.svg', '/apple-touch-icon.png', '/site.webmanifest'])
    const manifest = JSON.parse(readFileSync(join(out, 'site.webmanifest'), 'utf8')) as { name: string; start_url: string; icons: { src: string }[] }
    expect(manifest).toMatchObject({ name: 'Atelier Nord', start_url: '/' })
    for (const href of [...linked, ...manifest.icons.map((icon) => icon.src)]) expect(existsSync(join(out, href)), href).toBe(true)
    expect($('meta[name=theme-color]').attr('content')).toBe('#262626')
  })

  it('should write robots.txt naming the sitemap', () => {
    expect(readFileSync(join(out, 'robots.txt'), 'utf8')).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${SITE_URL}/sitemap.xml\n`)
  })

  it('should write an Atom feed of the newest articles with absolute URLs the build serves, linked from every page', () => {
    const $ = cheerio.load(readFileSync(join(out, 'feed.xml'), 'utf8'), { xml: true })
    const ids = $('entry > id').map((_, element) => $(element).text()).get()
    const articles = published.filter((story) => story.content.component === 'article')
    expect(ids).toHaveLength(Math.min(articles.length, 20))
    for (const id of ids) expect(servedRoute(id), id).toBeDefined()
    const dates = $('entry > published').map((_, element) => $(element).text()).get()
    expect(dates).toEqual([...dates].sort().reverse())
    for (const route of ['/', '/about/']) {
      expect(page(route)('link[rel=alternate][type="application/atom+xml"]').attr('href')).toBe('/feed.xml')
    }
  })

  it('should lead the breadcrumbs of a page its language lacks the pages above to their default versions', () => {
    const $ = page('/ar/blog/2024/arabic-and-hebrew/')
    expect($('nav.breadcrumbs a').map((_, a) => `${a.attribs.href} ${$(a).text()}`).get()).toEqual(['/ Home', '/blog/ Journal'])
  })

  it('should give each language its own feed of its articles, linked from its pages', () => {
    const $ = cheerio.load(readFileSync(join(out, 'de/feed.xml'), 'utf8'), { xml: true })
    expect($('feed').attr('xml:lang')).toBe('de')
    expect($('feed > id').text()).toBe(`${SITE_URL}/de/feed.xml`)
    const links = $('entry > link').map((_, link) => link.attribs.href).get()
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) expect(allRoutes, link).toContain(new URL(link).pathname)
    expect($('entry > title').map((_, title) => $(title).text()).get()).toContain('Offen arbeiten')
    expect(page('/de/ueber-uns/')('link[rel=alternate][type="application/atom+xml"]').attr('href')).toBe('/de/feed.xml')
  })

  it('should give every story page share tags with an image the build serves, and structured data that parses', () => {
    const meta = JSON.parse(readFileSync(join(out, 'builds/meta', `${JSON.parse(readFileSync(join(out, 'builds/latest.json'), 'utf8')).id}.json`), 'utf8')) as { routes: string[] }
    for (const route of meta.routes) {
      const $ = page(route)
      expect($('meta[property="og:title"]').attr('content'), route).toBeTruthy()
      expect($('meta[property="og:url"]').attr('content'), route).toBe(`${SITE_URL}${encodeURI(route)}`)
      expect(servedRoute($('meta[property="og:image"]').attr('content')!), route).toBeDefined()
      const things = $('script[type="application/ld+json"]').map((_, element) => JSON.parse($(element).text()) as { '@type': string }).get()
      if (route === '/' || route === '/de/') expect(things.map((thing) => thing['@type']), route).toEqual(['Organization'])
      else expect(things.map((thing) => thing['@type']), route).toContain('BreadcrumbList')
    }
  })
})

describe('one render path', () => {
  it("should write every page as Vike's renderPage() renders it in dev, tags included", async () => {
    // The render pool renders our document without Vike and puts in the client bundle's tags from
    // its manifest (scripts/engine/render/render-page.ts); Vike's own render of the same payloads
    // and shells, through the server bundle it built, must give the same bytes.
    const vike = runNode([join(ROOT, 'tests/fixtures/vike-render/render.mjs'), join(work, 'vike'), out], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } })
    const { code } = await vike.exited
    expect(code, vike.stderr()).toBe(0)
    const pages = JSON.parse(vike.stdout()) as Record<string, string>
    expect(Object.keys(pages).length).toBeGreaterThan(20)
    // Vike announces no chunks for pages that are HTML-only to it; the build announces every chunk the entry imports.
    const { imports } = clientEntryOf(join(work, 'vike'))
    expect(imports.length).toBeGreaterThan(0)
    const announced = imports.map((href) => `<link rel="modulepreload" href="${href}" as="script" type="text/javascript">`).join('')
    for (const [file, html] of Object.entries(pages)) {
      const page = readFileSync(join(out, file), 'utf8')
      expect(page, file).toContain(` type="module" async></script>${announced}</body>`)
      expect(page.replace(announced, ''), file).toBe(html)
    }
  })
})

describe('render workers', () => {
  it('should write the same pages when payloads are made on workers too', async () => {
    // The demo's passes are small enough for one worker: the main thread makes every payload and
    // the worker every document. With three, one worker makes payloads beside the main thread and
    // two make documents (scripts/engine/render/pool.ts).
    const dir = tempDir('build-staged')
    const [staged, stats] = [join(dir, 'dist'), join(dir, 'stats.json')]
    const stagedRun = await runBuild(['--out', staged, '--work-dir', work, '--demo'], { SITE_URL, BUILD_WORKERS: '3', BUILD_STATS_FILE: stats })
    expect(stagedRun.code).toBe(0)
    const figures = JSON.parse(readFileSync(stats, 'utf8'))
    expect(figures.workers).toBe(3)
    // The benchmark reports the kernel's share of the CPU apart (docs/benchmark/README.md).
    expect(figures.systemSeconds).toBeGreaterThan(0)
    expect(figures.systemSeconds).toBeLessThanOrEqual(figures.cpuSeconds)
    expect(digests(strip(snapshot(staged)))).toEqual(digests(strip(snapshot(out))))
    // The document workers write both files of each page, which the main thread counts once.
    const written = (stdout: string) => stdout.match(/(\d+) files written/)?.[1]
    expect(written(stagedRun.stdout)).toBeDefined()
    expect(written(run.stdout)).toBe(written(stagedRun.stdout))
  })
})

describe('publishing', () => {
  const latest = () => JSON.parse(readFileSync(join(out, 'builds/latest.json'), 'utf8')).id as string
  const builds = join(out, '..', '.dist.builds')

  it('should rebuild nothing when nothing changed', async () => {
    // Other tests may have built elsewhere with this work dir (then the cache is not this output's
    // and this build is full); after it, the cache describes this output.
    expect((await runBuild(['--out', out, '--work-dir', work, '--demo'], { SITE_URL })).code).toBe(0)
    const id = latest()
    const again = await runBuild(['--out', out, '--work-dir', work, '--demo'], { SITE_URL })
    expect(again.code).toBe(0)
    // It reads the links instead of crawling: 1 + 1 + 1 for the demo (README, "Building your Storyblok space").
    expect(again.stdout).toMatch(new RegExp(`No page changed .*; build .* stays live\\. CMS requests: ${checkedRequests(crawled.length)}\\.`))
    expect(latest()).toBe(id)
  })

  it('should fall back to a full build when the cache is corrupt', async () => {
    writeFileSync(join(work, 'cache', 'state.json'), '{"version": 1, "trunc')
    const run = await runBuild(['--out', out, '--work-dir', work, '--demo'], { SITE_URL })
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/Build: full \(full crawl: the build cache is unreadable/)
  })

  it('should make each build live by switching a link to it, keeping the two before it', async () => {
    const ids = [latest()]
    // Another site URL changes every page, so each build goes live; the last is the live build the next tests expect.
    for (const siteUrl of ['https://one.example', 'https://two.example', SITE_URL]) {
      const run = await runBuild(['--out', out, '--work-dir', work, '--demo'], { SITE_URL: siteUrl })
      expect(run.code).toBe(0)
      expect(run.stdout).toMatch(/Build: full/)
      ids.push(latest())
    }
    expect(new Set(ids).size).toBe(4)
    expect(lstatSync(out).isSymbolicLink()).toBe(true)
    expect(basename(realpathSync(out))).toBe(ids[3])
    expect(readdirSync(builds).filter((name) => !name.startsWith('.') && name !== 'history.json').sort()).toEqual(ids.slice(1).sort())
    for (const id of ids.slice(1)) expect(JSON.parse(readFileSync(join(builds, id, 'builds/latest.json'), 'utf8')).id).toBe(id)
    // The replaced build is deleted in the background once the new one is live.
    await waitFor(() => !readdirSync(builds).some((name) => name.startsWith('.trash-')), 30_000, 'the oldest build to be deleted')
    expect(existsSync(join(builds, ids[0]!))).toBe(false)
  })

  it("should keep the replaced build's hashed assets in the new build, for tabs still open on it", async () => {
    // The live build as if its bundle had an asset the next bundle does not.
    const metaFile = join(out, 'builds/meta', `${latest()}.json`)
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { assets: string[] }
    expect(meta.assets.length).toBeGreaterThan(0)
    writeFileSync(join(out, 'assets', 'chunk-of-the-old-build.js'), 'old()')
    rmSync(metaFile)
    writeFileSync(metaFile, JSON.stringify({ ...meta, assets: [...meta.assets, 'assets/chunk-of-the-old-build.js'] }))
    const run = await runBuild(['--out', out, '--work-dir', work, '--full', '--demo'], { SITE_URL })
    expect(run.code).toBe(0)
    expect(readFileSync(join(out, 'assets', 'chunk-of-the-old-build.js'), 'utf8')).toBe('old()')
    const next = JSON.parse(readFileSync(join(out, 'builds/meta', `${latest()}.json`), 'utf8')) as { assets: string[] }
    expect(next.assets).toEqual(meta.assets)
    for (const asset of next.assets) expect(existsSync(join(out, asset)), asset).toBe(true)
  })
})

describe('build environment', () => {
  it('should bundle production React even when NODE_ENV says otherwise', () => {
    // vitest sets NODE_ENV=test, which the build inherits: the bundle must not contain React's dev build.
    for (const [file, bytes] of snapshot(join(out, 'assets'))) {
      // Messages that exist only in React's development build (checked against a NODE_ENV=development bundle).
      expect(bytes.toString('utf8'), file).not.toContain('Invalid hook call')
      expect(bytes.toString('utf8'), file).not.toContain('hydration-mismatch')
    }
  })
})
