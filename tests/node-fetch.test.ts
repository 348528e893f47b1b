import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCmsServer } from '../cms/api/server.ts'
import { createCmsClient } from '../cms/client.ts'
import { readCmsConfig } from '../cms/config.ts'
import { crawl } from '../cms/crawl.ts'
import { createNodeFetch, nodeFetch } from '../cms/node-fetch.ts'
import { projectSpace, TOKENS } from './helpers/space.ts'

const STORY = { story: { name: 'Café ✨', full_slug: 'cafe' } }
const seen: { method?: string; headers: IncomingMessage['headers']; body: string }[] = []

function answer(request: IncomingMessage, response: ServerResponse, body: string): void {
  seen.push({ method: request.method, headers: request.headers, body })
  const json = JSON.stringify(STORY)
  const path = new URL(request.url!, 'http://x').pathname
  if (path === '/gzip') return void response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(json))
  if (path === '/deflate') return void response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'deflate' }).end(deflateSync(json))
  if (path === '/br') return void response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' }).end(brotliCompressSync(json))
  if (path === '/moved') return void response.writeHead(301, { location: '/plain?from=moved' }).end()
  if (path === '/loop') return void response.writeHead(302, { location: '/loop' }).end()
  if (path === '/limited') return void response.writeHead(429, { 'retry-after': '1', total: '3' }).end('{"error":"Too many requests"}')
  if (path === '/empty') return void response.writeHead(204).end()
  if (path === '/cut') {
    // Headers and half of a compressed answer, then the connection is lost.
    const bytes = gzipSync(json.repeat(200))
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(bytes.length) })
    return void response.write(bytes.subarray(0, bytes.length >> 1), () => response.socket?.destroy())
  }
  if (path === '/slow') return void setTimeout(() => response.end(json), 5_000).unref()
  response.writeHead(200, { 'content-type': 'application/json', total: '42', 'set-cookie': ['a=1', 'b=2'] }).end(json)
}

let server: Server
let base: string
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => answer(request, response, body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('nodeFetch', () => {
  it('should answer with the status, the headers and the JSON, as the global fetch does', async () => {
    const ours = await nodeFetch(`${base}/plain`)
    const theirs = await fetch(`${base}/plain`)
    expect(ours.status).toBe(theirs.status)
    expect(ours.headers.get('total')).toBe('42')
    expect(ours.headers.get('content-type')).toBe(theirs.headers.get('content-type'))
    expect(await ours.json()).toEqual(await theirs.json())
  })

  it('should decode UTF-8 text whole', async () => {
    expect(await (await nodeFetch(`${base}/plain`)).text()).toBe(JSON.stringify(STORY))
  })

  it('should give the same bytes to text(), json(), arrayBuffer() and the body stream', async () => {
    const bytes = Buffer.from(JSON.stringify(STORY))
    expect(await (await nodeFetch(`${base}/plain`)).json()).toEqual(STORY)
    expect(Buffer.from(await (await nodeFetch(`${base}/plain`)).arrayBuffer())).toEqual(bytes)
    const response = await nodeFetch(`${base}/plain`)
    expect(response.body).toBe(response.body)
    expect(Buffer.from(await new Response(response.body).arrayBuffer())).toEqual(bytes)
  })

  it('should ask for compressed answers and decompress gzip, deflate and brotli', async () => {
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const response = await nodeFetch(`${base}/${encoding}`)
      expect(await response.json()).toEqual(STORY)
    }
    expect(seen.at(-1)!.headers['accept-encoding']).toBe('gzip, deflate, br')
  })

  it('should send the method, headers (a Headers instance too) and a text body', async () => {
    await nodeFetch(`${base}/plain`, { method: 'post', headers: new Headers({ 'SB-Agent': 'test' }), body: '{"a":1}' })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'sb-agent': 'test' } })
  })

  it('should follow redirects, and stop following a loop', async () => {
    expect(await (await nodeFetch(`${base}/moved`)).json()).toEqual(STORY)
    expect(seen.at(-1)!.method).toBe('GET')
    expect((await nodeFetch(`${base}/loop`)).status).toBe(302)
  })

  it('should hand a 429 back with its headers and a body that can be cancelled', async () => {
    const response = await nodeFetch(`${base}/limited`)
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('1')
    await response.body?.cancel()
  })

  it('should answer a 204 with no body', async () => {
    const response = await nodeFetch(`${base}/empty`)
    expect(response.status).toBe(204)
    expect(response.body).toBeNull()
  })

  it('should reject as the global fetch does when nothing listens', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`
    await new Promise((resolve) => closed.close(resolve))
    const ours = await nodeFetch(url).catch((error: unknown) => error)
    const theirs = await fetch(url).catch((error: unknown) => error)
    expect(ours).toBeInstanceOf(TypeError)
    expect((ours as TypeError).message).toBe((theirs as TypeError).message)
    expect(((ours as TypeError).cause as Error).message).toMatch(/ECONNREFUSED/)
  })

  it('should fail a compressed answer whose connection is lost halfway', async () => {
    const error = await nodeFetch(`${base}/cut`).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as TypeError).message).toBe('fetch failed')
  }, 10_000) // without the error passed on, the answer would never settle

  it('should stop when its signal aborts, with the signal\'s reason', async () => {
    const controller = new AbortController()
    const pending = nodeFetch(`${base}/slow`, { signal: controller.signal })
    controller.abort(new Error('timed out'))
    await expect(pending).rejects.toThrow('timed out')
  })

  it('should fail a request whose server stays silent, naming the host and the wait', async () => {
    const error = await createNodeFetch({ idleTimeoutMs: 100 })(`${base}/slow`).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(TypeError)
    expect(((error as TypeError).cause as Error).message).toBe(`no answer from ${new URL(base).host} for 0.1 s`)
  })

  it('should crawl a space through the Storyblok client as the global fetch does', async () => {
    const cms = await startCmsServer({ space: projectSpace(60) })
    try {
      const config = readCmsConfig({ STORYBLOK_TOKEN: TOKENS.public, STORYBLOK_API_URL: cms.url, STORYBLOK_RATE_LIMIT: '1000' })
      const ours = await crawl(createCmsClient(config, { fetch: nodeFetch }), { perPage: 25 })
      const theirs = await crawl(createCmsClient(config), { perPage: 25 })
      expect(ours.stories).toHaveLength(60)
      expect(ours.stories).toEqual(theirs.stories)
      expect(ours.requests).toBe(theirs.requests)
    } finally {
      await cms.close()
    }
  })
})
