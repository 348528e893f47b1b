import { afterEach, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import type { Space } from '../cms/api/space.ts'
import { createCmsClient } from '../cms/client.ts'
import { readCmsConfig } from '../cms/config.ts'
import type { Story } from '../cms/content-model.ts'
import { crawl, crawlLanguage, ShortCrawlError } from '../cms/crawl.ts'
import { detectLanguageStrategy } from '../cms/language.ts'
import { crawlRequests as budget } from '../cms/request-budget.ts'
import { readmitStory } from '../cms/story-shape.ts'
import { projectSpace, TOKENS } from './helpers/space.ts'

let server: CmsServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function clientFor(space: Space, perPage: number, fetch?: typeof globalThis.fetch) {
  server = await startCmsServer({ space })
  const config = readCmsConfig({
    STORYBLOK_TOKEN: TOKENS.public,
    STORYBLOK_API_URL: server.url,
    STORYBLOK_PER_PAGE: String(perPage),
    STORYBLOK_RATE_LIMIT: '1000',
  })
  return createCmsClient(config, { fetch })
}

async function crawlSpace(space: Space, perPage: number) {
  return crawl(await clientFor(space, perPage), { perPage })
}

describe('crawl', () => {
  it('should fetch every story with 1 + ceil(stories / per_page) requests', async () => {
    const space = projectSpace(60, 2)
    const result = await crawlSpace(space, 25)
    expect(result.stories).toHaveLength(60)
    expect(budget(space.stories.length, 25)).toBe(1 + 3)
    expect(server!.requests).toHaveLength(1 + 3)
    expect(result.requests).toBe(4)
  })

  it('should not ask the API to resolve relations or links, so that many relations cost no by_uuids batches', async () => {
    // 250 projects with 3 relations each: 100 a page would be past the 50 the API inlines.
    const space = projectSpace(250, 3)
    const result = await crawlSpace(space, 100)
    expect(result.stories).toHaveLength(250)
    for (const request of server!.requests) {
      expect(request.query.has('resolve_relations')).toBe(false)
      expect(request.query.has('resolve_links')).toBe(false)
      expect(request.query.has('by_uuids')).toBe(false)
    }
    expect(server!.requests).toHaveLength(budget(250, 100))
  })

  it('should pin every request to the cv of cdn/spaces/me', async () => {
    await crawlSpace(projectSpace(30, 1), 10)
    const [space, ...stories] = server!.requests
    expect(space!.path).toBe('cdn/spaces/me')
    for (const request of stories) expect(request.query.get('cv')).toBe('100')
  })

  it('should keep relations as uuids of stories the crawl holds, and sort by full_slug', async () => {
    const result = await crawlSpace(projectSpace(12, 2), 5)
    expect(result.stories.map((story) => story.full_slug)).toEqual([...result.stories.map((story) => story.full_slug)].sort())
    for (const story of result.stories) {
      const related = story.content.related as unknown[]
      expect(related).toHaveLength(2)
      for (const uuid of related) expect(result.stories.some((other) => other.uuid === uuid)).toBe(true)
    }
  })

  it('should fail when fewer stories arrive than the total header announced', async () => {
    server = await startCmsServer({ space: projectSpace(30, 1), faults: { overstateTotal: 1 } })
    const config = readCmsConfig({ STORYBLOK_TOKEN: TOKENS.public, STORYBLOK_API_URL: server.url, STORYBLOK_RATE_LIMIT: '1000' })
    await expect(crawl(createCmsClient(config), { perPage: 25 })).rejects.toBeInstanceOf(ShortCrawlError)
  })
})

describe('crawl of other languages (field-level translation)', () => {
  it('should crawl each language once more with language=<code>, at the same cv: 1 + (1 + languages) × ceil(stories / per_page) requests', async () => {
    const space = { ...projectSpace(30, 1), language_codes: ['de', 'fr'] }
    space.stories[0]!.content.title__i18n__de = 'Erstes Projekt'
    const client = await clientFor(space, 25)
    const { space: info, stories } = await crawl(client, { perPage: 25 })
    const languages = new Map<string, Awaited<ReturnType<typeof crawlLanguage>>>()
    for (const code of info.languageCodes) languages.set(code, await crawlLanguage(client, info.cv, code, { perPage: 25 }))
    expect(info.languageCodes).toEqual(['de', 'fr'])
    expect(stories).toHaveLength(30)
    expect([...languages.keys()]).toEqual(['de', 'fr'])
    const german = languages.get('de')!.stories
    expect(german).toHaveLength(30)
    expect(german.every((story) => story.lang === 'de' && story.full_slug.startsWith('de/'))).toBe(true)
    expect(german.find((story) => story.uuid === space.stories[0]!.uuid)!.content.title).toBe('Erstes Projekt')
    expect(server!.requests).toHaveLength(budget(30, 25, 2))
    expect(budget(30, 25, 2)).toBe(1 + 3 * 2)
    expect(server!.requests.every((request) => request.path === 'cdn/spaces/me' || request.query.get('cv') === String(info.cv))).toBe(true)
  })

  it('should detect folder-level translation from top-level language folders, and field-level otherwise', () => {
    expect(detectLanguageStrategy(['de'], ['de/home', 'en/home', 'en/about'])).toBe('folder')
    expect(detectLanguageStrategy(['de', 'fr'], ['de/home', 'about'])).toBe('field')
    expect(detectLanguageStrategy([], ['de/home'])).toBe('field')
  })
})
