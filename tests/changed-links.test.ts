import { afterEach, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { allLinks, changedStoryIds } from '../cms/changed-links.ts'
import { createCmsClient } from '../cms/client.ts'
import { readCmsConfig } from '../cms/config.ts'
import { summarize } from '../pages/stories.ts'
import { projectSpace, TOKENS } from './helpers/space.ts'

let server: CmsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

/** A space of `count` projects, each published at its own time, as Storyblok's are. */
function publishedSpace(count: number) {
  const space = projectSpace(count, 0)
  for (const story of space.stories) story.published_at = `2026-01-01T00:00:${String(story.id % 60).padStart(2, '0')}.${String(story.id).padStart(3, '0').slice(-3)}Z`
  return space
}

describe('changes read from the links', () => {
  it('should list an unchanged 10,000-story space in ceil(10,000 / 1,000) = 10 requests, and find nothing to fetch', async () => {
    const space = publishedSpace(10_000)
    server = await startCmsServer({ space })
    const client = createCmsClient(readCmsConfig({ STORYBLOK_TOKEN: TOKENS.public, STORYBLOK_API_URL: server.url, STORYBLOK_RATE_LIMIT: '1000' }))
    const links = await allLinks(client, space.version)
    expect([links.length, client.requestCount]).toEqual([10_000, 10])
    expect(changedStoryIds(links, space.stories.map(summarize))).toEqual([])
  })

  it('should name the stories republished, moved, new or no longer published since the build', () => {
    const space = publishedSpace(6)
    const known = space.stories.slice(0, 5).map(summarize)
    const link = (id: number, change: object = {}) => {
      const story = space.stories[id - 1]!
      return { id, uuid: story.uuid, slug: story.full_slug, is_folder: false, published: true, published_at: story.published_at, ...change }
    }
    const links = [
      link(1),
      link(2, { published_at: '2026-11-28T09:00:00.000Z' }),
      link(3, { slug: 'projects/moved' }),
      link(4, { published: false }),
      // 5 is gone; 6 is new; a folder is no story.
      link(6),
      { id: 99, uuid: 'folder', slug: 'projects', is_folder: true, published: false },
    ]
    expect(changedStoryIds(links, known)).toEqual([2, 3, 4, 5, 6])
  })
})
