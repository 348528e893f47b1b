/**
 * A page's payload stage: its story read back from the crawl's story file and turned into the
 * payload's JSON and the page's document head, with what the build should hear of it (warnings,
 * unknown blocks, what it depends on). The main thread runs it for most pages, and payload workers
 * on machines with enough cores for them (scripts/engine/render/pool.ts says why).
 *
 * The head is made here, not by the document worker: on two cores that worker is the busier
 * thread, and the head is plain strings from the payload and the pass's shell, without React.
 */
import { blockName, type Story } from '../../../cms/content-model.ts'
import { BLOCK_NAMES } from '../../../cms/model/index.ts'
import { storyLabel } from '../../../cms/story-shape.ts'
import { buildPayload, type PayloadResult } from '../../../pages/payload.ts'
import type { SiteIndex } from '../../../pages/site-index.ts'
import { documentHead } from '../../../renderer/document-head.ts'
import type { PageJob, StagedPage, WorkerPass } from './jobs.ts'
import type { StoryLocation } from '../content/story-store.ts'

const KNOWN_BLOCKS = new Set<string>(BLOCK_NAMES)

/** `pass`: the render pass's shell, which the head shows (site name, language, share defaults). */
export function payloadStage(job: PageJob, index: SiteIndex, { shell, shellFile }: WorkerPass, readStory: (location: StoryLocation) => Story): StagedPage {
  const { fullSlug, page: listPage, story, route, existing } = job
  const content = readStory(story)
  const label = storyLabel({ full_slug: fullSlug, id: content.id })
  let result: PayloadResult
  let head: string
  try {
    result = buildPayload(content, index, { page: listPage })
    head = documentHead({ payload: result.payload, shell, shellFile })
  } catch (error) {
    throw new Error(`${label}: ${(error as Error).message ?? error}`, { cause: error })
  }
  const { payload, brokenLinks, problems } = result
  // The later pages of a long project list show the same story: its warnings are said once.
  const warnings = (listPage ?? 1) > 1 ? [] : [
    ...problems.map((problem) => `${label}: ${problem}.`),
    ...brokenLinks.map((uuid) => `${label}: a link to story ${uuid}, which is not published, renders as text.`),
  ]
  const unknownBlocks = [...result.components].filter((component) => !KNOWN_BLOCKS.has(blockName(component)))
  return { route, fullSlug, existing, payload: JSON.stringify(payload), head, warnings, unknownBlocks, dependsOn: result.dependsOn, listsShown: result.listsShown }
}
