/**
 * Purging the CDN after a deploy (scripts/engine/deploy/purge.ts, purge-paths.ts): which URLs,
 * CloudFront's CreateInvalidation (the SDK talks HTTP to a local endpoint that answers as the
 * CloudFront API does) and the signed purge webhook, with retries and what a failure leaves.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientConfig, deploySite, parseTarget, purgersOf, purgeSignature, PURGE_SIGNATURE_HEADER } from '../scripts/engine/deploy/index.ts'
import { invalidationPaths, MAX_PURGE_PATHS, purgePaths } from '../scripts/engine/deploy/purge-paths.ts'
import { tempDir } from './helpers/build.ts'
import { liveBuild, PAGES } from './helpers/live-build.ts'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'

describe('purgePaths', () => {
  it('should purge a changed page under both spellings of its route and as index.html, and its payload', () => {
    expect(purgePaths(['about/index.html', 'about/_payload.json'])).toEqual(['/about', '/about/', '/about/_payload.json', '/about/index.html'])
  })

  it('should purge the home page as / and /index.html', () => {
    expect(purgePaths(['index.html'])).toEqual(['/', '/index.html'])
  })

  it('should purge latest.json, the sitemap and 404 pages, but never hashed assets or build metas', () => {
    expect(purgePaths(['builds/latest.json', 'sitemap.xml', '404.html', 'assets/entry-abc123.js', 'builds/meta/b2.json'])).toEqual(['/404.html', '/builds/latest.json', '/sitemap.xml'])
  })

  it('should encode paths as URLs', () => {
    expect(purgePaths(['de/über uns/index.html'])).toContain('/de/%C3%BCber%20uns/')
  })

  it(`should invalidate everything with one path past CloudFront's ${MAX_PURGE_PATHS} paths`, () => {
    const many = Array.from({ length: MAX_PURGE_PATHS + 1 }, (_, n) => `/p${n}`)
    expect(invalidationPaths(many)).toEqual(['/*'])
    expect(invalidationPaths(many.slice(1))).toHaveLength(MAX_PURGE_PATHS)
  })
})

describe('purge settings', () => {
  it('should ask for the secret of a purge webhook, and an http(s) address, in one line', () => {
    expect(() => purgersOf({ PURGE_WEBHOOK_URL: 'https://purge.example/hook' })).toThrow(/^PURGE_WEBHOOK_SECRET is not set, though PURGE_WEBHOOK_URL is: set it to the secret/)
    expect(() => purgersOf({ PURGE_WEBHOOK_URL: 'purge.example', PURGE_WEBHOOK_SECRET: 's' })).toThrow(/^PURGE_WEBHOOK_URL "purge.example" is not an http\(s\) address/)
    expect(purgersOf({})).toEqual([])
  })
})

let storage: S3rver
let s3Endpoint: string
/** The local CDN APIs: every request they answered, and how the next ones are answered. */
let api: Server
let apiUrl: string
const requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = []
let answer: (req: IncomingMessage, res: ServerResponse) => void

const INVALIDATION = (paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><Invalidation xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Id>I2J0I21PCUYOIK</Id><Status>InProgress</Status><CreateTime>2026-11-27T20:00:00Z</CreateTime><InvalidationBatch><Paths><Quantity>${paths.length}</Quantity><Items>${paths.map((path) => `<Path>${path}</Path>`).join('')}</Items></Paths><CallerReference>ref</CallerReference></InvalidationBatch></Invalidation>`

beforeAll(async () => {
  storage = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir('s3rver-purge'), configureBuckets: [{ name: 'site', configs: [] }] })
  s3Endpoint = `http://127.0.0.1:${((await storage.run()) as AddressInfo).port}`
  api = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk)).on('end', () => {
      requests.push({ method: req.method!, path: req.url!, headers: req.headers, body })
      answer(req, res)
    })
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`
})
afterAll(async () => {
  await storage.close()
  api.close()
})

const ok = (_: IncomingMessage, res: ServerResponse) => res.writeHead(204).end()
const failing = (times: number) => {
  let left = times
  return (req: IncomingMessage, res: ServerResponse) => (left-- > 0 ? res.writeHead(503).end('busy') : ok(req, res))
}

const SECRET = 'purge-secret'
const env = (settings: Record<string, string>) => ({ AWS_ENDPOINT_URL_S3: s3Endpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', ...settings })
const webhookEnv = () => env({ PURGE_WEBHOOK_URL: `${apiUrl}/purge`, PURGE_WEBHOOK_SECRET: SECRET, SITE_URL: 'https://ateliernord.example' })

function deploy(out: string, prefix: string, settings: Record<string, string>) {
  const purgers = purgersOf(settings, { firstDelayMs: 20 })
  return deploySite({ outDir: out, target: parseTarget(`s3://site/${prefix}`), client: clientConfig(settings), graceMs: 0, purgers, log: () => {} })
}

describe('purging after a deploy', () => {
  it('should send the changed URLs to the purge webhook, signed, retrying while it fails', async () => {
    requests.length = 0
    answer = failing(2)
    const first = await deploy(await liveBuild('b1', PAGES), 'hook', webhookEnv())
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /purge', 'POST /purge', 'POST /purge'])
    const sent = requests.at(-1)!
    expect(sent.headers[PURGE_SIGNATURE_HEADER]).toBe(purgeSignature(sent.body, SECRET))
    const body = JSON.parse(sent.body) as { build: string; paths: string[]; urls: string[] }
    expect(body.build).toBe('b1')
    expect(body.paths).toEqual(['/', '/_payload.json', '/about', '/about/', '/about/_payload.json', '/about/index.html', '/builds/latest.json', '/index.html'])
    expect(body.urls).toContain('https://ateliernord.example/about/')
    expect(first.purged).toBe(8)

    requests.length = 0
    answer = ok
    const next = await deploy(await liveBuild('b2', { ...PAGES, 'about/index.html': '<h1>About us</h1>' }), 'hook', webhookEnv())
    expect((JSON.parse(requests[0]!.body) as { paths: string[] }).paths).toEqual(['/about', '/about/', '/about/index.html', '/builds/latest.json'])
    expect(next.purged).toBe(4)
  })

  it('should say so when the purge keeps failing, and purge those URLs on the next deploy, even one that uploads nothing', async () => {
    answer = (_, res) => res.writeHead(500).end()
    const out = await liveBuild('b1', PAGES)
    await expect(deploy(out, 'hook-down', webhookEnv())).rejects.toThrow(
      new RegExp(`^The files are in the bucket, but purging 8 URLs through ${apiUrl}/purge failed: .*500.*\\. Run npm run deploy again: it purges them then\\.$`),
    )
    requests.length = 0
    answer = ok
    const again = await deploy(out, 'hook-down', webhookEnv())
    expect(again.plan.uploads).toEqual([])
    expect((JSON.parse(requests[0]!.body) as { paths: string[] }).paths).toHaveLength(8)
    requests.length = 0
    expect((await deploy(out, 'hook-down', webhookEnv())).purged).toBe(0)
    expect(requests).toEqual([])
  })

  it('should create one CloudFront invalidation of the changed paths', async () => {
    requests.length = 0
    answer = (req, res) => {
      const paths = [...requests.at(-1)!.body.matchAll(/<Path>([^<]*)<\/Path>/g)].map(([, path]) => path!)
      res.writeHead(201, { 'content-type': 'text/xml', location: `${apiUrl}${req.url}/I2J0I21PCUYOIK` }).end(INVALIDATION(paths))
    }
    const settings = env({ CLOUDFRONT_DISTRIBUTION_ID: 'E2QWRUHAPOMQZL', AWS_ENDPOINT_URL_CLOUDFRONT: apiUrl })
    await deploy(await liveBuild('b1', PAGES), 'cloudfront', settings)
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /2020-05-31/distribution/E2QWRUHAPOMQZL/invalidation'])
    const { body } = requests[0]!
    expect(body).toContain('<Quantity>8</Quantity>')
    expect([...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map(([, path]) => path)).toEqual(['/', '/_payload.json', '/about', '/about/', '/about/_payload.json', '/about/index.html', '/builds/latest.json', '/index.html'])
    expect(body).toMatch(/<CallerReference>b1-\d+<\/CallerReference>/)
  })
})
