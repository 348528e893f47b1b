/**
 * `npm run deploy` (scripts/engine/deploy/) against a real S3-protocol server started here
 * (s3rver; the SDK talks HTTP to it, the client is not mocked): what a deploy uploads, in which
 * order and with which headers, what it skips, holds and deletes, and how it fails and recovers.
 * s3rver checks no signatures and ignores conditional writes: neither is relied on here.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { EventEmitter } from 'node:events'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer, type AddressInfo, type Socket } from 'node:net'
import { join } from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientConfig, deploySite, parseTarget } from '../scripts/engine/deploy/index.ts'
import { addLate, writeChanges } from '../scripts/engine/files/changes.ts'
import { buildsDir, liveDir } from '../scripts/engine/files/deploy.ts'
import { tempDir } from './helpers/build.ts'
import { liveBuild, PAGES } from './helpers/live-build.ts'

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'

/** s3rver emits S3 event notifications ('event') as its README documents; its types leave that out. */
type NotifyingS3rver = S3rver & Pick<EventEmitter, 'on' | 'off'>

let server: NotifyingS3rver
let endpoint: string
let port: number
/** Keys written to the server, in order. */
const written: string[] = []

async function startStorage(): Promise<void> {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir('s3rver'), configureBuckets: [{ name: 'site', configs: [] }] }) as NotifyingS3rver
  server.on('event', (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
    for (const record of event.Records) if (record.eventName.startsWith('ObjectCreated')) written.push(decodeURIComponent(record.s3.object.key))
  })
  port = ((await server.run()) as AddressInfo).port
  endpoint = `http://127.0.0.1:${port}`
}

beforeAll(startStorage)
afterAll(() => server.close())

const env = () => ({ AWS_ENDPOINT_URL_S3: endpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' })
const s3 = () => new S3Client(clientConfig(env()))


function deploy(out: string, prefix: string, options: { force?: boolean; quick?: boolean; dryRun?: boolean; graceMs?: number; now?: Date; websiteRedirects?: boolean } = {}) {
  const lines: string[] = []
  const run = deploySite({ outDir: out, target: parseTarget(`s3://site/${prefix}`), client: clientConfig(env()), graceMs: 24 * 3_600_000, log: (line) => lines.push(line), ...options })
  return run.then((result) => ({ ...result, lines }))
}

describe('npm run deploy', () => {
  it('should upload every file of a first deploy, assets first and latest.json last, then nothing when run again', async () => {
    const out = await liveBuild('b1', PAGES)
    written.length = 0
    const first = await deploy(out, 'first')
    expect(first.plan.uploads.map((file) => file.path).sort()).toEqual(['_payload.json', 'about/_payload.json', 'about/index.html', 'assets/entry-abc123.js', 'assets/style-abc123.css', 'builds/latest.json', 'builds/meta/b1.json', 'index.html'])
    const site = written.filter((key) => !/\.deploy-(manifest|pending)\.json$/.test(key))
    expect(site.slice(0, 2).sort()).toEqual(['first/assets/entry-abc123.js', 'first/assets/style-abc123.css'])
    expect(site.slice(-2)).toEqual(['first/builds/meta/b1.json', 'first/builds/latest.json'])
    const again = await deploy(out, 'first')
    expect(again.plan.uploads).toEqual([])
    expect(again.plan.unchanged).toBe(8)
  })

  it('should upload only the files a new build changed, and send each kind of file with its type and caching', async () => {
    await deploy(await liveBuild('b1', PAGES), 'changed')
    const next = await deploy(await liveBuild('b2', { ...PAGES, 'about/index.html': '<h1>About us</h1>' }), 'changed')
    expect(next.plan.uploads.map((file) => file.path)).toEqual(['about/index.html', 'builds/meta/b2.json', 'builds/latest.json'])
    const head = (path: string) => s3().send(new HeadObjectCommand({ Bucket: 'site', Key: `changed/${path}` }))
    const expected: [string, string, string][] = [
      ['about/index.html', 'text/html; charset=utf-8', 'no-cache'],
      ['about/_payload.json', 'application/json; charset=utf-8', 'no-cache'],
      ['assets/entry-abc123.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['assets/style-abc123.css', 'text/css; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['builds/meta/b2.json', 'application/json; charset=utf-8', 'public, max-age=31536000, immutable'],
      ['builds/latest.json', 'application/json; charset=utf-8', 'no-cache'],
    ]
    for (const [path, type, cache] of expected) expect([path, (await head(path)).ContentType, (await head(path)).CacheControl]).toEqual([path, type, cache])
    await expect(head('_headers')).rejects.toThrow()
  })

  it("should publish the editors' redirects as S3 website redirects for AWS S3, at both spellings, never over a page", async () => {
    const out = await liveBuild('b1', { ...PAGES, _redirects: '/jobs /contact/ 302\n/jobs/ /contact/ 302\n/about/ / 301\n/old.html https://elsewhere.example/ 301\n' })
    const first = await deploy(out, 'redirects', { websiteRedirects: true })
    expect(first.plan.uploads.filter((file) => file.redirect).map((file) => `${file.path} -> ${file.redirect}`)).toEqual(['jobs -> /contact/', 'jobs/index.html -> /contact/', 'old.html -> https://elsewhere.example/'])
    const head = (key: string) => s3().send(new HeadObjectCommand({ Bucket: 'site', Key: `redirects/${key}` }))
    expect((await head('jobs')).WebsiteRedirectLocation).toBe('/contact/')
    expect((await head('jobs/index.html')).WebsiteRedirectLocation).toBe('/contact/')
    expect((await head('about/index.html')).WebsiteRedirectLocation).toBeUndefined()
    expect((await deploy(out, 'redirects', { websiteRedirects: true })).plan.uploads).toEqual([])
    expect((await deploy(out, 'redirects-elsewhere')).plan.uploads.filter((file) => file.redirect)).toEqual([])
  })

  it('should keep an object the build no longer has for the grace period, then delete it', async () => {
    await deploy(await liveBuild('b1', PAGES), 'grace')
    const without = Object.fromEntries(Object.entries(PAGES).filter(([path]) => !path.startsWith('about/')))
    const out = await liveBuild('b2', without)
    const held = await deploy(out, 'grace')
    expect(held.plan.deletes).toEqual([])
    expect([...held.plan.held.keys()]).toEqual(['about/_payload.json', 'about/index.html', 'builds/meta/b1.json'])
    const later = await deploy(out, 'grace', { now: new Date(Date.now() + 25 * 3_600_000) })
    expect(later.plan.deletes).toEqual(['about/_payload.json', 'about/index.html', 'builds/meta/b1.json'])
    await expect(s3().send(new HeadObjectCommand({ Bucket: 'site', Key: 'grace/about/index.html' }))).rejects.toThrow()
  })

  it('should list what it would do on a dry run, and change nothing', async () => {
    const out = await liveBuild('b1', PAGES)
    written.length = 0
    const dry = await deploy(out, 'dry', { dryRun: true })
    expect(dry.lines).toContain('  upload index.html (13 B)')
    expect(written).toEqual([])
  })

  it('should notice an object someone else changed, and replace it only with --force', async () => {
    const out = await liveBuild('b1', PAGES)
    await deploy(out, 'foreign')
    await s3().send(new PutObjectCommand({ Bucket: 'site', Key: 'foreign/index.html', Body: 'edited by hand' }))
    await expect(deploy(out, 'foreign')).rejects.toThrow(/1 object in s3:\/\/site\/foreign changed since the last deploy, not by it \(first: index\.html\): check them, then run npm run deploy -- --force/)
    const forced = await deploy(out, 'foreign', { force: true })
    expect(forced.plan.uploads).toHaveLength(8)
    expect((await deploy(out, 'foreign')).plan.uploads).toEqual([])
  })

  it('should check only the objects it touches with --quick while the manifest is its own, leaving the rest to the full check', async () => {
    const out = await liveBuild('b1', PAGES)
    await deploy(out, 'quick')
    await s3().send(new PutObjectCommand({ Bucket: 'site', Key: 'quick/index.html', Body: 'edited by hand' }))
    await liveBuild('b2', { ...PAGES, 'about/index.html': '<h1>About us</h1>' }, out)
    const quick = await deploy(out, 'quick', { quick: true })
    expect(quick.plan.uploads.map((file) => file.path)).toEqual(['about/index.html', 'builds/meta/b2.json', 'builds/latest.json'])
    await expect(deploy(out, 'quick')).rejects.toThrow(/1 object in s3:\/\/site\/quick changed since the last deploy, not by it \(first: index\.html\)/)
  })

  it("should learn with --quick what a build changed from its changes record, and read no other file of it", async () => {
    const out = await liveBuild('b1', PAGES)
    writeChanges(liveDir(out)!, { written: Object.keys(PAGES), removed: [], late: [] })
    await deploy(out, 'records', { quick: true })
    // b2 as an incremental build leaves it: its record names what it wrote; index.html is changed behind its back.
    await liveBuild('b2', { ...PAGES, 'about/index.html': '<h1>About us</h1>', 'index.html': '<h1>Not in the record</h1>' }, out)
    writeChanges(liveDir(out)!, { from: 'b1', written: ['about/index.html', 'builds/meta/b2.json', 'builds/latest.json', '_headers'], removed: ['builds/meta/b1.json'], late: [] })
    const quick = await deploy(out, 'records', { quick: true })
    expect(quick.plan.uploads.map((file) => file.path)).toEqual(['about/index.html', 'builds/meta/b2.json', 'builds/latest.json'])
    expect([...quick.plan.held.keys()]).toEqual(['builds/meta/b1.json'])
    // Written into the live build later (its search index): the next quick deploy of it uploads that.
    mkdirSync(join(liveDir(out)!, 'pagefind'))
    writeFileSync(join(liveDir(out)!, 'pagefind/pagefind-entry.json'), '{}')
    addLate(liveDir(out)!, ['pagefind/pagefind-entry.json'])
    expect((await deploy(out, 'records', { quick: true })).plan.uploads.map((file) => file.path)).toEqual(['pagefind/pagefind-entry.json'])
    // The full check reads every file, and finds what no record named.
    const full = await deploy(out, 'records')
    expect(full.plan.uploads.map((file) => file.path)).toEqual(['index.html'])
  })

  it("should read the manifest from this machine's copy with --quick while the bucket's is that one, and from the bucket once it is not", async () => {
    const out = await liveBuild('b1', PAGES)
    await deploy(out, 'quick-copy')
    // The copy, marked: an object only it lists shows whether a deploy read the copy or the bucket's manifest.
    const copy = join(buildsDir(out), '.deploy-manifest.json')
    const saved = JSON.parse(readFileSync(copy, 'utf8')) as { objects: Record<string, unknown> }
    writeFileSync(copy, JSON.stringify({ ...saved, objects: { ...saved.objects, 'only-in-the-copy.html': { hash: 'x', etag: '"x"', size: 1 } } }))
    await expect(deploy(out, 'quick-copy', { quick: true, dryRun: true })).rejects.toThrow(/\(first: only-in-the-copy\.html\)/)
    // The same manifest saved again in other bytes, as by another machine: its ETag changes, and the bucket's is read.
    await s3().send(new PutObjectCommand({ Bucket: 'site', Key: 'quick-copy/.deploy-manifest.json', Body: JSON.stringify(saved, null, 1) }))
    const fromBucket = await deploy(out, 'quick-copy', { quick: true, dryRun: true })
    expect(fromBucket.plan.uploads).toEqual([])
    expect(fromBucket.plan.held.size).toBe(0)
  })

  it('should refuse with --quick to replace an object someone else changed, and list the whole bucket once another deploy saved the manifest', async () => {
    const out = await liveBuild('b1', PAGES)
    await deploy(out, 'quick-foreign')
    await s3().send(new PutObjectCommand({ Bucket: 'site', Key: 'quick-foreign/about/index.html', Body: 'edited by hand' }))
    await liveBuild('b2', { ...PAGES, 'about/index.html': '<h1>About us</h1>' }, out)
    await expect(deploy(out, 'quick-foreign', { quick: true })).rejects.toThrow(/\(first: about\/index\.html\)/)
    // Another machine deploys, then someone edits a page this build leaves alone: the quick deploy lists the bucket.
    await deploy(await liveBuild('b3', PAGES), 'quick-foreign', { force: true })
    await s3().send(new PutObjectCommand({ Bucket: 'site', Key: 'quick-foreign/index.html', Body: 'edited by hand' }))
    await expect(deploy(out, 'quick-foreign', { quick: true })).rejects.toThrow(/1 object in s3:\/\/site\/quick-foreign changed since the last deploy, not by it \(first: index\.html\)/)
  })

  it('should leave latest.json at the last complete build when a deploy dies midway, and finish when run again', async () => {
    const proxy = await cuttableProxy(port)
    const through = (out: string) => deploySite({ outDir: out, target: parseTarget('s3://site/midway'), client: { ...clientConfig({ ...env(), AWS_ENDPOINT_URL_S3: proxy.url }), maxAttempts: 1 }, graceMs: 0, log: () => {} })
    try {
      await through(await liveBuild('b1', PAGES))
      const out = await liveBuild('b2', { ...PAGES, 'index.html': '<h1>Home 2</h1>', 'about/index.html': '<h1>About 2</h1>' })
      // The storage becomes unreachable once the first page of the new build is written.
      written.length = 0
      const cut = () => written.some((key) => key === 'midway/index.html' || key === 'midway/about/index.html') && proxy.cut()
      server.on('event', cut)
      await expect(through(out)).rejects.toThrow(/^Cannot reach http:\/\/127\.0\.0\.1:\d+ \((ECONN\w+|TimeoutError)\)/)
      server.off('event', cut)
      const latest = async () => JSON.parse(await (await s3().send(new GetObjectCommand({ Bucket: 'site', Key: 'midway/builds/latest.json' }))).Body!.transformToString()) as { id: string }
      expect(await latest()).toEqual({ id: 'b1' })
      const again = await deploy(out, 'midway')
      expect(again.plan.foreign).toEqual([])
      expect(again.plan.uploads.map((file) => file.path)).toContain('index.html')
      expect(await latest()).toEqual({ id: 'b2' })
    } finally {
      proxy.cut()
    }
  })
})

/** A TCP relay to the storage that can be cut: every connection dropped and no new one taken, as when a network fails. */
async function cuttableProxy(to: number): Promise<{ url: string; cut: () => void }> {
  const sockets = new Set<Socket>()
  const relay = createServer((client) => {
    const upstream = connect(to, '127.0.0.1')
    for (const socket of [client, upstream]) sockets.add(socket).size && socket.on('error', () => {}).on('close', () => sockets.delete(socket))
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  let open = true
  const cut = () => {
    if (open) relay.close()
    open = false
    for (const socket of sockets) socket.destroy()
  }
  return { url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`, cut }
}

describe('deploy errors', () => {
  it('should say what is wrong in one line: target, bucket, endpoint, build', async () => {
    expect(() => parseTarget(undefined)).toThrow('DEPLOY_TARGET is not set: set it to s3://bucket or s3://bucket/folder (in the environment or .env).')
    expect(() => parseTarget('https://example.com/site')).toThrow('DEPLOY_TARGET "https://example.com/site" is not an s3:// address: write it as s3://bucket or s3://bucket/folder.')
    const out = await liveBuild('b1', PAGES)
    const run = (target: string, endpointUrl = endpoint) =>
      deploySite({ outDir: out, target: parseTarget(target), client: { ...clientConfig({ ...env(), AWS_ENDPOINT_URL_S3: endpointUrl }), maxAttempts: 1 }, graceMs: 0, log: () => {} })
    await expect(run('s3://missing-bucket')).rejects.toThrow(`The bucket "missing-bucket" does not exist at ${endpoint}: create it, or fix DEPLOY_TARGET.`)
    await expect(run('s3://site', 'http://127.0.0.1:1')).rejects.toThrow('Cannot reach http://127.0.0.1:1 (ECONNREFUSED): check AWS_ENDPOINT_URL_S3 and AWS_REGION, and the network.')
    const empty = join(tempDir('deploy-none'), 'dist')
    await expect(deploySite({ outDir: empty, target: parseTarget('s3://site'), client: clientConfig(env()), graceMs: 0, log: () => {} })).rejects.toThrow(`No build to deploy in ${empty}: run npm run build first`)
    rmSync(empty, { recursive: true, force: true })
  })
})
