/**
 * Renders every route through Vike's renderPage() (the same hooks and components as `vike dev`)
 * and writes `index.html` and `_payload.json` as each page is done, so the site never has to fit in
 * memory. Also renders 404.html and 500.html.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BLOCK_NAMES, blockName, type Story } from '../cms/content-model.ts'
import { eachBlok } from '../cms/content-walk.ts'
import type { SiteInfo } from '../pages/payload.ts'
import { routeDir } from '../pages/routes.ts'
import { siteOf } from '../pages/site.ts'
import type { OutputWriter } from './output.ts'

export interface PrerenderInput {
  stories: Story[]
  site: SiteInfo
  /** Vike's build output (the directory holding `server/entry.mjs`). */
  bundleDir: string
  output: OutputWriter
  onProgress?: (done: number, total: number) => void
}

export interface PrerenderResult {
  routes: string[]
  /** Unregistered block names, each with the stories using it. */
  unknownBlocks: Map<string, Set<string>>
  /** Story links to stories the crawl does not have, as `story → uuid`. */
  brokenLinks: { story: string; uuid: string }[]
}

const KNOWN_BLOCKS = new Set<string>(BLOCK_NAMES)

export class RenderError extends Error {
  constructor(route: string, story: string | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(`Rendering ${route}${story ? ` (story "${story}")` : ''} failed: ${reason}`)
    this.name = 'RenderError'
  }
}

type RenderPage = (typeof import('vike/server'))['renderPage']

async function loadRenderer(bundleDir: string): Promise<RenderPage> {
  // The server entry registers the build with Vike; renderPage() then renders from it.
  await import(pathToFileURL(join(bundleDir, 'server', 'entry.mjs')).href)
  return (await import('vike/server')).renderPage
}

async function render(renderPage: RenderPage, init: Record<string, unknown> & { urlOriginal: string }, expected: number, story?: string) {
  const pageContext = await renderPage(init)
  const status = pageContext.httpResponse?.statusCode
  // The 500 page is reached through the abort its guard throws; any other error is a failure.
  const asked = expected === 500 && pageContext.abortStatusCode === 500 && pageContext.pageId === '/pages/_error'
  if ((pageContext.errorWhileRendering && !asked) || status !== expected || !pageContext.httpResponse) {
    throw new RenderError(init.urlOriginal, story, pageContext.errorWhileRendering ?? `status ${status}, expected ${expected}`)
  }
  return pageContext.httpResponse.body
}

export async function prerender({ stories, site, bundleDir, output, onProgress }: PrerenderInput): Promise<PrerenderResult> {
  const renderPage = await loadRenderer(bundleDir)
  const { routes, index, payloadFor } = siteOf(stories, site)
  const unknownBlocks = new Map<string, Set<string>>()
  const brokenLinks: PrerenderResult['brokenLinks'] = []

  let done = 0
  for (const [route, story] of routes) {
    eachBlok(story.content, (blok) => {
      if (KNOWN_BLOCKS.has(blockName(blok.component))) return
      const users = unknownBlocks.get(blok.component) ?? new Set()
      unknownBlocks.set(blok.component, users.add(story.full_slug))
    })
    const { payload, brokenLinks: broken } = payloadFor(route)!
    for (const uuid of broken) brokenLinks.push({ story: story.full_slug, uuid })

    const html = await render(renderPage, { urlOriginal: route, payload }, 200, story.full_slug)
    const dir = routeDir(route)
    await output.write(join(dir, 'index.html'), html, 'html')
    await output.write(join(dir, '_payload.json'), JSON.stringify(payload), 'payload')
    onProgress?.(++done, routes.size)
  }

  const shell = { nav: index.nav, site }
  // One static 404.html answers every missing path: its path slot is filled in the browser.
  await output.write('404.html', await render(renderPage, { urlOriginal: '/404/', shell, missingPath: '' }, 404), 'html')
  await output.write('500.html', await render(renderPage, { urlOriginal: '/500/', shell, renderServerError: true }, 500), 'html')
  return { routes: [...routes.keys()], unknownBlocks, brokenLinks }
}
