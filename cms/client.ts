/**
 * The one way this project talks to Storyblok: storyblok-js-client with the spec's behaviour
 * (region hosts, 5/s throttle or 3/s with oauth, the 429 policy of `rate-limit-retry.ts`, 200–206
 * accepted, anything else rejected with message, status and response). The build, the dev server
 * and the browser preview all go through `createCmsClient`.
 */
import StoryblokClient, { type ISbStoriesParams } from 'storyblok-js-client'
import { MISSING_TOKEN_MESSAGE, type CmsConfig } from './config.ts'
import type { Story, StoryLink } from './content-model.ts'
import { memberBytes, takeJsonSource } from './json-source.ts'
import { withRateLimitRetry, type RetryOptions } from './rate-limit-retry.ts'

export type StoriesParams = ISbStoriesParams & Record<string, unknown>

/** A failed CMS request: which request, and what the CMS said. */
export class CmsRequestError extends Error {
  constructor(
    readonly request: string,
    readonly status: number | undefined,
    readonly response: unknown,
    detail: string,
  ) {
    super(`CMS request ${request} failed: ${detail}`)
    this.name = 'CmsRequestError'
  }
}

export interface StoriesPage {
  stories: Story[]
  /** The `total` header: how many stories the query matches across all pages. */
  total: number
  perPage: number
  links: StoryLink[]
  rels: Story[]
  cv?: number
  /**
   * Each story's bytes as the CMS sent them, in the order of `stories`, when the answer came
   * through the build's fetch (cms/json-source.ts): the story file keeps these instead of
   * serializing the story again (scripts/story-file.ts).
   */
  sources?: Buffer[]
}

/** What `cdn/spaces/me` tells of the space: its id, name, current content version and languages. */
export interface SpaceInfo {
  id: number
  name: string
  cv: number
  /** The space's languages besides the default (`language_codes`). */
  languageCodes: string[]
}

/** A datasource entry as the delivery API sends it (`value` is the default dimension's). */
export interface DatasourceEntry {
  id?: number
  name: string
  value: string
  dimension_value?: string | null
}

export interface DatasourcePage {
  entries: DatasourceEntry[]
  /** The `total` header: entries across all pages. */
  total: number
}

export interface CmsClient {
  /** `cdn/spaces/me`, never cached: the space's current content version. */
  getSpace(): Promise<SpaceInfo>
  getStories(params: StoriesParams): Promise<StoriesPage>
  /** One story by full slug, uuid (`find_by: 'uuid'`) or numeric id. */
  getStory(idOrSlug: string | number, params?: StoriesParams): Promise<{ story: Story; links: StoryLink[]; rels: Story[]; source?: Buffer }>
  /** One page of a datasource's entries (`cdn/datasource_entries?datasource=<slug>`). */
  getDatasourceEntries(params: StoriesParams & { datasource: string }): Promise<DatasourcePage>
  /** How many HTTP requests went out (retries included), for the crawl's budget check. */
  readonly requestCount: number
}

export interface ClientOptions extends Pick<RetryOptions, 'log' | 'delayStepMs' | 'wait'> {
  fetch?: typeof fetch
}

function describe(path: string, params: StoriesParams | undefined): string {
  const shown = Object.entries(params ?? {})
    .filter(([key, value]) => key !== 'token' && value !== undefined)
    .map(([key, value]) => `${key}=${String(value)}`)
  return `GET ${path}${shown.length ? `?${shown.join('&')}` : ''}`
}

/** Turns the client's rejection (a plain `{ message, status, response }` object) into an Error. */
function toRequestError(request: string, error: unknown): CmsRequestError {
  const { message, status, response } = (error ?? {}) as { message?: unknown; status?: number; response?: unknown }
  if (typeof status === 'number') {
    const said = response === undefined ? '' : ` (${typeof response === 'string' ? response : JSON.stringify(response)})`
    const hint =
      status === 401
        ? ': the token was rejected; check STORYBLOK_TOKEN (or STORYBLOK_PREVIEW_TOKEN for drafts) and STORYBLOK_REGION'
        : status === 429
          ? ': still rate limited after all retries; lower STORYBLOK_RATE_LIMIT'
          : ''
    return new CmsRequestError(request, status, response, `${status} ${String(message || '')}`.trim() + said + hint)
  }
  const cause = message instanceof Error ? message : error instanceof Error ? error : undefined
  const text = cause
    ? cause.name === 'SyntaxError'
      ? `the response is not valid JSON (${cause.message})`
      : `${cause.message}${(cause as { cause?: Error }).cause ? ` (${(cause as { cause?: Error }).cause?.message})` : ''}`
    : String(message ?? error)
  return new CmsRequestError(request, undefined, undefined, text)
}

/** The bytes of the answer's member `key`, if the answer came through the build's fetch. */
function memberSource(data: object, key: string): Buffer | undefined {
  const answer = takeJsonSource(data)
  return answer && memberBytes(answer, key)
}

/** The bytes of each of the answer's stories, if it came through the build's fetch (which parsed them one by one). */
function storiesSources(data: { stories: unknown[] }): Buffer[] | undefined {
  // The whole answer's bytes are not needed: only let go of them.
  takeJsonSource(data)
  const sources = data.stories.map(takeJsonSource)
  return sources.every((source) => source !== undefined) ? (sources as Buffer[]) : undefined
}

export function createCmsClient(config: CmsConfig, options: ClientOptions = {}): CmsClient {
  const accessToken = config.version === 'draft' ? config.previewToken : config.token
  if (!accessToken) {
    console.error(MISSING_TOKEN_MESSAGE)
    throw new Error(`${MISSING_TOKEN_MESSAGE}: set STORYBLOK_TOKEN${config.version === 'draft' ? ' and STORYBLOK_PREVIEW_TOKEN' : ''}.`)
  }

  let requestCount = 0
  const baseFetch = options.fetch ?? globalThis.fetch
  const countingFetch: typeof fetch = (input, init) => {
    requestCount++
    return baseFetch(input, init)
  }

  const client = new StoryblokClient({
    accessToken,
    region: config.region,
    endpoint: config.apiUrl,
    rateLimit: config.rateLimit,
    // Node 20 has no Iterator#toArray, which the client needs for a Headers instance.
    headers: {},
    fetch: withRateLimitRetry({ fetch: countingFetch, log: options.log, delayStepMs: options.delayStepMs, wait: options.wait }),
  })
  // Its constructor treats 0 and false as "unset", hence the assignment:
  // - maxRetries 0: it would retry a 429 again, 10 times 300 ms, after ours gave up;
  // - resolveNestedRelations false: relations of related stories are never shown, and resolving
  //   them nests story copies inside story copies.
  Object.assign(client, { maxRetries: 0, resolveNestedRelations: false })
  // The client walks every story's whole content after every answer, even when it was asked to
  // resolve nothing (storyblok-js-client 6.11, resolveStories): 0.3 s of CPU for a 5,000-story
  // crawl, which asks for no resolution (cms/crawl.ts). It walks only when there is something to
  // resolve.
  const internals = client as unknown as { resolveStories(data: unknown, params: StoriesParams, id: string): Promise<void> }
  const resolveStories = internals.resolveStories.bind(client)
  internals.resolveStories = (data, params, id) => (params.resolve_relations || params.resolve_links ? resolveStories(data, params, id) : Promise.resolve())

  async function get(path: string, params: StoriesParams) {
    try {
      return await client.get(path, params)
    } catch (error) {
      throw toRequestError(describe(path, params), error)
    }
  }

  return {
    get requestCount() {
      return requestCount
    },
    async getSpace() {
      const { data } = await get('cdn/spaces/me', {})
      const space = data?.space
      if (!space || typeof space.version !== 'number') {
        throw new CmsRequestError('GET cdn/spaces/me', 200, data, 'the answer has no space.version')
      }
      const codes: unknown[] = Array.isArray(space.language_codes) ? space.language_codes : []
      return { id: space.id, name: space.name, cv: space.version, languageCodes: codes.filter((code): code is string => typeof code === 'string' && code !== '') }
    },
    async getStories(params) {
      const response = await get('cdn/stories', { version: config.version, ...params })
      const data = response.data
      if (!Array.isArray(data?.stories)) {
        throw new CmsRequestError(describe('cdn/stories', params), 200, data, 'the answer has no stories array')
      }
      const header = (name: string) => Number((response.headers as unknown as Record<string, string> | undefined)?.[name])
      return {
        stories: data.stories,
        total: header('total'),
        perPage: header('per-page'),
        links: data.links ?? [],
        rels: data.rels ?? [],
        cv: data.cv,
        sources: storiesSources(data),
      }
    },
    async getDatasourceEntries(params) {
      const response = await get('cdn/datasource_entries', params)
      const entries = response.data?.datasource_entries
      if (!Array.isArray(entries)) {
        throw new CmsRequestError(describe('cdn/datasource_entries', params), 200, response.data, 'the answer has no datasource_entries array')
      }
      const total = Number((response.headers as unknown as Record<string, string> | undefined)?.total)
      return { entries, total: Number.isInteger(total) ? total : entries.length }
    },
    async getStory(idOrSlug, params = {}) {
      const { data } = await get(`cdn/stories/${idOrSlug}`, { version: config.version, ...params })
      if (!data?.story) throw new CmsRequestError(`GET cdn/stories/${idOrSlug}`, 200, data, 'the answer has no story')
      return { story: data.story, links: data.links ?? [], rels: data.rels ?? [], source: memberSource(data, 'story') }
    },
  }
}
