/**
 * A render worker: loads Vike's server bundle once, takes each render pass's site index and shell
 * by message, and produces pages. For a page it reads the story from the crawl's spill file, builds
 * the payload, renders it and writes `index.html` and `_payload.json`.
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
import { BLOCK_NAMES, blockName } from '../cms/content-model.ts'
import { storyLabel } from '../cms/story-shape.ts'
import type { PageContext } from 'vike/types'
import { buildPayload, type PayloadResult } from '../pages/payload.ts'
import type { RoutePayload } from '../pages/route-payload.ts'
import { isValidSlug, routeDir, slugOf } from '../pages/routes.ts'
import { StoryView } from '../pages/story/StoryView.tsx'
import { renderDocument } from '../renderer/document.tsx'
import { spilledStoryReader } from './story-file.ts'
import { OutputWriter } from './output.ts'
import { learnShell, loadRenderer, RenderError, renderChecked, withShell, type VikeShell } from './render-page.ts'
import type { HtmlJob, PageJob, PageResult, PagesJob, PassSetup, WorkerStart } from './render-pool.ts'

const { bundleDir, outRoot } = workerData as WorkerStart
const renderPage = await loadRenderer(bundleDir)
/** The current pass's index and shell (a language's site): set by a message before its jobs. */
let pass: PassSetup | undefined
function current(): PassSetup {
  if (!pass) throw new Error('A render worker got a page before the site index.')
  return pass
}
/** undefined: not learnt yet; null: off (disabled, or Vike's page did not match). */
let shell: VikeShell | null | undefined = process.env.BUILD_FAST_RENDER === '0' ? null : undefined

async function storyHtml(route: string, payload: RoutePayload, fullSlug: string): Promise<string> {
  const { shell: siteShell, shellFile } = current()
  const document = () => renderDocument({ Page: StoryView, payload, shell: siteShell, shellFile } as unknown as PageContext)
  if (shell) {
    // The check the route function makes when renderPage() runs (+route.ts).
    if (!isValidSlug(slugOf(route))) throw new RenderError(route, fullSlug, 'status 404, expected 200')
    return withShell(document(), shell)
  }
  const html = await renderChecked(renderPage, { urlOriginal: route, payload, shell: siteShell, shellFile }, 200, fullSlug)
  if (shell === undefined) shell = learnShell(html, document()) ?? null
  return html
}
const readStory = spilledStoryReader()
const output = new OutputWriter(outRoot)
const KNOWN_BLOCKS = new Set<string>(BLOCK_NAMES)

/** A page before its document: its payload and what the build should hear about it. */
interface Prepared {
  job: PageJob
  result: PayloadResult
  warnings: string[]
  unknownBlocks: string[]
}

function prepare(job: PageJob): Prepared {
  const { fullSlug, page: listPage, story } = job
  const result = buildPayload(readStory(story), current().index, { page: listPage })
  const { payload, brokenLinks, problems } = result
  const label = storyLabel({ full_slug: fullSlug, id: payload.story.id })
  // The later pages of a long project list show the same story: its warnings are said once.
  const warnings = (listPage ?? 1) > 1 ? [] : [
    ...problems.map((problem) => `${label}: ${problem}.`),
    ...brokenLinks.map((uuid) => `${label}: a link to story ${uuid}, which is not published, renders as text.`),
  ]
  const unknownBlocks = [...result.components].filter((component) => !KNOWN_BLOCKS.has(blockName(component)))
  return { job, result, warnings, unknownBlocks }
}

function html({ expected, kind: _kind, ...init }: HtmlJob): Promise<string> {
  const { shell: siteShell, shellFile } = current()
  return renderChecked(renderPage, { ...init, shell: siteShell, shellFile }, expected)
}

/**
 * A batch goes stage by stage, every payload, then every document, then every write, rather than
 * page by page: each stage's code (rich text, React, the file system) stays warm in the CPU's
 * caches across the batch. With the lighter content walks of the same round, the render phase
 * took about 10 % less time (docs/benchmark/profile.md, third round).
 */
async function pages(jobs: PageJob[]): Promise<PageResult[]> {
  const prepared = jobs.map(prepare)
  const htmls: string[] = []
  for (const { job, result } of prepared) htmls.push(await storyHtml(job.route, result.payload, job.fullSlug))
  const results: PageResult[] = []
  for (let i = 0; i < prepared.length; i++) {
    const { job, result, warnings, unknownBlocks } = prepared[i]!
    const dir = routeDir(job.route)
    const files = await Promise.all([
      output.write(join(dir, 'index.html'), htmls[i]!, 'html', job.existing.html),
      output.write(join(dir, '_payload.json'), JSON.stringify(result.payload), 'payload', job.existing.payload),
    ])
    results.push({ files, unknownBlocks, warnings, dependsOn: result.dependsOn, listsShown: result.listsShown })
  }
  return results
}

parentPort!.on('message', async ({ id, job, setup }: { id: number; job: PagesJob | HtmlJob; setup?: PassSetup }) => {
  if (setup) {
    pass = setup
    return
  }
  try {
    const result = job.kind === 'pages' ? await pages(job.pages) : await html(job)
    parentPort!.postMessage({ id, result })
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).message })
  }
})
parentPort!.postMessage({ ready: true })
