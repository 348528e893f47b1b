/**
 * Storyblok's webhooks: a JSON body `{ text, action, space_id, story_id,
 * full_slug }` (datasource events carry `datasource_slug` instead of a story), signed in the `webhook-signature` header with the hex HMAC-SHA1 of the raw body
 * keyed with the webhook secret. Pure functions: the server answers with what they decide.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { REDIRECTS_CHANGE, REDIRECTS_DATASOURCE } from '../../cms/datasource.ts'

/** Bodies above this are refused (413) before they are read further. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024

/** The story actions that change the site; others (e.g. `entry_action`) are acknowledged and ignored. */
export const HANDLED_ACTIONS = ['published', 'unpublished', 'deleted', 'moved'] as const
export type HandledAction = (typeof HANDLED_ACTIONS)[number]

/** Storyblok's datasource events (the second is the legacy name); they carry `datasource_slug`, no story. */
export const DATASOURCE_ACTIONS = ['entries_updated', 'datasource_entry_saved'] as const


export interface StoryEvent {
  action: string
  /** The story's id; REDIRECTS_CHANGE for a change of the redirects datasource. */
  story_id: number
  /** A datasource event's datasource. */
  datasource_slug?: string
  full_slug?: string
  space_id?: number
  text?: string
}

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

/** The event in a verified body, or the reason it is not one (answered 400). */
export function parseStoryEvent(body: Buffer): { event: StoryEvent } | { error: string } {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch {
    return { error: 'The body is not JSON.' }
  }
  const { action, story_id: storyId, full_slug: fullSlug, space_id: spaceId, text, datasource_slug: datasource } = (value ?? {}) as Record<string, unknown>
  const id = typeof storyId === 'string' && /^\d+$/.test(storyId) ? Number(storyId) : storyId
  if (typeof action !== 'string' || !action) return { error: 'The body has no "action".' }
  if ((DATASOURCE_ACTIONS as readonly string[]).includes(action)) {
    if (typeof datasource !== 'string' || !datasource) return { error: 'The datasource event has no "datasource_slug".' }
    return { event: { action, story_id: REDIRECTS_CHANGE, datasource_slug: datasource } }
  }
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return { error: 'The body has no numeric "story_id".' }
  return {
    event: {
      action,
      story_id: id,
      ...(typeof fullSlug === 'string' ? { full_slug: fullSlug } : {}),
      ...(typeof spaceId === 'number' ? { space_id: spaceId } : {}),
      ...(typeof text === 'string' ? { text } : {}),
    },
  }
}

export function isHandled(action: string): action is HandledAction {
  return (HANDLED_ACTIONS as readonly string[]).includes(action)
}

/** Whether an event changes the site: a story event of HANDLED_ACTIONS, or a change of the redirects datasource. */
export function changesSite(event: StoryEvent): boolean {
  return event.datasource_slug !== undefined ? event.datasource_slug === REDIRECTS_DATASOURCE : isHandled(event.action)
}
