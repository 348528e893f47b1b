/**
 * The one place where a story from the CMS is checked against the shape the build relies on, as it
 * arrives (the crawl, a webhook's refetch, the editor's draft). After this, every other module may
 * trust `id`, `uuid`, `full_slug`, `name`, `position`, `first_published_at` and a root block with a
 * string `component`.
 *
 * What is wrong is handled in one of three ways (docs/behaviour.md, "Broken content"):
 * - a story that cannot be told apart from others (no usable id or uuid) fails the build with
 *   `Story "<full_slug>" (id N): <what is wrong>`;
 * - a story whose full_slug cannot be a route is left out of the site with a warning, as if it were
 *   unpublished (its links then render as text);
 * - anything else is repaired as far as possible (a number read as text, a bad date as none,
 *   missing content as an empty page, a block field of the wrong type as empty: cms/model/check-blocks.ts)
 *   and reported as a warning.
 */
import { RESOLVE_RELATIONS, type Blok, type Story } from './content-model.ts'
import { compactForBuild, isObject } from './content-walk.ts'
import { checkBlocks } from './model/check-blocks.ts'
import { slugProblem } from './slug.ts'

export class StoryShapeError extends Error {
  constructor(message: string) {
    super(`${message}. Fix the story in Storyblok (or unpublish it) and build again.`)
    this.name = 'StoryShapeError'
  }
}

export interface CheckedStory {
  /** The story, repaired where needed. */
  story: Story
  warnings: string[]
  /** Set when the story cannot be a route: why it is left out of the site (the editor still previews it). */
  skipped?: string
}

/** How a story is named in messages: `Story "<full_slug>" (id N)`. */
export function storyLabel(story: { full_slug?: unknown; id?: unknown }): string {
  const known = typeof story.full_slug === 'string' || typeof story.full_slug === 'number'
  const slug = known ? String(story.full_slug) : '(no full_slug)'
  // Quoted as JSON, so that control characters and quotes in a bad slug cannot garble the log.
  const shown = JSON.stringify(slug.length > 80 ? `${slug.slice(0, 77)}…` : slug)
  const id = typeof story.id === 'number' || typeof story.id === 'string' ? JSON.stringify(story.id).replace(/^"|"$/g, '') : '?'
  return `Story ${shown} (id ${id})`
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/

/** The root block, repaired so that it renders: content types fall back to `page`. */
function rootBlock(content: unknown, uuid: string, problems: string[]): Blok {
  if (!isObject(content)) {
    problems.push('it has no content; it renders as an empty page')
    return { _uid: uuid, component: 'page' }
  }
  const blok = { ...content } as Blok
  if (typeof blok.component !== 'string' || blok.component === '') {
    problems.push('its content has no component; it renders as a page')
    blok.component = 'page'
  }
  if (typeof blok._uid !== 'string' || blok._uid === '') blok._uid = uuid
  return blok
}

function optionalDate(story: Record<string, unknown>, field: string, problems: string[]): void {
  const value = story[field]
  if (value === undefined || value === null) return
  if (typeof value === 'string' && ISO_DATE.test(value)) return
  problems.push(`${field} is not a date (${JSON.stringify(value)}); it is read as none`)
  story[field] = null
}

/**
 * Checks one story as the delivery API sent it. Throws StoryShapeError when the story cannot be
 * identified; returns the story (a repaired copy where needed) with its warnings and, when its
 * slug cannot be a route, why it is left out.
 */
export function checkStory(raw: unknown): CheckedStory {
  if (!isObject(raw)) throw new StoryShapeError(`A story in the CMS answer is ${raw === null ? 'null' : `a ${typeof raw}`}, not an object`)
  const label = () => storyLabel(story)
  const story: Record<string, unknown> = { ...raw }
  const problems: string[] = []

  if (typeof story.id === 'string' && /^\d+$/.test(story.id)) story.id = Number(story.id)
  if (typeof story.id !== 'number' || !Number.isInteger(story.id)) throw new StoryShapeError(`${label()}: id is missing or not a number`)
  if (typeof story.uuid !== 'string' || story.uuid === '') throw new StoryShapeError(`${label()}: uuid is missing`)
  if (typeof story.full_slug === 'number') {
    story.full_slug = String(story.full_slug)
    problems.push('full_slug is a number; it is read as text')
  }
  if (typeof story.full_slug !== 'string') throw new StoryShapeError(`${label()}: full_slug is missing or not text`)

  if (typeof story.name !== 'string' || story.name.trim() === '') {
    if (story.name !== undefined) problems.push('name is not text; the slug is used instead')
    story.name = story.full_slug.split('/').filter(Boolean).pop() ?? story.full_slug
  }
  if (story.position !== undefined && (typeof story.position !== 'number' || !Number.isFinite(story.position))) delete story.position
  if (story.is_startpage !== undefined && typeof story.is_startpage !== 'boolean') delete story.is_startpage
  optionalDate(story, 'first_published_at', problems)
  optionalDate(story, 'published_at', problems)
  story.content = rootBlock(story.content, story.uuid, problems)
  checkBlocks(story.content as Blok, problems)
  const badSlug = slugProblem(story.full_slug)
  return {
    story: story as Story,
    warnings: problems.map((problem) => `${label()}: ${problem}.`),
    ...(badSlug ? { skipped: `${label()}: its full_slug ${badSlug}; the story is left out of the site.` } : {}),
  }
}

/**
 * A story from a CMS answer as a build keeps it: checked, repaired and shrunk (relations back to
 * uuids, no editor markers: see compactForBuild). Its warnings, or why it is left out, go to
 * `warnings`; `story` is undefined for a story left out of the site.
 */
export function admitStory(raw: unknown, warnings: string[]): { uuid: string; story?: Story } {
  const { story, warnings: found, skipped } = checkStory(raw)
  if (skipped) {
    warnings.push(skipped)
    return { uuid: story.uuid }
  }
  warnings.push(...found)
  compactForBuild(story.content, RESOLVE_RELATIONS)
  return { uuid: story.uuid, story }
}

/**
 * A story read back from the build's story file, which keeps stories as the CMS sent them
 * (scripts/engine/content/story-store.ts): repaired and shrunk as admitStory did when it arrived. It was admitted
 * then, and its warnings reported; a story the build keeps as it made it is returned the same.
 */
export function readmitStory(stored: unknown): Story {
  const { story } = checkStory(stored)
  compactForBuild(story.content, RESOLVE_RELATIONS)
  return story
}
