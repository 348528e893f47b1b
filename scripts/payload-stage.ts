/**
 * A page's payload stage: its story read back from the crawl's story file and turned into the
 * payload's JSON, with what the build should hear of it (warnings, unknown blocks, what it
 * depends on). The main thread runs it for most pages, and payload workers on machines with
 * enough cores for them (scripts/render-pool.ts says why).
 */
import { BLOCK_NAMES, blockName, type Story } from '../cms/content-model.ts'
import { storyLabel } from '../cms/story-shape.ts'
import { buildPayload, type SiteIndex } from '../pages/payload.ts'
import type { PageJob, StagedPage } from './render-pool.ts'
import type { StoryLocation } from './story-file.ts'

const KNOWN_BLOCKS = new Set<string>(BLOCK_NAMES)

export function payloadStage(job: PageJob, index: SiteIndex, readStory: (location: StoryLocation) => Story): StagedPage {
  const { fullSlug, page: listPage, story, route, existing } = job
  const result = buildPayload(readStory(story), index, { page: listPage })
  const { payload, brokenLinks, problems } = result
  const label = storyLabel({ full_slug: fullSlug, id: payload.story.id })
  // The later pages of a long project list show the same story: its warnings are said once.
  const warnings = (listPage ?? 1) > 1 ? [] : [
    ...problems.map((problem) => `${label}: ${problem}.`),
    ...brokenLinks.map((uuid) => `${label}: a link to story ${uuid}, which is not published, renders as text.`),
  ]
  const unknownBlocks = [...result.components].filter((component) => !KNOWN_BLOCKS.has(blockName(component)))
  return { route, fullSlug, existing, payload: JSON.stringify(payload), warnings, unknownBlocks, dependsOn: result.dependsOn, listsShown: result.listsShown }
}
