/**
 * The `fetch` the build hands the Storyblok client (cms/client.ts): the request made with Node's
 * own HTTP client instead of the global `fetch`, the answer held as bytes and parsed from them.
 *
 * Why: the crawl asks for every story of the space, about 37 MB of JSON at 5,000 stories, and the
 * global `fetch` (undici, bundled with Node) costs more CPU than the parse itself: its WHATWG
 * streams take the body chunk by chunk through promises, and its HTTP parser is WebAssembly that
 * each build compiles again. For 200 answers of 25 stories: 1.07-1.29 s of CPU through the global
 * fetch, 0.65-0.75 s through node:http, the same `JSON.parse` included
 * (docs/benchmark/profile.md, ninth round). The build's crawl runs on its critical path.
 *
 * What the client and the build use of a fetch, and only that: any method, headers, a body, an
 * abort signal, redirects followed, compressed answers (gzip, deflate, br) decompressed, and a
 * `Response` whose `json()` and `text()` decode the bytes at once. A network failure rejects as the
 * global fetch does (`TypeError: fetch failed`, the cause attached), so messages do not change.
 * Server only: the browser's editor keeps the browser's fetch.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import type { Readable } from 'node:stream'
import { parseJsonAnswer } from './json-source.ts'

/** As many as the global fetch follows is more than an API needs; a loop ends here. */
const MAX_REDIRECTS = 5

/**
 * How long a connection may stay silent (no headers, no body) before the request fails: the global
 * fetch's (undici's) headers and body timeouts, so that a CMS that hangs fails the build as before.
 */
export const IDLE_TIMEOUT_MS = 300_000

/** Statuses whose answer has no body: `Response` refuses one. */
const NULL_BODY = new Set([101, 204, 205, 304])

let BufferedResponseClass: ReturnType<typeof makeBufferedResponse> | undefined

/**
 * An answer held as bytes (the class below). The class is made on the first answer, not as this
 * module loads: the global Response loads undici (about 14 ms), which the build's start, before it
 * starts the bundle process, need not wait for.
 */
function bufferedResponse(bytes: Buffer, init: ResponseInit): Response {
  BufferedResponseClass ??= makeBufferedResponse()
  return new BufferedResponseClass(bytes, init)
}

function makeBufferedResponse() {
  /**
   * An answer held as bytes: `json()`, `text()` and `arrayBuffer()` take them directly, and the
   * stream of `body` is made only if something reads it. Handing the bytes to Response's
   * constructor made undici wrap each answer in a stream at once: 38 ms of the crawl's thread per
   * 200 answers, for streams nothing read (docs/benchmark/profile.md, eleventh round).
   */
  class BufferedResponse extends Response {
    readonly #bytes: Buffer

    constructor(bytes: Buffer, init: ResponseInit) {
      super(null, init)
      this.#bytes = bytes
      // `body` is a getter of Response's prototype: this one, on the instance, answers instead (the
      // bytes are Buffer.concat's, in a plain ArrayBuffer, never a shared one).
      let stream: ReadableStream<Uint8Array> | null | undefined
      const nullBody = NULL_BODY.has(init.status ?? 200)
      Object.defineProperty(this, 'body', { get: () => (stream ??= nullBody ? null : new Blob([bytes as Uint8Array<ArrayBuffer>]).stream()) })
    }

    override text(): Promise<string> {
      return Promise.resolve(this.#bytes.toString('utf8'))
    }

    override json(): Promise<any> {
      // The crawl keeps stories as the bytes they were parsed from (cms/json-source.ts).
      return Promise.resolve(this.#bytes).then(parseJsonAnswer)
    }

    override arrayBuffer(): Promise<ArrayBuffer> {
      const bytes = this.#bytes
      return Promise.resolve(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer)
    }
  }
  return BufferedResponse
}

function decoded(response: IncomingMessage): Readable {
  switch (String(response.headers['content-encoding'] ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return response.pipe(createGunzip())
    case 'deflate':
      return response.pipe(createInflate())
    case 'br':
      return response.pipe(createBrotliDecompress())
    default:
      return response
  }
}

function responseHeaders(headers: IncomingHttpHeaders): Headers {
  const result = new Headers()
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) result.append(name, item)
    else if (value !== undefined) result.set(name, value)
  }
  return result
}

interface Answer {
  status: number
  statusText: string
  headers: IncomingHttpHeaders
  bytes: Buffer
}

/** One request, its answer read whole (decompressed). */
function exchange(url: URL, method: string, headers: Record<string, string>, body: string | undefined, signal: AbortSignal | undefined, idleTimeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, { method, headers, signal, timeout: idleTimeoutMs }, (response) => {
      const chunks: Buffer[] = []
      const stream = decoded(response)
      // A connection lost mid-answer fails the answer; `pipe` would not pass that on to a decompressor.
      response.on('error', reject)
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', reject)
      stream.on('end', () => resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: response.headers, bytes: Buffer.concat(chunks) }))
    })
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url.host} for ${idleTimeoutMs / 1000} s`)))
    request.on('error', reject)
    request.end(body)
  })
}

function requestHeaders(init: RequestInit | undefined): Record<string, string> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' }
  new Headers(init?.headers).forEach((value, name) => (headers[name] = value))
  return headers
}

function bodyOf(init: RequestInit | undefined): string | undefined {
  if (init?.body === undefined || init.body === null) return undefined
  if (typeof init.body === 'string') return init.body
  throw new TypeError('nodeFetch sends text bodies only')
}

/** A fetch as described above; `idleTimeoutMs` for tests. */
export function createNodeFetch({ idleTimeoutMs = IDLE_TIMEOUT_MS }: { idleTimeoutMs?: number } = {}): typeof fetch {
  return (input, init) => fetchWithNode(input, init, idleTimeoutMs)
}

export const nodeFetch = createNodeFetch()

async function fetchWithNode(input: Parameters<typeof fetch>[0], init: RequestInit | undefined, idleTimeoutMs: number): Promise<Response> {
  const signal = init?.signal ?? undefined
  let url = new URL(input instanceof Request ? input.url : String(input))
  let method = (init?.method ?? 'GET').toUpperCase()
  let body = bodyOf(init)
  const headers = requestHeaders(init)
  for (let redirects = 0; ; redirects++) {
    let answer: Answer
    try {
      answer = await exchange(url, method, headers, body, signal, idleTimeoutMs)
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      throw new TypeError('fetch failed', { cause: error })
    }
    const location = answer.headers.location
    if (answer.status >= 300 && answer.status < 400 && answer.status !== 304 && location && redirects < MAX_REDIRECTS) {
      url = new URL(location, url)
      // As fetch does: a 303, or a 301/302 to a POST, continues as a GET without the body.
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET'
        body = undefined
      }
      continue
    }
    return bufferedResponse(answer.bytes, { status: answer.status, statusText: answer.statusText, headers: responseHeaders(answer.headers) })
  }
}
