import { afterEach, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import type { Space } from '../cms/api/space.ts'
import { createCmsClient } from '../cms/client.ts'
import { readCmsConfig } from '../cms/config.ts'
import { relationUuids, storyLinkUuids } from '../cms/content-walk.ts'
import { crawl, ShortCrawlError } from '../cms/crawl.ts'
import { projectSpace, TOKENS } from './helpers/space.ts'

let server: CmsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function crawlSpace(space: Space, perPage: number) {
  server = await startCmsServer({ space })
  const config = readCmsConfig({
    STORYBLOK_TOKEN: TOKENS.public,
    STORYBLOK_API_URL: server.url,
    STORYBLOK_PER_PAGE: String(perPage),
    STORYBLOK_RATE_LIMIT: '1000',
  })
  return crawl(createCmsClient(config), { perPage })
}

/**
 * The budget, computed from the space itself: 1 + ceil(stories / per_page), plus for every
 * page whose relations (links) exceed the 50 the API inlines, ceil(uuids / 50) batch requests.
 */
function minimumRequests(space: Space, perPage: number): number {
  const sorted = [...space.stories].sort((a, b) => a.id - b.id)
  let requests = 1
  for (let start = 0; start < sorted.length; start += perPage) {
    const page = sorted.slice(start, start + perPage)
    const rels = new Set(page.flatMap((story) => relationUuids(story.content, ['project.related'])))
    const links = new Set(page.flatMap((story) => storyLinkUuids(story.content)))
    requests += 1 + (rels.size > 50 ? Math.ceil(rels.size / 50) : 0) + (links.size > 50 ? Math.ceil(links.size / 50) : 0)
  }
  return requests
}

describe('crawl', () => {
  it('should fetch every story with 1 + ceil(stories / per_page) requests when relations fit inline', async () => {
    const space = projectSpace(60, 2)
    const result = await crawlSpace(space, 25)
    expect(result.stories).toHaveLength(60)
    expect(minimumRequests(space, 25)).toBe(1 + 3)
    expect(server!.requests).toHaveLength(1 + 3)
    expect(result.requests).toBe(4)
  })

  it('should batch rel_uuids and link_uuids 50 at a time past the inline limit', async () => {
    const space = projectSpace(250, 3)
    const result = await crawlSpace(space, 100)
    expect(result.stories).toHaveLength(250)
    const batches = server!.requests.filter((request) => request.query.has('by_uuids'))
    expect(batches.length).toBeGreaterThan(0)
    for (const batch of batches) expect(batch.query.get('by_uuids')!.split(',').length).toBeLessThanOrEqual(50)
    expect(server!.requests).toHaveLength(minimumRequests(space, 100))
  })

  it('should pin every request to the cv of cdn/spaces/me', async () => {
    await crawlSpace(projectSpace(30, 1), 10)
    const [space, ...stories] = server!.requests
    expect(space!.path).toBe('cdn/spaces/me')
    for (const request of stories) expect(request.query.get('cv')).toBe('100')
  })

  it('should resolve relations into story objects and sort stories by full_slug', async () => {
    const result = await crawlSpace(projectSpace(12, 2), 5)
    expect(result.stories.map((story) => story.full_slug)).toEqual([...result.stories.map((story) => story.full_slug)].sort())
    const related = result.stories[0]!.content.related as { uuid: string }[]
    expect(related[0]).toMatchObject({ uuid: expect.stringMatching(/^uuid-/) })
  })

  it('should fail when fewer stories arrive than the total header announced', async () => {
    server = await startCmsServer({ space: projectSpace(30, 1), faults: { overstateTotal: 1 } })
    const config = readCmsConfig({ STORYBLOK_TOKEN: TOKENS.public, STORYBLOK_API_URL: server.url, STORYBLOK_RATE_LIMIT: '1000' })
    await expect(crawl(createCmsClient(config), { perPage: 25 })).rejects.toBeInstanceOf(ShortCrawlError)
  })
})
