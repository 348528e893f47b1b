/**
 * A render worker: loads Vike's server bundle once (when it first renders a page), takes each
 * render pass's shell by message (and its site index, if it makes payloads), and takes pages in
 * one of two stages. A document worker renders each page's React tree from its payload, puts it
 * under the head made with the payload, and writes its `_payload.json` and `index.html`; a payload
 * worker (only on machines with cores to spare for one) reads stories back and builds their
 * payloads and heads, as the main thread does (scripts/engine/render/payload-stage.ts). scripts/engine/render/pool.ts
 * says who does what, and why.
 *
 * Story pages take a fast path once the worker has seen one: Vike's renderPage() costs about
 * 1.6 ms a page, 1.3 ms of it bookkeeping around React's renderToString, and for story pages all
 * it adds to our document (renderer/document.tsx) is the same two asset tags. So the first story
 * page goes through renderPage(), the tags are learnt from it (and checked: our document plus them
 * must equal Vike's page byte for byte, else the fast path stays off), and later pages are our
 * document plus those tags. BUILD_FAST_RENDER=0 turns it off; a test compares both builds.
 */
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import type { PageContext } from 'vike/types'
import type { RoutePayload } from '../../../pages/build-contract.ts'
import { currentItem } from '../../../pages/navigation.ts'
import type { SiteIndex } from '../../../pages/site-index.ts'
import { isValidSlug, routeDir, slugOf } from '../../../pages/routes.ts'
import { StoryView } from '../../../pages/story/StoryView.tsx'
import { DOCUMENT_END } from '../../../renderer/document-head.ts'
import { renderBody, renderChrome, renderDocument } from '../../../renderer/document.tsx'
import type { RenderedChrome } from '../../../renderer/Layout.tsx'
import { spilledStoryReader } from '../content/story-store.ts'
import { OutputWriter, type FileRecord } from '../files/output.ts'
import { payloadStage } from './payload-stage.ts'
import { learnShell, loadRenderer, RenderError, renderChecked, withShellParts, type RenderPage, type VikeShell } from './render-page.ts'
import type { DocumentsJob, HtmlJob, WorkerJob, WorkerMessage, WorkerPass, WorkerStart } from './jobs.ts'

const { bundleDir, outRoot } = workerData as WorkerStart
// Vike's first page makes a `Headers`, whose first use loads undici (about 40 ms): paid now, while
// the worker waits for the bundles. A test, because esbuild drops a bare `void Headers`.
if (typeof Headers !== 'function') throw new Error('This Node has no Headers: the render needs Node 20 or later.')
/**
 * Vike's server bundle and runtime, loaded when the bundles are written (RenderPool.warm) or the
 * worker first renders a page: a worker that only makes payloads (scripts/engine/render/pool.ts) never
 * needs them.
 */
let renderer: Promise<RenderPage> | undefined
const renderPage = () => (renderer ??= loadRenderer(bundleDir))
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
/** undefined: not learnt yet; null: off (disabled, or Vike's page did not match). */
let shell: VikeShell | null | undefined = process.env.BUILD_FAST_RENDER === '0' ? null : undefined
/** Settles when the page that learns the shell is rendered (see storyHtml). */
let learning: Promise<void> | undefined

/**
 * The header and footer HTML of a pass's story pages, by the page's mark in the navigation (the
 * item it is, or is under: pages/navigation.ts, else ''). Each is checked once, on the first page that
 * uses it, against the whole tree rendered as usual; a difference turns them off for the build, as
 * learnShell does for Vike's tags. Pages with a language switcher render their own.
 */
const chromes = new WeakMap<WorkerPass, Map<string, RenderedChrome>>()
/** Set when a check failed. (Only the fast path uses them, so BUILD_FAST_RENDER=0 turns them off too.) */
let chromeOff = false

function withChrome(pageContext: PageContext, payload: RoutePayload): PageContext {
  const { alternates, route } = payload
  if (chromeOff || (alternates && alternates.length > 1)) return pageContext
  const pass = current()
  const marked = currentItem(pass.shell.nav, route, pass.shell.site.home)
  const key = marked ? `${marked.current} ${marked.route}` : ''
  let byMark = chromes.get(pass)
  if (!byMark) chromes.set(pass, (byMark = new Map()))
  let chrome = byMark.get(key)
  if (!chrome) {
    chrome = renderChrome({ shell: pass.shell, route, alternates })
    if (renderBody({ ...pageContext, chrome }) !== renderBody(pageContext)) {
      chromeOff = true
      return pageContext
    }
    byMark.set(key, chrome)
  }
  return { ...pageContext, chrome }
}

/**
 * `head`: the page's document head, made with its payload (scripts/engine/render/payload-stage.ts). A string
 * once the shell is learnt: from then on a page makes no promise, which this thread pays for twice
 * once Vike's first render has turned on Node's promise hooks (its AsyncLocalStorage).
 */
function storyHtml(route: string, payload: RoutePayload, head: string): string | Promise<string> {
  const { shell: siteShell, shellFile } = current()
  const pageContext = { Page: StoryView, payload, shell: siteShell, shellFile } as unknown as PageContext
  const document = () => renderDocument(pageContext)
  if (shell) {
    // The check the route function makes when renderPage() runs (+route.ts).
    if (!isValidSlug(slugOf(route))) throw new RenderError(route, payload.story, 'status 404, expected 200')
    // What renderDocument() makes, in its three parts.
    try {
      return withShellParts(head, renderBody(withChrome(pageContext, payload)), DOCUMENT_END, shell)
    } catch (error) {
      throw new RenderError(route, payload.story, error)
    }
  }
  // The first page learns the shell; pages of batches that came meanwhile wait for it rather than
  // all going through Vike.
  if (learning && shell === undefined) return learning.then(() => storyHtml(route, payload, head))
  const html = renderPage()
    .then((render) => renderChecked(render, { urlOriginal: route, payload, shell: siteShell, shellFile }, 200, payload.story))
    .then((html) => {
      if (shell === undefined) shell = learnShell(html, document()) ?? null
      return html
    })
  // A render that fails leaves the learning to the next page (its own batch reports the error).
  if (shell === undefined && !learning) learning = html.then(() => undefined, () => void (learning = undefined))
  return html
}
const stories = spilledStoryReader()
const output = new OutputWriter(outRoot)

async function html({ expected, kind: _kind, ...init }: HtmlJob): Promise<string> {
  const { shell: siteShell, shellFile } = current()
  return renderChecked(await renderPage(), { ...init, shell: siteShell, shellFile }, expected)
}

/**
 * The document stage: renders each page from its payload and head and writes its `_payload.json`
 * and `index.html`. Answers each page's files, `_payload.json` first.
 *
 * A batch goes stage by stage, every document, then every write, rather than page by page: each
 * stage's code (React, the file system) stays warm in the CPU's caches across the batch.
 */
async function documentStage({ pages }: DocumentsJob): Promise<FileRecord[][]> {
  const htmls: string[] = []
  for (const { route, payload, head } of pages) {
    const html = storyHtml(route, JSON.parse(payload) as RoutePayload, head)
    htmls.push(typeof html === 'string' ? html : await html)
  }
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
      return html(job)
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
  if ('warm' in message) {
    // Loaded ahead of the first page (RenderPool.warm); a failure is reported with that page.
    renderPage().catch(() => {})
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
