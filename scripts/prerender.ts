/**
 * Prerenders every route on the render workers (scripts/render-pool.ts) through Vike's
 * renderPage(), the same hooks and components as the dev server. Each page is written as soon as
 * it is rendered, so the site never has to fit in memory. Also renders 404.html and 500.html.
 */
import { bounded } from '../cms/concurrency.ts'
import type { Site } from '../pages/site.ts'
import type { SpilledStories } from '../pages/stories.ts'
import type { OutputWriter } from './output.ts'
import { RenderPool } from './render-pool.ts'

export interface PrerenderInput {
  site: Site
  /** Where the crawl put the stories; workers read them from there. */
  stories: SpilledStories
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

/** Pages in flight per worker: enough to keep workers and disk busy, few enough to bound memory. */
const IN_FLIGHT_PER_WORKER = 4

export async function prerender({ site, stories, bundleDir, output, onProgress }: PrerenderInput): Promise<PrerenderResult> {
  const { routes, index } = site
  const unknownBlocks = new Map<string, Set<string>>()
  const brokenLinks: PrerenderResult['brokenLinks'] = []
  const pool = new RenderPool({ bundleDir, outRoot: output.root, index })
  let done = 0

  function* pages(): Generator<() => Promise<void>> {
    for (const [route, { fullSlug, uuid }] of routes) {
      yield async () => {
        const result = await pool.page({ route, fullSlug, story: stories.locate(uuid) })
        for (const file of result.files) output.record(file)
        for (const name of result.unknownBlocks) unknownBlocks.set(name, (unknownBlocks.get(name) ?? new Set()).add(fullSlug))
        for (const uuid of result.brokenLinks) brokenLinks.push({ story: fullSlug, uuid })
        onProgress?.(++done, routes.size)
      }
    }
  }

  try {
    await bounded(pool.size * IN_FLIGHT_PER_WORKER, pages())
    const shell = { nav: index.nav, site: index.site }
    // One static 404.html answers every missing path: its path slot is filled in the browser.
    const notFound = await pool.html({ urlOriginal: '/404/', shell, missingPath: '', expected: 404 })
    const serverError = await pool.html({ urlOriginal: '/500/', shell, renderServerError: true, expected: 500 })
    await output.write('404.html', notFound, 'html')
    await output.write('500.html', serverError, 'html')
  } finally {
    await pool.close()
  }
  return { routes: [...routes.keys()], unknownBlocks, brokenLinks }
}
