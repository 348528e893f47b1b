/**
 * The embedded Storyblok-compatible delivery API: serves a stored space over HTTP on loopback so
 * that builds without a Storyblok account go through exactly the client code a real space uses.
 * Under `/v1/` it also serves the Management API's components (cms/api/management.ts).
 * Faults can be injected for tests (429, 5xx, delays, malformed JSON, an overstated total).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { answerDelivery, type DeliveryAnswer, type DeliveryOptions } from './delivery.ts'
import { answerManagement } from './management.ts'
import type { Space } from './space.ts'

export interface Faults {
  /** Answer every n-th request with 429. */
  rateLimitEvery?: number
  /** Answer the first n requests with 429 (a deterministic burst). */
  rateLimitFirst?: number
  /** Answer every n-th request with `serverErrorStatus`. */
  serverErrorEvery?: number
  /** Answer these request numbers (1-based) with `serverErrorStatus`. */
  serverErrorOn?: number[]
  serverErrorStatus?: number
  /** Answer these request numbers with a body that is not JSON. */
  malformedOn?: number[]
  /** Wait this long before every answer. */
  delayMs?: number
  /** Announce this many more stories in the `total` header than exist (a short crawl). */
  overstateTotal?: number
}

export interface RecordedRequest {
  n: number
  method: string
  path: string
  query: URLSearchParams
  status: number
  at: number
}

export interface CmsServer {
  /** Base URL to use as `STORYBLOK_API_URL`, e.g. `http://127.0.0.1:4100/v2`. */
  url: string
  /** Base URL to use as `STORYBLOK_MANAGEMENT_API_URL` (cms/api/management.ts). */
  managementUrl: string
  port: number
  space: Space
  /** Every request answered, in order (for tests and the benchmark). */
  requests: RecordedRequest[]
  faults: Faults
  close(): Promise<void>
}

export interface CmsServerOptions extends DeliveryOptions {
  space: Space
  port?: number
  host?: string
  faults?: Faults
}

function injectedFault(faults: Faults, n: number): DeliveryAnswer | 'malformed' | undefined {
  if ((faults.rateLimitFirst && n <= faults.rateLimitFirst) || (faults.rateLimitEvery && n % faults.rateLimitEvery === 0)) {
    return { status: 429, body: { error: 'Too Many Requests' } }
  }
  if (faults.serverErrorOn?.includes(n) || (faults.serverErrorEvery && n % faults.serverErrorEvery === 0)) {
    const status = faults.serverErrorStatus ?? 500
    return { status, body: { error: status === 503 ? 'Service Unavailable' : 'Internal Server Error' } }
  }
  if (faults.malformedOn?.includes(n)) return 'malformed'
  return undefined
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

/** A whole answer as the server sends it. */
interface SentAnswer {
  status: number
  headers: Record<string, string>
  bytes: Buffer
}

/** The request handler: records each request, injects the test's faults, answers from the space. */
function deliveryHandler(space: Space, requests: RecordedRequest[], state: { faults: Faults }, cached: (key: string, make: () => SentAnswer) => SentAnswer, memoize: boolean | undefined) {
  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const n = requests.length + 1
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname.replace(/^\/v2\//, '').replace(/\/+$/, '')
    const record: RecordedRequest = { n, method: req.method ?? 'GET', path, query: url.searchParams, status: 0, at: Date.now() }
    requests.push(record)

    if (state.faults.delayMs) await new Promise((resolve) => setTimeout(resolve, state.faults.delayMs))
    const fault = injectedFault(state.faults, n)
    const send = (status: number, body: string | Buffer, headers: Record<string, string> = {}) => {
      record.status = status
      res.writeHead(status, STATUS_TEXT[status] ?? '', {
        'content-type': 'application/json; charset=utf-8',
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'total, per-page',
        ...headers,
      })
      res.end(body)
    }

    // Browsers preflight the client's requests, as for the real API.
    if (req.method === 'OPTIONS') return preflight(req, res, record)
    if (fault === 'malformed') return send(200, '{"stories": [ this is not json')
    if (fault) return send(fault.status, JSON.stringify(fault.body))
    if (url.pathname.startsWith('/v1/')) {
      const body = await requestBody(req)
      if (body === INVALID) return send(400, JSON.stringify({ error: 'The request body is not JSON' }))
      const answer = answerManagement(space, req.method ?? 'GET', url.pathname.slice('/v1/'.length).replace(/\/+$/, ''), req.headers.authorization, body)
      return send(answer.status, JSON.stringify(answer.body))
    }
    if (req.method !== 'GET') return send(405, JSON.stringify({ error: 'Only GET is served by the embedded delivery API' }))
    if (!url.pathname.startsWith('/v2/')) return send(404, JSON.stringify(['This record could not be found']))

    const answer = cached(`${path}?${url.searchParams}`, () => {
      const made = answerDelivery(space, path, url.searchParams, { memoize })
      return { status: made.status, headers: { ...made.headers }, bytes: Buffer.from(made.json ?? JSON.stringify(made.body)) }
    })
    const headers = { ...answer.headers }
    if (state.faults.overstateTotal && headers.total) headers.total = String(Number(headers.total) + state.faults.overstateTotal)
    send(answer.status, answer.bytes, headers)
  }
}

const INVALID = Symbol('invalid JSON')

/** A Management API request's JSON body (undefined when there is none). */
async function requestBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  if (!chunks.length) return undefined
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return INVALID
  }
}

function preflight(req: IncomingMessage, res: ServerResponse, record: RecordedRequest): void {
  record.status = 204
  res.writeHead(204, {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, OPTIONS',
    'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
    'access-control-max-age': '600',
  })
  res.end()
}

/**
 * The answers of a memoized space (DeliveryOptions.memoize) by request, for its current content
 * version only, as a CDN caches whole responses: a repeated request (every page of every crawl of
 * the benchmark) costs a lookup, not the page's assembly, so that the API does not take the CPU of
 * the build it serves on the same machine. Only successful answers are kept.
 */
function answerCache(space: Space): (key: string, make: () => SentAnswer) => SentAnswer {
  let version = space.version
  const answers = new Map<string, SentAnswer>()
  return (key, make) => {
    if (version !== space.version) {
      answers.clear()
      version = space.version
    }
    let answer = answers.get(key)
    if (!answer) {
      answer = make()
      if (answer.status === 200) answers.set(key, answer)
    }
    return answer
  }
}

export async function startCmsServer({ space, port = 0, host = '127.0.0.1', faults = {}, memoize = false }: CmsServerOptions): Promise<CmsServer> {
  const requests: RecordedRequest[] = []
  const state = { faults }
  const cached = memoize ? answerCache(space) : (_key: string, make: () => SentAnswer) => make()

  const handle = deliveryHandler(space, requests, state, cached, memoize)
  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: error.message }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  const address = server.address() as AddressInfo

  return {
    url: `http://${host}:${address.port}/v2`,
    managementUrl: `http://${host}:${address.port}/v1`,
    port: address.port,
    space,
    requests,
    get faults() {
      return state.faults
    },
    set faults(next: Faults) {
      state.faults = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
