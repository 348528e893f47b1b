/**
 * Renders every route through Vike's renderPage() (the same hooks and components as the dev
 * server) on a pool of worker threads, and writes `index.html` and `_payload.json` as each page is
 * done, so the site never has to fit in memory. Also renders 404.html and 500.html.
 */
import { join } from 'node:path'
import { BLOCK_NAMES, blockName } from '../cms/content-model.ts'
import { bounded } from '../cms/concurrency.ts'
import { eachBlok } from '../cms/content-walk.ts'
import type { RoutePayload } from '../pages/payload.ts'
import { routeDir } from '../pages/routes.ts'
import type { Site } from '../pages/site.ts'
import type { OutputWriter } from './output.ts'
import { RenderPool, type RenderRequest } from './render-pool.ts'

export interface PrerenderInput {
  site: Site
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
/** Pages in flight per worker: enough to keep workers and disk busy, few enough to bound memory. */
const IN_FLIGHT_PER_WORKER = 4

function collectUnknownBlocks(story: RoutePayload['story'], into: Map<string, Set<string>>): void {
  eachBlok(story.content, (blok) => {
    if (KNOWN_BLOCKS.has(blockName(blok.component))) return
    const users = into.get(blok.component) ?? new Set()
    into.set(blok.component, users.add(story.full_slug))
  })
}

export async function prerender({ site, bundleDir, output, onProgress }: PrerenderInput): Promise<PrerenderResult> {
  const { routes, index, payloadFor } = site
  const unknownBlocks = new Map<string, Set<string>>()
  const brokenLinks: PrerenderResult['brokenLinks'] = []
  const pool = new RenderPool(bundleDir)
  let done = 0

  function* pages(): Generator<() => Promise<void>> {
    for (const [route, fullSlug] of routes) {
      yield async () => {
        const { payload, brokenLinks: broken } = payloadFor(route)!
        collectUnknownBlocks(payload.story, unknownBlocks)
        for (const uuid of broken) brokenLinks.push({ story: fullSlug, uuid })
        // Serialized once: written as _payload.json and handed to the worker as is.
        const json = JSON.stringify(payload)
        const html = await pool.render({ urlOriginal: route, payload: json, expected: 200, story: fullSlug })
        const dir = routeDir(route)
        await Promise.all([output.write(join(dir, 'index.html'), html, 'html'), output.write(join(dir, '_payload.json'), json, 'payload')])
        onProgress?.(++done, routes.size)
      }
    }
  }

  try {
    await bounded(pool.size * IN_FLIGHT_PER_WORKER, pages())
    const shell = { nav: index.nav, site: index.site }
    // One static 404.html answers every missing path: its path slot is filled in the browser.
    const errorPages: [string, RenderRequest][] = [
      ['404.html', { urlOriginal: '/404/', shell, missingPath: '', expected: 404 }],
      ['500.html', { urlOriginal: '/500/', shell, renderServerError: true, expected: 500 }],
    ]
    await Promise.all(errorPages.map(async ([file, request]) => output.write(file, await pool.render(request), 'html')))
  } finally {
    await pool.close()
  }
  return { routes: [...routes.keys()], unknownBlocks, brokenLinks }
}
