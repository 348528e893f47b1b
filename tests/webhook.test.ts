import { describe, expect, it } from 'vitest'
import { REDIRECTS_CHANGE } from '../cms/datasource.ts'
import { changesSite, isHandled, parseStoryEvent, sign, verifySignature, type StoryEvent } from '../scripts/server/webhook.ts'

const SECRET = 'webhook-secret'
const body = Buffer.from(JSON.stringify({ text: 'The user published the Story About', action: 'published', space_id: 1000, story_id: 40008, full_slug: 'about' }))

describe('webhook signatures', () => {
  it('should accept the hex HMAC-SHA1 of the raw body', () => {
    expect(verifySignature(body, sign(body, SECRET), SECRET)).toBe(true)
    expect(verifySignature(body, sign(body, SECRET).toUpperCase(), SECRET)).toBe(true)
  })

  it('should refuse a missing, empty, malformed or differently keyed signature', () => {
    expect(verifySignature(body, undefined, SECRET)).toBe(false)
    expect(verifySignature(body, '', SECRET)).toBe(false)
    expect(verifySignature(body, 'not-hex', SECRET)).toBe(false)
    expect(verifySignature(body, sign(body, SECRET).slice(0, 20), SECRET)).toBe(false)
    expect(verifySignature(body, sign(body, 'another secret'), SECRET)).toBe(false)
  })

  it('should refuse a replayed signature on a body altered by one byte', () => {
    const altered = Buffer.from(body)
    altered[altered.length - 3] = altered[altered.length - 3]! ^ 1
    expect(verifySignature(altered, sign(body, SECRET), SECRET)).toBe(false)
  })
})

describe('webhook bodies', () => {
  it('should read action, story_id and full_slug', () => {
    expect(parseStoryEvent(body)).toEqual({
      event: { action: 'published', story_id: 40008, full_slug: 'about', space_id: 1000, text: 'The user published the Story About' },
    })
    expect(parseStoryEvent(Buffer.from('{"action":"moved","story_id":"12"}'))).toEqual({ event: { action: 'moved', story_id: 12 } })
  })

  it('should say what is wrong with a body that is not JSON or lacks story_id or action', () => {
    expect(parseStoryEvent(Buffer.from('action=published'))).toEqual({ error: 'The body is not JSON.' })
    expect(parseStoryEvent(Buffer.from('{"action":"published"}'))).toEqual({ error: 'The body has no numeric "story_id".' })
    expect(parseStoryEvent(Buffer.from('{"story_id":1}'))).toEqual({ error: 'The body has no "action".' })
    expect(parseStoryEvent(Buffer.from('null'))).toEqual({ error: 'The body has no "action".' })
  })

  it('should read a datasource event as a change of that datasource, which changes the site only for the redirects', () => {
    const parse = (value: object) => parseStoryEvent(Buffer.from(JSON.stringify(value)))
    const redirects = parse({ text: 'Entries updated', action: 'entries_updated', space_id: 1000, datasource_slug: 'redirects' })
    expect(redirects).toEqual({ event: { action: 'entries_updated', story_id: REDIRECTS_CHANGE, datasource_slug: 'redirects' } })
    expect(changesSite((redirects as { event: StoryEvent }).event)).toBe(true)
    const legacy = parse({ action: 'datasource_entry_saved', datasource_slug: 'colours' })
    expect(changesSite((legacy as { event: StoryEvent }).event)).toBe(false)
    expect(parse({ action: 'entries_updated' })).toEqual({ error: 'The datasource event has no "datasource_slug".' })
  })

  it('should handle published, unpublished, deleted and moved, and nothing else', () => {
    for (const action of ['published', 'unpublished', 'deleted', 'moved']) expect(isHandled(action)).toBe(true)
    for (const action of ['entry_action', 'release_merged', 'Published']) expect(isHandled(action)).toBe(false)
  })
})
