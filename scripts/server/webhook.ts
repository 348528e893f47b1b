/**
 * Storyblok's webhooks: a JSON body `{ text, action, space_id, … }` with the id of what changed
 * (`story_id` and `full_slug`, `asset_id`, `datasource_slug`, `release_id`, `branch_id`), signed in
 * the `webhook-signature` header with the hex HMAC-SHA1 of the raw body keyed with the webhook
 * secret. Pure functions: the server answers with what they decide.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { REDIRECTS_CHANGE, REDIRECTS_DATASOURCE } from '../../cms/datasource.ts'

/** Bodies above this are refused (413) before they are read further. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024

/** The story actions that change the site; others (e.g. `entry_action`) are acknowledged and ignored. */
export const HANDLED_ACTIONS = ['published', 'unpublished', 'deleted', 'moved'] as const

/** Storyblok's datasource events (the second is the legacy name); they carry `datasource_slug`, no story. */
export const DATASOURCE_ACTIONS = ['entries_updated', 'datasource_entry_saved'] as const
/** Asset events that change what pages show: the file behind an asset, or the asset itself, changed. */
export const ASSET_ACTIONS = ['replaced', 'deleted', 'restored'] as const
/** Events after which the whole space is compared with the build cache: a release merged, a pipeline stage deployed (with their legacy names). */
export const SPACE_ACTIONS = ['release.merged', 'release_merged', 'pipeline.deployed', 'branch_deployed'] as const

/** The queue's key for "crawl the whole space and render what changed" (story ids are positive, REDIRECTS_CHANGE is 0). */
export const WHOLE_SPACE = -1

/**
 * A webhook's event, by what it names. Actions come dotted (`story.published`, the names webhooks
 * are configured with) or plain (`published`, in payloads and legacy webhooks); both are read.
 */
type StoryEvent = { kind: 'story'; action: string; story_id: number; full_slug?: string; space_id?: number; text?: string }
export type SiteEvent =
  | StoryEvent
  | { kind: 'datasource'; action: string; datasource_slug: string }
  | { kind: 'asset'; action: string; asset_id: number }
  | { kind: 'space'; action: string }
  | { kind: 'other'; action: string }

export function sign(body: Buffer | string, secret: string): string {
  return createHmac('sha1', secret).update(body).digest('hex')
}

/** True when `header` is the body's signature; compared in constant time. */
export function verifySignature(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false
  const expected = Buffer.from(sign(body, secret), 'hex')
  const given = Buffer.from(header.trim().toLowerCase(), 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

const numeric = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value)
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0
const oneOf = (list: readonly string[], value: string | undefined) => value !== undefined && list.includes(value)

/** The event in a verified body, or the reason it is not one (answered 400). */
export function parseEvent(body: Buffer): { event: SiteEvent } | { error: string } {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    return { error: 'The body is not JSON.' }
  }
  const fields = (value ?? {}) as Record<string, unknown>
  const { action, full_slug: fullSlug, space_id: spaceId, text, datasource_slug: datasource } = fields
  if (typeof action !== 'string' || !action) return { error: 'The body has no "action".' }
  const dot = action.indexOf('.')
  const [resource, verb] = dot > 0 ? [action.slice(0, dot), action.slice(dot + 1)] : [undefined, action]
  const storyId = numeric(fields.story_id)
  const assetId = numeric(fields.asset_id)
  if (oneOf(SPACE_ACTIONS, action)) return { event: { kind: 'space', action } }
  if (oneOf(DATASOURCE_ACTIONS, verb) && (resource === undefined || resource === 'datasource')) {
    if (typeof datasource !== 'string' || !datasource) return { error: 'The datasource event has no "datasource_slug".' }
    return { event: { kind: 'datasource', action, datasource_slug: datasource } }
  }
  // `deleted` names a story or an asset: the id it carries (or the dotted name) says which.
  if (resource === 'asset' || (resource === undefined && fields.story_id === undefined && fields.asset_id !== undefined)) {
    if (!oneOf(ASSET_ACTIONS, verb)) return { event: { kind: 'other', action } }
    if (!isId(assetId)) return { error: 'The asset event has no numeric "asset_id".' }
    return { event: { kind: 'asset', action, asset_id: assetId } }
  }
  if ((resource !== undefined && resource !== 'story') || !oneOf(HANDLED_ACTIONS, verb)) return { event: { kind: 'other', action } }
  if (!isId(storyId)) return { error: 'The body has no numeric "story_id".' }
  return {
    event: {
      kind: 'story',
      action,
      story_id: storyId,
      ...(typeof fullSlug === 'string' ? { full_slug: fullSlug } : {}),
      ...(typeof spaceId === 'number' ? { space_id: spaceId } : {}),
      ...(typeof text === 'string' ? { text } : {}),
    },
  }
}

/** What an event asks the build queue for: story ids, REDIRECTS_CHANGE or WHOLE_SPACE, and a line for the log. */
export type SiteChange = { changes: number[]; what: string } | { ignored: string }

/** What `event` changes on the site; `showing` names the stories that show an asset (the last build's asset index). */
export function siteChange(event: SiteEvent, showing: (assetId: number) => number[]): SiteChange {
  switch (event.kind) {
    case 'story':
      return { changes: [event.story_id], what: `${event.action} story ${event.story_id}${event.full_slug ? ` (${event.full_slug})` : ''}` }
    case 'datasource':
      if (event.datasource_slug !== REDIRECTS_DATASOURCE) return { ignored: `datasource "${event.datasource_slug}" does not change the site` }
      return { changes: [REDIRECTS_CHANGE], what: `${event.action} of the ${event.datasource_slug} datasource` }
    case 'asset': {
      const stories = showing(event.asset_id)
      if (!stories.length) return { ignored: `asset ${event.asset_id} is shown by no story of the last build` }
      return { changes: stories, what: `${event.action} asset ${event.asset_id}, shown by ${stories.length === 1 ? 'story' : 'stories'} ${stories.join(', ')}` }
    }
    case 'space':
      return { changes: [WHOLE_SPACE], what: `${event.action}: the whole space, compared with the last build` }
    case 'other':
      return { ignored: `action "${event.action}" does not change the site` }
  }
}
