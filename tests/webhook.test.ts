import { describe, expect, it } from 'vitest'
import { REDIRECTS_CHANGE } from '../cms/datasource.ts'
import { parseEvent, sign, siteChange, verifySignature, WHOLE_SPACE } from '../scripts/server/webhook.ts'

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

const parse = (value: object) => parseEvent(Buffer.from(JSON.stringify(value)))
/** What an event asks of the build queue, with asset 77 shown by stories 3 and 5. */
const change = (value: object) => {
  const parsed = parse(value)
  if ('error' in parsed) throw new Error(parsed.error)
  return siteChange(parsed.event, (asset) => (asset === 77 ? [3, 5] : []))
}

describe('webhook bodies', () => {
  it('should read action, story_id and full_slug', () => {
    expect(parseEvent(body)).toEqual({
      event: { kind: 'story', action: 'published', story_id: 40008, full_slug: 'about', space_id: 1000, text: 'The user published the Story About' },
    })
    expect(parseEvent(Buffer.from('{"action":"moved","story_id":"12"}'))).toEqual({ event: { kind: 'story', action: 'moved', story_id: 12 } })
  })

  it('should say what is wrong with a body that is not JSON or lacks story_id or action', () => {
    expect(parseEvent(Buffer.from('action=published'))).toEqual({ error: 'The body is not JSON.' })
    expect(parseEvent(Buffer.from('{"action":"published"}'))).toEqual({ error: 'The body has no numeric "story_id".' })
    expect(parseEvent(Buffer.from('{"story_id":1}'))).toEqual({ error: 'The body has no "action".' })
    expect(parseEvent(Buffer.from('null'))).toEqual({ error: 'The body has no "action".' })
    expect(parse({ action: 'asset.replaced' })).toEqual({ error: 'The asset event has no numeric "asset_id".' })
  })

  it('should read a datasource event as a change of that datasource, which changes the site only for the redirects', () => {
    const redirects = parse({ text: 'Entries updated', action: 'entries_updated', space_id: 1000, datasource_slug: 'redirects' })
    expect(redirects).toEqual({ event: { kind: 'datasource', action: 'entries_updated', datasource_slug: 'redirects' } })
    expect(change({ action: 'datasource.entries_updated', datasource_slug: 'redirects' })).toEqual({ changes: [REDIRECTS_CHANGE], what: 'datasource.entries_updated of the redirects datasource' })
    expect(change({ action: 'datasource_entry_saved', datasource_slug: 'colours' })).toEqual({ ignored: 'datasource "colours" does not change the site' })
    expect(parse({ action: 'entries_updated' })).toEqual({ error: 'The datasource event has no "datasource_slug".' })
  })

  it('should build the stories of published, unpublished, deleted and moved, in dotted and plain names', () => {
    for (const action of ['published', 'unpublished', 'deleted', 'moved']) {
      expect(change({ action, story_id: 12 })).toMatchObject({ changes: [12] })
      expect(change({ action: `story.${action}`, story_id: 12 })).toMatchObject({ changes: [12] })
    }
  })

  it('should re-render the stories that show a replaced, deleted or restored asset, and say when none does', () => {
    for (const action of ['asset.replaced', 'asset.deleted', 'asset.restored', 'replaced', 'deleted']) {
      expect(change({ action, asset_id: 77, space_id: 1000 })).toEqual({ changes: [3, 5], what: `${action} asset 77, shown by stories 3, 5` })
    }
    expect(change({ action: 'asset.replaced', asset_id: 78 })).toEqual({ ignored: 'asset 78 is shown by no story of the last build' })
    expect(change({ action: 'asset.created', asset_id: 79 })).toEqual({ ignored: 'action "asset.created" does not change the site' })
  })

  it('should compare the whole space with the last build after a release is merged or a pipeline stage deployed', () => {
    for (const action of ['release.merged', 'release_merged', 'pipeline.deployed', 'branch_deployed']) {
      expect(change({ action, release_id: 4, branch_id: 2, space_id: 1000 })).toEqual({ changes: [WHOLE_SPACE], what: `${action}: the whole space, compared with the last build` })
    }
  })

  it('should acknowledge and ignore what does not change the site', () => {
    for (const action of ['entry_action', 'Published', 'user.added', 'stage.changed', 'story.saved', 'discussion.created']) {
      expect(change({ action, story_id: 12 })).toEqual({ ignored: `action "${action}" does not change the site` })
    }
  })
})
