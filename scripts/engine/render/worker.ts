/**
 * A render worker: takes each render pass's shell by message (and its site index, if it makes
 * payloads), and takes pages in one of two stages. A document worker renders each page's React tree
 * from its payload, puts it under the head made with the payload, and writes its `_payload.json` and
 * `index.html`; a payload worker (only on machines with cores to spare for one) reads stories back
 * and builds their payloads and heads, as the main thread does (scripts/engine/render/payload-stage.ts).
 * scripts/engine/render/pool.ts says who does what, and why. Every page, the error pages included,
 * is our document with the client bundle's tags (scripts/engine/render/render-page.ts).
 */
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import type { RoutePayload } from '../../../pages/build-contract.ts'
import { currentItem } from '../../../pages/navigation.ts'
import type { SiteIndex } from '../../../pages/site-index.ts'
import { isValidSlug, routeDir, slugOf } from '../../../pages/routes.ts'
import { StoryView } from '../../../pages/story/StoryView.tsx'
import { DOCUMENT_END, documentHead } from '../../../renderer/document-head.ts'
import { renderBody, renderChrome } from '../../../renderer/document.tsx'
import type { RenderedChrome } from '../../../renderer/Layout.tsx'
import type { ViewContext } from '../../../renderer/view-context.ts'
import { ErrorView } from '../../../pages/_error/ErrorView.tsx'
import { spilledStoryReader } from '../content/story-store.ts'
import { OutputWriter, type FileRecord } from '../files/output.ts'
import { payloadStage } from './payload-stage.ts'
import { pageAssets, RenderError, withAssets, type PageAssets } from './render-page.ts'
import type { DocumentsJob, HtmlJob, WorkerJob, WorkerMessage, WorkerPass, WorkerStart } from './jobs.ts'

const { bundleDir, outRoot } = workerData as WorkerStart
/** The client bundle's tags, read from its manifest with the first page (the bundles are written by then). */
let assets: PageAssets | undefined
const assetsOf = () => (assets ??= pageAssets(bundleDir))
/** The current pass's shell (a language's site): set by a message before its jobs. */
let pass: WorkerPass | undefined
function current(): WorkerPass {
  if (!pass) throw new Error('A render worker got a page before its render pass.')
  return pass
}
/** The current pass's site index: sent only to a worker that makes payloads, before its first batch of the pass. */
let index: SiteIndex | undefined
function currentIndex(): SiteIndex {
  if (!index) throw new Error('A render worker got payloads to make before the site index.')
  return index
}
/**
 * The header and footer HTML of a pass's story pages, by the page's mark in the navigation (the
 * item it is, or is under: pages/navigation.ts, else ''): the chrome depends on the shell and that
 * mark alone, so it is rendered once per mark. Pages with a language switcher render their own.
 * The build test that renders pages through Vike's renderPage() checks the result.
 */
const chromes = new WeakMap<WorkerPass, Map<string, RenderedChrome>>()

function withChrome(context: ViewContext, payload: RoutePayload): ViewContext {
  const { alternates, route } = payload
  if (alternates && alternates.length > 1) return context
  const pass = current()
  const marked = currentItem(pass.shell.nav, route, pass.shell.site.home)
  const key = marked ? `${marked.current} ${marked.route}` : ''
  let byMark = chromes.get(pass)
  if (!byMark) chromes.set(pass, (byMark = new Map()))
  let chrome = byMark.get(key)
  if (!chrome) byMark.set(key, (chrome = renderChrome({ shell: pass.shell, route, alternates })))
  return { ...context, chrome }
}

/** `head`: the page's document head, made with its payload (scripts/engine/render/payload-stage.ts). */
function storyHtml(route: string, payload: RoutePayload, head: string): string {
  // The catch-all route's check (pages/story/+route.ts): a story the crawl let through always passes.
  if (!isValidSlug(slugOf(route))) throw new RenderError(route, payload.story, 'its slug makes no route')
  const { shell, shellFile } = current()
  try {
    return withAssets(head, renderBody(withChrome({ Page: StoryView, payload, shell, shellFile }, payload)), DOCUMENT_END, assetsOf())
  } catch (error) {
    throw new RenderError(route, payload.story, error)
  }
}

/** The static 404 page (its path slot left for the browser to fill) or 500 page. */
function errorHtml({ status }: HtmlJob): string {
  const { shell, shellFile } = current()
  const context: ViewContext = { Page: ErrorView, is404: status === 404, urlPathname: `/${status}/`, missingPath: status === 404 ? '' : undefined, shell, shellFile }
  try {
    return withAssets(documentHead(context), renderBody(context), DOCUMENT_END, assetsOf())
  } catch (error) {
    throw new RenderError(`/${status}/`, undefined, error)
  }
}

const stories = spilledStoryReader()
const output = new OutputWriter(outRoot)

/**
 * The document stage: renders each page from its payload and head and writes its `_payload.json`
 * and `index.html`. Answers each page's files, `_payload.json` first.
 *
 * A batch goes stage by stage, every document, then every write, rather than page by page: each
 * stage's code (React, the file system) stays warm in the CPU's caches across the batch.
 */
function documentStage({ pages }: DocumentsJob): FileRecord[][] {
  const htmls: string[] = []
  for (const { route, payload, head } of pages) htmls.push(storyHtml(route, JSON.parse(payload) as RoutePayload, head))
  const files: FileRecord[][] = []
  for (let i = 0; i < pages.length; i++) {
    const { route, existing, payload } = pages[i]!
    const dir = routeDir(route)
    files.push([output.write(join(dir, '_payload.json'), payload, 'payload', existing.payload), output.write(join(dir, 'index.html'), htmls[i]!, 'html', existing.html)])
  }
  return files
}

function run(job: WorkerJob): Promise<unknown> | unknown {
  switch (job.kind) {
    case 'payloads':
      return job.pages.map((page) => payloadStage(page, currentIndex(), current(), stories.read))
    case 'documents':
      return documentStage(job)
    case 'html':
      return errorHtml(job)
  }
}

parentPort!.on('message', async (message: WorkerMessage | { id: number; job: WorkerJob }) => {
  if ('setup' in message) {
    // A new pass: its index, if this worker needs one, follows.
    pass = message.setup
    index = undefined
    return
  }
  if ('index' in message) {
    index = message.index
    return
  }
  const { id, job } = message
  try {
    const result = await run(job)
    parentPort!.postMessage({ id, result })
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message })
  }
})
parentPort!.postMessage({ ready: true })
