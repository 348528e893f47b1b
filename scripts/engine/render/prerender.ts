/**
 * Prerenders every route on the render workers (scripts/engine/render/pool.ts), with the same
 * document and components as the dev server. Each page is written as soon as it is rendered, so
 * the site never has to fit in memory. Also renders the error pages.
 */
import { bounded } from '../../../cms/concurrency.ts'
import type { RouteDependencies } from '../../../pages/affected.ts'
import type { Site } from '../../../pages/site.ts'
import type { SpilledStories } from '../content/story-store.ts'
import type { OutputWriter } from '../files/output.ts'
import type { PageJob, PageResult } from './jobs.ts'
import { workersFor, type RenderPool } from './pool.ts'
import { routeDir } from '../../../pages/routes.ts'
import { shellFileOf } from '../../../pages/shell-file.ts'
import { join } from 'node:path'
import { renderOrder } from './order.ts'
import { isKept } from '../content/story-store.ts'

export interface PrerenderInput {
  site: Site
  /** Where the crawl put the stories; workers read them from there. */
  stories: SpilledStories
  /** The build's render workers: this pass hands them its shell (and index), and adds workers it has pages for. */
  pool: RenderPool
  output: OutputWriter
  /** Render only these routes (an incremental build); all of them by default. */
  only?: string[]
  /** Runs once the workers have the pass, before any page is written (new workers take 0.2 s to load). */
  beforeWrites?: () => void | Promise<void>
  /**
   * Where to write the error pages: the default site's pass writes 404.html and 500.html, another
   * language's its own `<code>/404.html`, which hosts serve for missing paths in its folder.
   */
  errorPages?: { notFound: string; serverError?: string }
  onProgress?: (done: number, total: number) => void
}

export interface PrerenderResult {
  routes: string[]
  /** Unregistered block names, each with the stories using it. */
  unknownBlocks: Map<string, Set<string>>
  /** Per story: links to stories the crawl does not have, URLs and fields the payload step removed. */
  warnings: string[]
  /** What each rendered route showed besides its own story, for the next incremental build. */
  dependencies: Map<string, RouteDependencies>
}

/**
 * Batches in flight per thread (the workers and the main thread, which makes payloads): enough that
 * a pause on either thread does not leave the other waiting, and few enough that what the main
 * thread holds of them dies young. Four let a 10,000-story build's heap outgrow the memory bound
 * in about half the builds (measured 2026-11-24); three kept it at 300-323 MB at the same speed.
 */
const IN_FLIGHT_PER_THREAD = 3

/** Pages per batch (pool.ts says why batches): few enough to balance the workers' loads. */
const BATCH = 8

export async function prerender({ site, stories, pool, output, only, beforeWrites, onProgress, errorPages = { notFound: '404.html', serverError: '500.html' } }: PrerenderInput): Promise<PrerenderResult> {
  const { routes, index } = site
  const selected = only ?? [...routes.keys()]
  const located = new Map(selected.map((route) => [route, stories.locate(routes.get(route)!.uuid)]))
  const order = renderOrder(selected, (route) => located.get(route)!, isKept)
  const resultOf = new Map<string, Omit<PageResult, 'files'>>()
  // Site-wide data goes into one content-hashed file, not into every payload.
  const shellFile = shellFileOf(site.shell)
  pool.setup({ index, shell: site.shell, shellFile: shellFile.url })
  pool.grow(workersFor(selected.length))
  let done = 0

  function* batches(): Generator<() => Promise<void>> {
    for (let at = 0; at < order.length; at += BATCH) {
      const jobs = order.slice(at, at + BATCH).map((route): PageJob => {
        const { fullSlug, page } = routes.get(route)!
        const dir = routeDir(route)
        const existing = { html: output.existing(join(dir, 'index.html')), payload: output.existing(join(dir, '_payload.json')) }
        return { route, fullSlug, page, story: located.get(route)!, existing }
      })
      yield async () => {
        const results = await pool.pages(jobs)
        results.forEach((result, i) => finished(jobs[i]!, result))
      }
    }
    // The error pages, as the pages' last batches go out rather than after them: their worker
    // renders them right after those, where the main thread used to wait for each in turn.
    // One static 404.html answers every missing path (of a language's folder): its path slot is filled in the browser.
    yield async () => void output.write(errorPages.notFound, await pool.html({ status: 404 }), 'html')
    const { serverError } = errorPages
    if (serverError) yield async () => void output.write(serverError, await pool.html({ status: 500 }), 'html')
  }

  function finished({ route }: PageJob, { files, ...result }: PageResult): void {
    for (const file of files) output.record(file)
    // The index's own uuid strings: 10,000 routes' dependencies then cost pointers, not copies.
    resultOf.set(route, { ...result, dependsOn: result.dependsOn.map((other) => index.byUuid.get(other)?.uuid ?? other) })
    onProgress?.(++done, selected.length)
  }

  await beforeWrites?.()
  output.write(shellFile.url.slice(1), shellFile.body, 'shell')
  await bounded((pool.size + 1) * IN_FLIGHT_PER_THREAD, batches())
  const unknownBlocks = new Map<string, Set<string>>()
  const warnings: string[] = []
  const dependencies = new Map<string, RouteDependencies>()
  for (const route of selected) {
    const { uuid, fullSlug } = routes.get(route)!
    const { unknownBlocks: unknown, warnings: said, dependsOn, listsShown } = resultOf.get(route)!
    for (const name of unknown) unknownBlocks.set(name, (unknownBlocks.get(name) ?? new Set()).add(fullSlug))
    for (const warning of said) warnings.push(warning)
    dependencies.set(route, { uuid, dependsOn, listsShown })
  }
  return { routes: [...routes.keys()], unknownBlocks, warnings, dependencies }
}
