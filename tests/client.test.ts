import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { CmsRequestError, createCmsClient } from '../cms/client.ts'
import { MISSING_TOKEN_MESSAGE, readCmsConfig, UUID_BATCH_SIZE } from '../cms/config.ts'
import { MAX_RETRIES } from '../cms/rate-limit-retry.ts'
import { projectSpace, TOKENS } from './helpers/space.ts'

let server: CmsServer

beforeEach(async () => {
  server = await startCmsServer({ space: projectSpace(10) })
})
afterEach(async () => {
  await server.close()
})

function client(options: Parameters<typeof createCmsClient>[1] = {}) {
  const config = readCmsConfig({ STORYBLOK_TOKEN: TOKENS.public, STORYBLOK_API_URL: server.url, STORYBLOK_RATE_LIMIT: '1000' })
  return createCmsClient(config, options)
}

describe('CMS client', () => {
  it('should retry a 429 after 1 s, then 2 s, logging the spec line', async () => {
    server.faults = { rateLimitFirst: 2 }
    const log = vi.fn()
    // The delays are recorded instead of slept through; each retry waits for its delay to end.
    const waits: number[] = []
    const wait = async (ms: number) => void waits.push(ms)
    const { cv } = await client({ log, wait }).getSpace()
    expect(cv).toBe(100)
    expect(waits).toEqual([1000, 2000])
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      'Hit rate limit. Retrying in 1 seconds.',
      'Hit rate limit. Retrying in 2 seconds.',
    ])
    expect(server.requests).toHaveLength(3)
  })

  it('should give up after 5 retries with one retry loop only, rejecting with the status', async () => {
    server.faults = { rateLimitEvery: 1 }
    const log = vi.fn()
    const error = await client({ log, delayStepMs: 5 }).getSpace().catch((e) => e)
    expect(error).toBeInstanceOf(CmsRequestError)
    expect(error.status).toBe(429)
    expect(error.message).toMatch(/GET cdn\/spaces\/me failed: 429/)
    expect(log).toHaveBeenCalledTimes(MAX_RETRIES)
    // The first try and 5 retries; storyblok-js-client's own 10 retries must not stack on top.
    expect(server.requests).toHaveLength(1 + MAX_RETRIES)
  })

  it('should reject a status outside 200-206 with message, status and response', async () => {
    const error = await client().getStory('projects/missing').catch((e) => e)
    expect(error).toBeInstanceOf(CmsRequestError)
    expect(error.status).toBe(404)
    expect(error.response).toBe('This record could not be found')
    expect(error.message).toContain('GET cdn/stories/projects/missing')
  })

  it('should not retry a 5xx and should name the request', async () => {
    server.faults = { serverErrorEvery: 1, serverErrorStatus: 503 }
    const error = await client().getStories({ page: 1 }).catch((e) => e)
    expect(error.status).toBe(503)
    expect(error.message).toMatch(/GET cdn\/stories\?.*page=1.* failed: 503/)
    expect(server.requests).toHaveLength(1)
  })

  it('should explain a rejected token', async () => {
    const config = readCmsConfig({ STORYBLOK_TOKEN: 'wrong', STORYBLOK_API_URL: server.url })
    const error = await createCmsClient(config).getSpace().catch((e) => e)
    expect(error.status).toBe(401)
    expect(error.message).toMatch(/token was rejected; check STORYBLOK_TOKEN/)
  })

  it('should report malformed JSON clearly', async () => {
    server.faults = { malformedOn: [1] }
    const error = await client().getSpace().catch((e) => e)
    expect(error.message).toMatch(/not valid JSON/)
  })

  it('should log the spec message when no token is given', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => createCmsClient({ ...readCmsConfig({}), apiUrl: server.url })).toThrow(MISSING_TOKEN_MESSAGE)
    expect(consoleError).toHaveBeenCalledWith(MISSING_TOKEN_MESSAGE)
    consoleError.mockRestore()
  })

  it('should use the region host when no API URL is set', async () => {
    const urls: string[] = []
    const fakeFetch: typeof fetch = async (input) => {
      urls.push(String(input))
      return new Response(JSON.stringify({ space: { id: 1, name: 's', version: 1 } }), { status: 200 })
    }
    for (const region of ['eu', 'us', 'cn', 'ap', 'ca']) {
      await createCmsClient(readCmsConfig({ STORYBLOK_TOKEN: 't', STORYBLOK_REGION: region }), { fetch: fakeFetch }).getSpace()
    }
    expect(urls.map((url) => new URL(url).host)).toEqual([
      'api.storyblok.com',
      'api-us.storyblok.com',
      'app.storyblokchina.cn',
      'api-ap.storyblok.com',
      'api-ca.storyblok.com',
    ])
  })

  it('should fetch relations past the inline limit by uuid, 50 at a time, when asked to resolve them', async () => {
    // What the editor's draft relies on (the crawl itself never asks: cms/crawl.ts).
    await server.close()
    server = await startCmsServer({ space: projectSpace(250, 3) })
    const page = await client().getStories({ per_page: 100, resolve_relations: 'project.related' })
    const batches = server.requests.filter((request) => request.query.has('by_uuids'))
    expect(batches.length).toBeGreaterThan(1)
    for (const batch of batches) expect(batch.query.get('by_uuids')!.split(',').length).toBeLessThanOrEqual(UUID_BATCH_SIZE)
    const related = new Set(page.stories.flatMap((story) => story.content.related as string[]))
    expect(new Set(page.rels.map((story) => story.uuid))).toEqual(related)
  })

  it('should name the links past the inline limit by uuid, 50 at a time, when asked to resolve links', async () => {
    await server.close()
    server = await startCmsServer({ space: projectSpace(250, 3) })
    const { links } = await client().getStories({ per_page: 100, resolve_links: 'url' })
    expect(links.length).toBeGreaterThan(50)
    for (const link of links) expect(link.full_slug).toMatch(/\w/)
  })

  it('should throttle to the configured rate', async () => {
    const config = readCmsConfig({ STORYBLOK_TOKEN: TOKENS.public, STORYBLOK_API_URL: server.url, STORYBLOK_RATE_LIMIT: '2' })
    const slow = createCmsClient(config)
    const started = performance.now()
    await Promise.all([slow.getSpace(), slow.getSpace(), slow.getSpace()])
    // Two in the first second, the third in the next: at least a second between first and last.
    expect(performance.now() - started).toBeGreaterThanOrEqual(990)
  })
})
