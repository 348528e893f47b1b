// Over 250 lines: the client's interface, its answers' types and the one implementation, kept side by side.
/**
 * The one way this project talks to Storyblok's delivery API: ofetch for the requests, p-throttle
 * for the spec's 5/s (3/s with oauth), our 429 policy (`rate-limit-retry.ts`), 200–206 accepted
 * and anything else rejected with message, status and response. The build, the dev server, the
 * preview proxy and the editor's draft all go through `createCmsClient`.
 */
import { ofetch, FetchError } from 'ofetch'
import pThrottle from 'p-throttle'
import { MISSING_TOKEN_MESSAGE, STORYBLOK_API_ORIGINS, UUID_BATCH_SIZE, type CmsConfig } from './config.ts'
import type { Story, StoryLink } from './content-model.ts'
import { storyLinkOf } from './links.ts'
import { withRateLimitRetry, type RetryOptions } from './rate-limit-retry.ts'

export type StoriesParams = Record<string, string | number | boolean | undefined>

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

/** A link (`cdn/links`): a story or folder in brief, with the last publication under `include_dates`. */
export interface StoryLinkEntry {
  id: number
  uuid: string
  /** The full slug. */
  slug: string
  is_folder: boolean
  published: boolean
  published_at?: string | null
}

export interface LinksPage {
  links: StoryLinkEntry[]
  /** The `total` header: links across all pages. */
  total: number
}

export interface CmsClient {
  /** `cdn/spaces/me`, never cached: the space's current content version. */
  getSpace(): Promise<SpaceInfo>
  getStories(params: StoriesParams): Promise<StoriesPage>
  /** One story by full slug, uuid (`find_by: 'uuid'`) or numeric id. */
  getStory(idOrSlug: string | number, params?: StoriesParams): Promise<{ story: Story; links: StoryLink[]; rels: Story[] }>
  /** One page of a datasource's entries (`cdn/datasource_entries?datasource=<slug>`). */
  getDatasourceEntries(params: StoriesParams & { datasource: string }): Promise<DatasourcePage>
  /** One page of the space's links with their dates (`cdn/links?paginated=1&include_dates=1`). */
  getLinks(params: StoriesParams): Promise<LinksPage>
  /** How many HTTP requests went out (retries included), for the crawl's budget check. */
  readonly requestCount: number
}

export interface ClientOptions extends Pick<RetryOptions, 'log' | 'delayStepMs' | 'wait'> {
  fetch?: typeof fetch
}

/** What a delivery answer may carry besides its stories (docs/behaviour.md, "The calls it makes"). */
interface Answer {
  links?: StoryLink[]
  rels?: Story[]
  link_uuids?: string[]
  rel_uuids?: string[]
  [key: string]: unknown
}

function describe(path: string, params: StoriesParams | undefined): string {
  const shown = Object.entries(params ?? {})
    .filter(([key, value]) => key !== 'token' && value !== undefined)
    .map(([key, value]) => `${key}=${String(value)}`)
  return `GET ${path}${shown.length ? `?${shown.join('&')}` : ''}`
}

/** What the CMS said about a failed request: Storyblok sends `["reason"]` or `{ error }`. */
function reasonOf(data: unknown): unknown {
  if (Array.isArray(data)) return data[0]
  if (data && typeof data === 'object') return (data as { error?: unknown; slug?: unknown }).error ?? (data as { slug?: unknown }).slug
  return data
}

function toRequestError(request: string, error: unknown): CmsRequestError {
  if (error instanceof FetchError && typeof error.status === 'number') {
    const { status } = error
    const response = reasonOf(error.data)
    const said = response === undefined ? '' : ` (${typeof response === 'string' ? response : JSON.stringify(response)})`
    const hint =
      status === 401
        ? ': the token was rejected; check STORYBLOK_TOKEN (or STORYBLOK_PREVIEW_TOKEN for drafts) and STORYBLOK_REGION'
        : status === 429
          ? ': still rate limited after all retries; lower STORYBLOK_RATE_LIMIT'
          : ''
    return new CmsRequestError(request, status, response, `${status} ${error.statusText ?? ''}`.trim() + said + hint)
  }
  const cause = error instanceof FetchError && error.cause instanceof Error ? error.cause : error instanceof Error ? error : undefined
  const text = cause
    ? cause.name === 'SyntaxError'
      ? `the response is not valid JSON (${cause.message})`
      : `${cause.message}${cause.cause instanceof Error ? ` (${cause.cause.message})` : ''}`
    : String(error)
  return new CmsRequestError(request, undefined, undefined, text)
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size))
  return result
}

type Get = (path: string, params: StoriesParams) => Promise<{ data: Answer; headers: Headers }>

/** GET requests through the throttle and the 429 policy, counted, failing as CmsRequestError. */
function requester(config: CmsConfig, accessToken: string, options: ClientOptions): { get: Get; count: () => number } {
  let requestCount = 0
  const baseFetch = options.fetch ?? globalThis.fetch
  const countingFetch: typeof fetch = (input, init) => {
    requestCount++
    return baseFetch(input, init)
  }
  const request = ofetch.create(
    // `retry: false`: the 429 policy is the fetch's own, and no other status is retried.
    { baseURL: config.apiUrl ?? `${STORYBLOK_API_ORIGINS[config.region]}/v2`, retry: false, parseResponse: JSON.parse },
    { fetch: withRateLimitRetry({ fetch: countingFetch, log: options.log, delayStepMs: options.delayStepMs, wait: options.wait }) },
  )
  // A rate below 1/s (STORYBLOK_RATE_LIMIT accepts 0.1) is one request per longer interval.
  const limit = Math.max(1, Math.floor(config.rateLimit))
  const throttled = pThrottle({ limit, interval: (1000 * limit) / config.rateLimit })((path: string, query: StoriesParams) =>
    request.raw<Answer>(path, { query: { ...query, token: accessToken } }),
  )
  const get: Get = async (path, params) => {
    try {
      const response = await throttled(path, params)
      // The spec accepts 200–206; a 207 or a 3xx not followed is a failure all the same.
      if (response.status > 206) throw new CmsRequestError(describe(path, params), response.status, reasonOf(response._data), `${response.status} ${response.statusText}`)
      return { data: response._data ?? {}, headers: response.headers }
    } catch (error) {
      if (error instanceof CmsRequestError) throw error
      throw toRequestError(describe(path, params), error)
    }
  }
  return { get, count: () => requestCount }
}

/** The stories an answer names by uuid past the inline limit, asked for 50 at a time. */
async function storiesByUuid(get: Get, uuids: string[] | undefined, { version, language }: StoriesParams): Promise<Story[]> {
  const batches = chunks(uuids ?? [], UUID_BATCH_SIZE).map((batch) => get('cdn/stories', { version, language, by_uuids: batch.join(','), per_page: UUID_BATCH_SIZE }))
  return (await Promise.all(batches)).flatMap(({ data }) => (data.stories as Story[] | undefined) ?? [])
}

/** The answer's relations and links, with those it names only by uuid fetched. */
async function included(get: Get, data: Answer, params: StoriesParams): Promise<{ links: StoryLink[]; rels: Story[] }> {
  const [rels, linked] = await Promise.all([storiesByUuid(get, data.rel_uuids, params), storiesByUuid(get, data.link_uuids, params)])
  return { rels: [...(data.rels ?? []), ...rels], links: [...(data.links ?? []), ...linked.map(storyLinkOf)] }
}

/** The `total` header, if it is a whole number. */
function totalOf(headers: Headers, fallback: number): number {
  const value = Number(headers.get('total'))
  return headers.has('total') && Number.isInteger(value) ? value : fallback
}

export function createCmsClient(config: CmsConfig, options: ClientOptions = {}): CmsClient {
  const accessToken = config.version === 'draft' ? config.previewToken : config.token
  if (!accessToken) {
    console.error(MISSING_TOKEN_MESSAGE)
    throw new Error(`${MISSING_TOKEN_MESSAGE}: set STORYBLOK_TOKEN${config.version === 'draft' ? ' and STORYBLOK_PREVIEW_TOKEN' : ''}.`)
  }
  const { get, count } = requester(config, accessToken, options)
  // A release preview reads every story as the release will publish it.
  const release = config.release ? { from_release: config.release } : {}
  return {
    get requestCount() {
      return count()
    },
    async getSpace() {
      const { data } = await get('cdn/spaces/me', {})
      const space = data.space as { id: number; name: string; version?: unknown; language_codes?: unknown } | undefined
      if (!space || typeof space.version !== 'number') {
        throw new CmsRequestError('GET cdn/spaces/me', 200, data, 'the answer has no space.version')
      }
      const codes: unknown[] = Array.isArray(space.language_codes) ? space.language_codes : []
      return { id: space.id, name: space.name, cv: space.version, languageCodes: codes.filter((code): code is string => typeof code === 'string' && code !== '') }
    },
    async getStories(params) {
      const query = { version: config.version, ...release, ...params }
      const { data, headers } = await get('cdn/stories', query)
      if (!Array.isArray(data.stories)) {
        throw new CmsRequestError(describe('cdn/stories', params), 200, data, 'the answer has no stories array')
      }
      return { stories: data.stories as Story[], total: totalOf(headers, NaN), perPage: Number(headers.get('per-page')), cv: data.cv as number | undefined, ...(await included(get, data, query)) }
    },
    async getDatasourceEntries(params) {
      const { data, headers } = await get('cdn/datasource_entries', params)
      const entries = data.datasource_entries
      if (!Array.isArray(entries)) {
        throw new CmsRequestError(describe('cdn/datasource_entries', params), 200, data, 'the answer has no datasource_entries array')
      }
      return { entries, total: totalOf(headers, entries.length) }
    },
    async getLinks(params) {
      const { data, headers } = await get('cdn/links', { version: config.version, paginated: 1, include_dates: 1, ...release, ...params })
      const links = data.links
      if (typeof links !== 'object' || links === null || Array.isArray(links)) {
        throw new CmsRequestError(describe('cdn/links', params), 200, data, 'the answer has no links object')
      }
      const entries = Object.values(links as Record<string, StoryLinkEntry>)
      return { links: entries, total: totalOf(headers, entries.length) }
    },
    async getStory(idOrSlug, params = {}) {
      const query = { version: config.version, ...release, ...params }
      const { data } = await get(`cdn/stories/${idOrSlug}`, query)
      if (!data.story) throw new CmsRequestError(`GET cdn/stories/${idOrSlug}`, 200, data, 'the answer has no story')
      return { story: data.story as Story, ...(await included(get, data, query)) }
    },
  }
}
