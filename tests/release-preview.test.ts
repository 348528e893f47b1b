/** Releases (the Releases app): drafts as a release will publish them, in the editor and in a whole-site preview build. */
import { afterEach, describe, expect, it } from 'vitest'
import type { Request, Response } from 'express'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { createCmsClient } from '../cms/client.ts'
import { readCmsConfig, ConfigError } from '../cms/config.ts'
import type { Story } from '../cms/content-model.ts'
import { editedRelease } from '../renderer/client/editor/draft.ts'
import { readBuildConfig } from '../scripts/engine/config.ts'
import { editorToken, previewProxy } from '../scripts/server/preview-proxy.ts'
import { projectSpace, storyOf, TOKENS } from './helpers/space.ts'

let server: CmsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function releaseSpace() {
  const story = storyOf(1, 'about', { component: 'page', title: 'About' }, {
    draft: { content: { _uid: 'blok-1', component: 'page', title: 'About, draft' } },
    releases: { '4': { content: { _uid: 'blok-1', component: 'page', title: 'About, autumn release' } } },
  })
  server = await startCmsServer({ space: { ...projectSpace(0), stories: [story] } })
  return server
}

const titleOf = (story: Pick<Story, 'content'>) => story.content.title

describe('release previews', () => {
  it('should answer drafts from_release the release, other drafts without one, and published content to the public token', async () => {
    const cms = await releaseSpace()
    const base = readCmsConfig({ STORYBLOK_TOKEN: TOKENS.public, STORYBLOK_PREVIEW_TOKEN: TOKENS.preview, STORYBLOK_API_URL: cms.url, STORYBLOK_RATE_LIMIT: '1000' })
    expect(titleOf((await createCmsClient({ ...base, version: 'draft', release: 4 }).getStory(1)).story)).toBe('About, autumn release')
    expect(titleOf((await createCmsClient({ ...base, version: 'draft', release: 5 }).getStory(1)).story)).toBe('About, draft')
    expect(titleOf((await createCmsClient({ ...base, version: 'draft' }).getStory(1)).story)).toBe('About, draft')
    expect(titleOf((await createCmsClient({ ...base, release: 4 }).getStory(1)).story)).toBe('About')
    const crawled = await createCmsClient({ ...base, version: 'draft', release: 4 }).getStories({ per_page: 25, page: 1 })
    expect(crawled.stories.map(titleOf)).toEqual(['About, autumn release'])
  })

  it('should read the release the editor previews from _storyblok_release', () => {
    expect(editedRelease('?_storyblok=1&_storyblok_release=4')).toBe(4)
    for (const search of ['?_storyblok=1', '?_storyblok_release=0', '?_storyblok_release=4x', '?_storyblok_release=']) expect(editedRelease(search)).toBeUndefined()
  })

  it('should pass the editor\'s release on to the draft the preview proxy fetches', async () => {
    const cms = await releaseSpace()
    const handler = previewProxy({ ...readCmsConfig({ STORYBLOK_TOKEN: TOKENS.public, STORYBLOK_API_URL: cms.url }), previewToken: TOKENS.preview }, () => {})
    const timestamp = Math.floor(Date.now() / 1000)
    const draftTitle = async (release?: string) => {
      const query = new URLSearchParams({ uuid: 'uuid-1', '_storyblok_tk[space_id]': String(cms.space.id), '_storyblok_tk[timestamp]': String(timestamp), '_storyblok_tk[token]': editorToken(cms.space.id, TOKENS.preview, timestamp), ...(release ? { from_release: release } : {}) })
      let answer: { status: number; body?: { story: Story } } = { status: 200 }
      const res = { setHeader: () => res, status: (status: number) => ((answer.status = status), res), json: (body: never) => ((answer = { ...answer, body }), res) }
      await handler({ originalUrl: `/api/preview/story?${query}` } as Request, res as unknown as Response, () => {})
      return [answer.status, answer.body && titleOf(answer.body.story)]
    }
    expect(await draftTitle('4')).toEqual([200, 'About, autumn release'])
    expect(await draftTitle()).toEqual([200, 'About, draft'])
  })

  it('should make --release ID a preview build of drafts from that release, and refuse an id that is no number', () => {
    const env = { STORYBLOK_TOKEN: 'public', STORYBLOK_PREVIEW_TOKEN: 'preview' }
    const config = readBuildConfig(env, ['--release', '4'])
    expect([config.preview, config.cms.version, config.cms.release, config.search]).toEqual([true, 'draft', 4, false])
    const problems = (() => {
      try {
        readBuildConfig(env, ['--release', 'autumn'])
        return []
      } catch (error) {
        return error instanceof ConfigError ? error.problems : [String(error)]
      }
    })()
    expect(problems).toContain('--release "autumn" is not a release id: use the release\'s number, as the editor\'s preview links of it carry it (_storyblok_release=…).')
  })
})
