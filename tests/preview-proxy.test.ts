import { describe, expect, it } from 'vitest'
import { checkEditorToken, editorToken, EDITOR_TOKEN_MAX_AGE_SECONDS } from '../scripts/server/preview-proxy.ts'

const space = { id: 1000, previewToken: 'demo-preview-token' }
const now = 1_800_000_000_000

function editorParams(timestamp: number, token = editorToken(space.id, space.previewToken, timestamp), spaceId: number | string = space.id) {
  return new URLSearchParams({ '_storyblok_tk[space_id]': String(spaceId), '_storyblok_tk[timestamp]': String(timestamp), '_storyblok_tk[token]': token })
}

describe('editor tokens', () => {
  it('should accept sha1(space_id:preview_token:timestamp) under one hour old', () => {
    expect(editorToken(1000, 'demo-preview-token', 1_799_999_000)).toMatch(/^[0-9a-f]{40}$/)
    expect(checkEditorToken(editorParams(now / 1000 - 10), space, now)).toBeUndefined()
    expect(checkEditorToken(editorParams(now / 1000 - EDITOR_TOKEN_MAX_AGE_SECONDS + 1), space, now)).toBeUndefined()
  })

  it('should refuse an expired token', () => {
    expect(checkEditorToken(editorParams(now / 1000 - EDITOR_TOKEN_MAX_AGE_SECONDS - 1), space, now)).toMatch(/expired/)
  })

  it('should refuse a forged token, one for another space and one made with another preview token', () => {
    const timestamp = now / 1000
    expect(checkEditorToken(editorParams(timestamp, 'f'.repeat(40)), space, now)).toMatch(/not valid/)
    expect(checkEditorToken(editorParams(timestamp, editorToken(space.id, 'guessed', timestamp)), space, now)).toMatch(/not valid/)
    expect(checkEditorToken(editorParams(timestamp, editorToken(1001, space.previewToken, timestamp), 1001), space, now)).toMatch(/another space/)
    expect(checkEditorToken(editorParams(timestamp + 3600), space, now)).toMatch(/future/)
  })

  it('should refuse a request without editor parameters', () => {
    expect(checkEditorToken(new URLSearchParams('_storyblok=1'), space, now)).toMatch(/no Storyblok editor parameters/)
  })
})
