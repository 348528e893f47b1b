import { createServer, type Server } from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatHeaders, headerRules } from '../scripts/engine/publish/headers.ts'
import { writeVariants } from '../scripts/engine/files/variants.ts'
import { staticSite } from '../scripts/server/static-server.ts'
import { tempDir } from './helpers/build.ts'

let server: Server
let base: string
let root: string

beforeAll(async () => {
  root = join(tempDir('preview'), 'live')
  const files: Record<string, string> = {
    'index.html': '<h1>Home</h1>',
    '_payload.json': '{"route":"/"}',
    'about/index.html': '<h1>About</h1>',
    'about/_payload.json': '{"route":"/about/"}',
    'über-uns/index.html': '<h1>Über uns</h1>',
    'über-uns/_payload.json': '{"route":"/über-uns/"}',
    '404.html': '<title>Page Not Found</title>',
    'builds/latest.json': '{"id":"b1"}',
    'builds/meta/b1.json': '{"id":"b1"}',
    'assets/entries/app.abc123.js': 'console.log(1)',
    _headers: formatHeaders(headerRules(['https://forms.example'])),
    // As the build writes it: non-ASCII paths percent-encoded (pages/redirects.ts).
    _redirects: '/old /about/ 301\n/old/ /about/ 301\n/about/ / 301\n/later /%C3%BCber-uns/ 302\n',
  }
  // A folder beside the build, as other builds sit beside the live one in .dist.builds/.
  mkdirSync(join(root, '..', 'other-build', 'about'), { recursive: true })
  writeFileSync(join(root, '..', 'other-build', 'about', 'index.html'), '<h1>Another build</h1>')
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true })
    writeFileSync(join(root, file), content)
  }
  server = createServer(staticSite(root))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('preview server', () => {
  it('should serve routes from their index.html', async () => {
    const response = await fetch(`${base}/about/`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('<h1>About</h1>')
  })

  it('should serve a route in a UTF-8 folder at its percent-encoded URL, page and payload alike', async () => {
    const response = await fetch(`${base}/%C3%BCber-uns/`)
    expect([response.status, await response.text()]).toEqual([200, '<h1>Über uns</h1>'])
    expect(await (await fetch(`${base}/%C3%BCber-uns/_payload.json`)).json()).toEqual({ route: '/über-uns/' })
    const redirect = await fetch(`${base}/%C3%BCber-uns`, { redirect: 'manual' })
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, '/%C3%BCber-uns/'])
  })

  it('should redirect a route without its trailing slash', async () => {
    const response = await fetch(`${base}/about?x=1`, { redirect: 'manual' })
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/about/?x=1')
  })

  it('should answer unknown paths with 404.html and status 404', async () => {
    const response = await fetch(`${base}/no/such/page/`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('Page Not Found')
  })

  it('should revalidate payloads, HTML and the latest-build manifest', async () => {
    for (const path of ['/about/_payload.json', '/builds/latest.json', '/about/']) {
      expect((await fetch(`${base}${path}`)).headers.get('cache-control'), path).toBe('no-cache')
    }
  })

  it('should serve a file replaced on disk with its new content (a deploy swaps files under it)', async () => {
    expect(await (await fetch(`${base}/builds/latest.json`)).text()).toBe('{"id":"b1"}')
    writeFileSync(join(root, 'builds/latest.json'), '{"id":"a-longer-build-id"}')
    expect(await (await fetch(`${base}/builds/latest.json`)).text()).toBe('{"id":"a-longer-build-id"}')
  })

  it('should mark hashed assets and per-build manifests immutable', async () => {
    for (const path of ['/assets/entries/app.abc123.js', '/builds/meta/b1.json']) {
      expect((await fetch(`${base}${path}`)).headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable')
    }
  })
})

describe('preview server hardening', () => {
  it('should answer encoded traversal with the same 404 whether or not the target exists', async () => {
    const other = root.split('/').slice(0, -1).join('/')
    expect((await import('node:fs')).existsSync(join(other, 'other-build', 'about', 'index.html'))).toBe(true)
    for (const path of ['/..%2fother-build%2fabout', '/..%2fother-build%2fabout%2f', '/..%2fno-such-build%2fabout', '/%2e%2e/other-build/about/', '/..%5cother-build%5cabout', '/about%00/', '/.%2fabout/']) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' })
      expect(response.status, path).toBe(404)
      expect(await response.text(), path).toContain('Page Not Found')
    }
  })

  it("should send the build's security headers on pages, files, redirects and 404s", async () => {
    for (const path of ['/about/', '/about/_payload.json', '/assets/entries/app.abc123.js', '/about', '/no/such/page/']) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' })
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp, path).toContain("script-src 'self' https://app.storyblok.com")
      expect(csp, path).toContain("frame-ancestors 'self' https://app.storyblok.com")
      expect(csp, path).toContain('https://forms.example')
    }
  })

  it('should not serve the files for the host: headers, the nginx snippet, or their compressed variants', async () => {
    writeFileSync(join(root, 'nginx.conf'), 'index index.html;')
    writeFileSync(join(root, 'nginx.conf.gz'), 'variant')
    for (const path of ['/_headers', '/nginx.conf', '/nginx.conf.gz']) expect([path, (await fetch(`${base}${path}`)).status]).toEqual([path, 404])
  })

  it("should answer the build's redirects with their status, a page winning over a redirect", async () => {
    for (const [path, status, location] of [['/old', 301, '/about/'], ['/old/', 301, '/about/'], ['/later', 302, '/%C3%BCber-uns/']] as const) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' })
      expect([response.status, response.headers.get('location')], path).toEqual([status, location])
    }
    expect((await fetch(`${base}/about/`, { redirect: 'manual' })).status).toBe(200)
  })

  it('should not serve the redirects file itself', async () => {
    expect((await fetch(`${base}/_redirects`)).status).toBe(404)
  })
})

describe('compressed variants', () => {
  const page = `<h1>Long read</h1>${'<p>A paragraph long enough to be worth compressing.</p>'.repeat(40)}`
  beforeAll(async () => {
    mkdirSync(join(root, 'long-read'), { recursive: true })
    writeFileSync(join(root, 'long-read', 'index.html'), page)
    writeVariants(join(root, 'long-read', 'index.html'), Buffer.from(page))
  })

  const get = (path: string, acceptEncoding: string) => fetch(`${base}${path}`, { headers: { 'accept-encoding': acceptEncoding } })

  it('should send Brotli to a browser that accepts it, gzip to one that accepts only gzip, and the file to others', async () => {
    for (const [accept, encoding] of [['gzip, deflate, br, zstd', 'br'], ['gzip', 'gzip'], ['identity', null], ['br;q=0, gzip', 'gzip']] as const) {
      const response = await get('/long-read/', accept)
      expect([accept, response.headers.get('content-encoding')]).toEqual([accept, encoding])
      expect(response.headers.get('vary')).toBe('Accept-Encoding')
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toBe(page)
    }
  })

  it('should send a file without variants as it is, and 404s as before', async () => {
    const small = await get('/about/', 'br')
    expect([small.headers.get('content-encoding'), await small.text()]).toEqual([null, '<h1>About</h1>'])
    const missing = await get('/no/such/page/', 'br')
    expect([missing.status, missing.headers.get('content-encoding')]).toEqual([404, null])
  })
})
