/**
 * The publish loop end to end: `npm start` serving a build of the demo space from an
 * embedded CMS this test edits, signed webhooks, incremental builds, atomic swaps, rollback, the
 * preview proxy and graceful shutdown.
 *
 * Longer than 200 lines because its tests share one build, one CMS and one `npm start`, as a
 * deployment does; a file per topic would build and start them again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { get, type IncomingMessage } from 'node:http'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import type { StoredStory } from '../cms/api/space.ts'
import { CHANGES_FILE, readChanges } from '../scripts/engine/files/changes.ts'
import { buildsDir, history } from '../scripts/engine/files/deploy.ts'
import { isVariantOf } from '../scripts/engine/files/variants.ts'
import { WEBHOOK_PATH } from '../scripts/server/app.ts'
import { editorToken } from '../scripts/server/preview-proxy.ts'
import { sign } from '../scripts/server/webhook.ts'
import { cleanEnv, runBuild, runScript, tempDir, workDir } from './helpers/build.ts'
import { startServer, waitFor, type RunningServer } from './helpers/server.ts'
import { hostileSpace } from './helpers/space.ts'

const SECRET = 'test-webhook-secret'
const out = join(tempDir('publish'), 'dist')
const work = workDir('publish')
let cms: CmsServer
let server: RunningServer
let env: Record<string, string>
let firstBuild: { stdout: string }

const story = (id: number) => cms.space.stories.find((candidate) => candidate.id === id)!
/** Content changed in the CMS: the space's cv moves, as Storyblok's does on publish. */
const edit = (change: () => void) => {
  change()
  cms.space.version++
}

interface Health {
  build: string | null
  queue: { building: boolean; pending: number; builds: number; failures: number; last?: { ok: boolean; error?: string } }
}
const health = async (): Promise<Health> => (await fetch(`${server.url}/healthz`)).json() as Promise<Health>

function webhook(body: object | string, signature?: string | null): Promise<Response> {
  const raw = typeof body === 'string' ? body : JSON.stringify(body)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (signature !== null) headers['webhook-signature'] = signature ?? sign(raw, SECRET)
  return fetch(`${server.url}${WEBHOOK_PATH}`, { method: 'POST', headers, body: raw })
}
const event = (action: string, id: number) => ({ text: `${action} ${id}`, action, space_id: cms.space.id, story_id: id, full_slug: story(id)?.full_slug })

/** Waits until `count` builds have finished and nothing is pending; fails on a failed build. */
/** How many builds the server has finished so far: tests wait for the next ones relative to it. */
const finished = async () => (await health()).queue.builds

async function builds(count: number): Promise<Health> {
  const state = await waitFor(async () => {
    const now = await health()
    return now.queue.builds >= count && !now.queue.building && now.queue.pending === 0 ? now : undefined
  }, 60_000, `${count} builds`)
  expect(state.queue.last).toMatchObject({ ok: true })
  return state
}

/**
 * The live build's files, each as inode, time and size (an unchanged file keeps its inode).
 * Compressed variants follow their file (tests/variants.test.ts) and the search index follows the
 * pages (tests/search.test.ts): both are left out, as is the build's changes record, which names
 * the rest (scripts/engine/files/changes.ts).
 */
function files(): Map<string, string> {
  const root = realpathSync(out)
  const found = new Map<string, string>()
  const names = readdirSync(root, { recursive: true, encoding: 'utf8' })
  const all = new Set(names)
  for (const name of names) {
    const stats = statSync(join(root, name))
    if (stats.isFile() && !name.startsWith('pagefind/') && name !== CHANGES_FILE && !isVariantOf(name, (path) => all.has(path))) found.set(relative(root, join(root, name)), `${stats.ino}:${stats.mtimeMs}:${stats.size}`)
  }
  return found
}
function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()])
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort()
}
const page = async (route: string) => {
  const response = await fetch(`${server.url}${route}`)
  return { status: response.status, html: await response.text() }
}
const payload = async (route: string) => (await fetch(`${server.url}${route}_payload.json`)).json() as Promise<{ story: { content: Record<string, unknown> } }>

// The article the relation test edits, related from three projects (none lists articles).
const ARTICLE = 40012
const RELATED_FROM = [40001, 40004, 40006]

beforeAll(async () => {
  const space = hostileSpace()
  const article = space.stories.find((candidate) => candidate.id === ARTICLE)!
  for (const id of RELATED_FROM) {
    const project = space.stories.find((candidate) => candidate.id === id)!
    project.content.related = [...((project.content.related as string[]) ?? []), article.uuid]
  }
  cms = await startCmsServer({ space })
  env = {
    STORYBLOK_API_URL: cms.url,
    STORYBLOK_TOKEN: space.tokens.public,
    STORYBLOK_PREVIEW_TOKEN: space.tokens.preview,
    STORYBLOK_WEBHOOK_SECRET: SECRET,
  }
  const first = await runBuild(['--out', out, '--work-dir', work], env)
  expect(first.code, first.stderr).toBe(0)
  firstBuild = first
  server = await startServer(['--out', out, '--work-dir', work], env)
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await cms?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('npm start', () => {
  it('should serve the live build as npm run preview does', async () => {
    expect((await page('/about/')).status).toBe(200)
    // A build of the demo space through an API URL (as with npm run cms) publishes its images too.
    expect((await fetch(`${server.url}/demo-assets/1200x630/share.jpg`)).headers.get('content-type')).toBe('image/jpeg')
    const redirect = await fetch(`${server.url}/about`, { redirect: 'manual' })
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, '/about/'])
    const missing = await page('/no/such/page/')
    expect(missing.status).toBe(404)
    expect(missing.html).toContain('Page Not Found')
    expect((await fetch(`${server.url}/builds/latest.json`)).headers.get('cache-control')).toBe('no-cache')
    // The demo's redirects datasource: permanent by default, 302 where the entry says so.
    for (const [from, status, to] of [['/work', 301, '/projects/'], ['/work/', 301, '/projects/'], ['/jobs', 302, '/contact/']] as const) {
      const answer = await fetch(`${server.url}${from}`, { redirect: 'manual' })
      expect([answer.status, answer.headers.get('location')], from).toEqual([status, to])
    }
    expect((await page('/_redirects')).status).toBe(404)
    const h = await health()
    expect(h.build).toBe(realpathSync(out).split('/').pop())
    expect(h.queue).toMatchObject({ building: false, pending: 0, builds: 0 })
  })

  it('should answer encoded traversal to another build with the same 404 as a missing folder, and send the security headers', async () => {
    // A build beside the live one, as rollbacks keep them in .dist.builds/.
    const builds = join(realpathSync(out), '..')
    const other = join(builds, '20200101-000000-0ther000')
    mkdirSync(join(other, 'about'), { recursive: true })
    writeFileSync(join(other, 'about', 'index.html'), '<h1>Another build</h1>')
    try {
      for (const path of ['/..%2f20200101-000000-0ther000%2fabout', '/..%2f20200101-000000-0ther000%2fabout%2f', '/..%2fno-such-build%2fabout']) {
        const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
        expect(response.status, path).toBe(404)
        expect(await response.text(), path).toContain('Page Not Found')
      }
    } finally {
      rmSync(other, { recursive: true, force: true })
    }
    for (const path of ['/about/', '/no/such/page/', '/healthz']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'self' https://app.storyblok.com")
    }
  })

  it('should refuse unsigned, forged, altered, oversized and malformed webhooks, and start no build', async () => {
    const done = await finished()
    const body = JSON.stringify(event('published', ARTICLE))
    expect((await webhook(body, null)).status).toBe(401)
    expect((await webhook(body, 'ab'.repeat(20))).status).toBe(401)
    expect((await webhook(body.replace('published', 'publishee'), sign(body, SECRET))).status).toBe(401)
    expect((await webhook('x'.repeat(65 * 1024))).status).toBe(413)
    expect((await webhook('not json')).status).toBe(400)
    expect((await webhook({ action: 'published' })).status).toBe(400)
    const ignored = await webhook({ action: 'entry_action', story_id: ARTICLE })
    expect(ignored.status).toBe(202)
    expect(await ignored.json()).toMatchObject({ accepted: false })
    // A queued change is on disk and in the queue before its webhook is answered, so none is now.
    expect((await health()).queue).toMatchObject({ builds: done, building: false, pending: 0 })
  })

  it('should refuse to start without STORYBLOK_WEBHOOK_SECRET unless --insecure-webhooks is given', async () => {
    const { STORYBLOK_WEBHOOK_SECRET: _secret, ...withoutSecret } = env
    const refused = runScript('start.ts', ['--port', '0', '--out', out, '--work-dir', work], cleanEnv(withoutSecret))
    expect((await refused.exited).code).toBe(1)
    expect(refused.stderr()).toMatch(/STORYBLOK_WEBHOOK_SECRET is not set.*--insecure-webhooks/s)
    const insecure = await startServer(['--out', out, '--work-dir', work, '--insecure-webhooks'], withoutSecret)
    expect(insecure.output()).toMatch(/NOT VERIFIED/)
    expect(await insecure.stop()).toBe(0)
  })

  it('should refuse to start with a work folder that is a file, rather than fail the first webhook', async () => {
    // Inside the project, as a work folder must be; a file where the folder should be.
    const notAFolder = join(work, 'not-a-folder')
    writeFileSync(notAFolder, '')
    const refused = runScript('start.ts', ['--port', '0', '--out', out, '--work-dir', notAFolder], cleanEnv(env))
    expect((await refused.exited).code).toBe(1)
    expect(refused.stderr()).toMatch(/--work-dir \S*not-a-folder cannot be a folder: it is a file\./)
  })
})

describe('incremental builds from webhooks', () => {
  it('should update a story shown by three pages through relations and by the two journal lists: those six routes and the manifests, no other file', async () => {
    const before = files()
    const done = await finished()
    edit(() => {
      story(ARTICLE).content.title = 'Six-pixel type, revised'
      story(ARTICLE).content.teaser = 'A new teaser for the cards.'
    })
    const started = Date.now()
    const answer = await webhook(event('published', ARTICLE))
    expect(answer.status).toBe(202)
    expect(Date.now() - started).toBeLessThan(1000)
    const after = await builds(done + 1)
    const changed = changedFiles(before, files())
    // The home page and the journal list the article's card (all-articles).
    const routes = ['', 'blog/', 'blog/2025/six-pixel-type/', 'projects/harbour-lights/', 'projects/kiln/', 'projects/tidewater-archive/']
    expect(changed).toEqual(
      [...routes.flatMap((route) => [`${route}_payload.json`, `${route}index.html`]), 'builds/latest.json', `builds/meta/${after.build}.json`].sort(),
    )
    // The build's changes record, which a quick deploy reads instead of the files, names the same.
    const record = readChanges(realpathSync(out))!
    expect([...record.written, ...record.removed].sort()).toEqual(changed)
    expect((await page('/projects/kiln/')).html).toContain('Six-pixel type, revised')
    expect((await page('/blog/2025/six-pixel-type/')).html).toContain('Six-pixel type, revised')
    // The Arabic site shows nothing of the article and was not rendered, yet its route is still the build's.
    const built = (JSON.parse(readFileSync(join(out, 'builds/meta', `${after.build}.json`), 'utf8')) as { routes: string[] }).routes
    expect(built).toContain('/ar/blog/2024/arabic-and-hebrew/')
    expect(built).toHaveLength(new Set(built).size)
    expect(built.filter((route) => route.startsWith('/de/'))).toHaveLength(built.filter((route) => !/^\/(de|ar)\//.test(route)).length)
    // The build told the server which build it made live (scripts/engine/report/outcome.ts).
    expect(server.output()).toContain(`Build ${done + 1} is live as ${after.build} (`)
  })

  it('should write compressed variants in the builds it runs, which npm run build leaves out unless PRECOMPRESS=1', async () => {
    expect(firstBuild.stdout).not.toContain('Compressed')
    const first = history(out)[0]!
    expect(existsSync(join(buildsDir(out), first, 'about', 'index.html'))).toBe(true)
    expect(existsSync(join(buildsDir(out), first, 'about', 'index.html.br'))).toBe(false)
    const done = await finished()
    edit(() => (story(40008).content.title = 'About, compressed'))
    expect((await webhook(event('published', 40008))).status).toBe(202)
    await builds(done + 1)
    // The server's build compressed every file the live build lacked variants of, not only its own.
    for (const file of ['about/index.html.br', 'about/index.html.gz', 'projects/index.html.br']) expect(existsSync(join(realpathSync(out), file)), file).toBe(true)
    const answer = await new Promise<IncomingMessage>((resolvePromise, reject) => get(`${server.url}/about/`, { headers: { 'accept-encoding': 'br' } }, resolvePromise).on('error', reject))
    answer.resume()
    expect([answer.headers['content-encoding'], answer.headers.vary]).toEqual(['br', 'Accept-Encoding'])
  })

  it('should say that no build went live for a webhook that changed no page', async () => {
    const done = await finished()
    const live = (await health()).build
    expect((await webhook(event('published', ARTICLE))).status).toBe(202)
    const after = await builds(done + 1)
    expect(after.build).toBe(live)
    expect(server.output()).toMatch(new RegExp(`Build ${done + 1} changed no page; the live build stays \\(`))
    expect(server.output()).toMatch(/ {2}no page changed \(.+\); \d+ CMS requests/)
  })

  it('should rewrite every page of the languages showing a changed navigation and their shell files, and no payload', async () => {
    const before = files()
    const done = await finished()
    // The site settings story: an editor renames a navigation link.
    edit(() => ((story(40019).content.navigation as { label: string }[])[4]!.label = 'Say hello'))
    expect((await webhook(event('published', 40019))).status).toBe(202)
    const after = await builds(done + 1)
    const changed = changedFiles(before, files())
    const payloads = changed.filter((file) => file.endsWith('_payload.json'))
    expect(payloads).toEqual([])
    // The English label changed; the German one is translated and stays, so German pages do not
    // change. The Arabic article has no settings of its own: the English ones stand in.
    const pages = [...files().keys()].filter((file) => file.endsWith('index.html') && !file.startsWith('de/'))
    expect(changed.filter((file) => file.endsWith('index.html')).sort()).toEqual(pages.sort())
    const shells = changed.filter((file) => /^assets\/site\.[0-9a-f]+\.json$/.test(file))
    expect(shells).toHaveLength(2)
    for (const shell of shells) expect(JSON.parse(readFileSync(join(out, shell), 'utf8')).nav).toContainEqual({ label: 'Say hello', route: '/contact/' })
    // Besides: the error pages (they show the navigation too) and the new manifests (an older
    // build's manifest may go, as every incremental build keeps only the one it replaced).
    const current = files()
    const others = changed.filter((file) => !file.endsWith('index.html') && !payloads.includes(file) && !shells.includes(file))
    expect(others.filter((file) => current.has(file) || !file.startsWith('builds/meta/')).sort()).toEqual(
      // The Arabic 404 page shows the English navigation too; the German one has its own.
      ['404.html', '500.html', 'ar/404.html', 'builds/latest.json', `builds/meta/${after.build}.json`].sort(),
    )
    expect((await page('/about/')).html).toContain('>Say hello</a>')
  })

  it('should remove an unpublished story: its route is a 404 and the pages relating to it update', async () => {
    const done = await finished()
    edit(() => (story(40002).published = false))
    expect((await webhook(event('unpublished', 40002))).status).toBe(202)
    await builds(done + 1)
    expect((await page('/projects/field-notes/')).status).toBe(404)
    const harbour = JSON.stringify(await payload('/projects/harbour-lights/'))
    expect(harbour).not.toContain(story(40002).uuid)
    expect(JSON.stringify(await payload('/projects/'))).not.toContain('projects/field-notes')
    expect(JSON.parse(readFileSync(join(out, 'builds', 'meta', `${(await health()).build}.json`), 'utf8')).routes).not.toContain('/projects/field-notes/')
  })

  it('should remove a deleted story', async () => {
    expect((await page('/blog/2025/coming-soon/')).status).toBe(404) // a draft all along
    expect((await page('/blog/2025/escaping-titles/')).status).toBe(200)
    const done = await finished()
    edit(() => (cms.space.stories = cms.space.stories.filter((candidate) => candidate.id !== 40013)))
    expect((await webhook({ action: 'deleted', story_id: 40013, full_slug: 'blog/2025/escaping-titles' })).status).toBe(202)
    await builds(done + 1)
    expect((await page('/blog/2025/escaping-titles/')).status).toBe(404)
  })

  it('should move a story: the old route goes, the new one comes, links follow', async () => {
    const done = await finished()
    edit(() => {
      const moved = story(40015)
      moved.full_slug = 'blog/2025/emoji-field-trip'
    })
    expect((await webhook(event('moved', 40015))).status).toBe(202)
    await builds(done + 1)
    // The old address answers with a permanent redirect to the new one (docs/behaviour.md, "Redirects").
    const old = await fetch(`${server.url}/blog/2024/emoji-field-trip/`, { redirect: 'manual' })
    expect([old.status, old.headers.get('location')]).toEqual([301, '/blog/2025/emoji-field-trip/'])
    expect(readFileSync(join(out, '_redirects'), 'utf8')).toContain('/blog/2024/emoji-field-trip/ /blog/2025/emoji-field-trip/ 301\n')
    expect((await page('/blog/2025/emoji-field-trip/')).status).toBe(200)
    for (const route of readdirSync(realpathSync(out), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('_payload.json'))) {
      expect(readFileSync(join(out, route), 'utf8'), route).not.toContain('blog/2024/emoji-field-trip')
    }
  })

  it("should publish an edited redirects datasource from its webhook, without refetching a story, and ignore other datasources", async () => {
    const done = await finished()
    const before = files()
    edit(() => cms.space.datasources!.redirects!.push({ name: '/studio-notes', value: '/blog/' }))
    const datasourceEvent = (slug: string) => ({ text: `entries of ${slug} updated`, action: 'entries_updated', space_id: cms.space.id, datasource_slug: slug })
    const other = await webhook(datasourceEvent('colours'))
    expect([other.status, await other.json()]).toEqual([202, { accepted: false, reason: 'datasource "colours" does not change the site' }])
    expect((await webhook(datasourceEvent('redirects'))).status).toBe(202)
    await builds(done + 1)
    const answer = await fetch(`${server.url}/studio-notes`, { redirect: 'manual' })
    expect([answer.status, answer.headers.get('location')]).toEqual([301, '/blog/'])
    expect(server.output()).toMatch(/Build \d+ started for the redirects\./)
    // A build that rendered no page is still the whole site: every other file is the last build's, unchanged.
    expect(changedFiles(before, files()).filter((file) => !file.startsWith('builds/meta/'))).toEqual(['_redirects', 'builds/latest.json', 'nginx.conf'])
  })

  it('should re-render the stories that show a replaced asset, and say so for an asset no story shows', async () => {
    const done = await finished()
    // Asset 117 is an image of the about page only (cms/demo-space/stories/about.json).
    const unknown = await webhook({ text: 'asset replaced', action: 'asset.replaced', space_id: cms.space.id, asset_id: 99_999 })
    expect([unknown.status, await unknown.json()]).toEqual([202, { accepted: false, reason: 'asset 99999 is shown by no story of the last build' }])
    const answer = await webhook({ text: 'asset replaced', action: 'asset.replaced', space_id: cms.space.id, asset_id: 117 })
    expect([answer.status, await answer.json()]).toEqual([202, { accepted: true }])
    await builds(done + 1)
    expect(server.output()).toContain('Webhook: asset.replaced asset 117, shown by story 40008.')
    expect(server.output()).toMatch(/Build \d+ started for 1 changed story \(40008\)\./)
  })

  it('should build the whole space, compared with the last build, when a release is merged', async () => {
    const done = await finished()
    // Changed and published without a story webhook, as a release's stories are when it is merged.
    edit(() => {
      story(ARTICLE).content.title = 'Six-pixel type, from the release'
      story(ARTICLE).published_at = '2026-11-28T12:00:00.000Z'
    })
    expect((await webhook({ text: 'The release Autumn has been merged.', action: 'release.merged', space_id: cms.space.id, release_id: 4 })).status).toBe(202)
    await builds(done + 1)
    expect(server.output()).toMatch(/Build \d+ started for the whole space\./)
    expect((await page('/blog/2025/six-pixel-type/')).html).toContain('Six-pixel type, from the release')
  })

  it('should coalesce a burst of 50 webhooks during a build into exactly one follow-up build, with the final content live', async () => {
    const { queue } = await health()
    cms.faults = { delayMs: 400 } // a slow CMS keeps the first build running while the burst arrives
    edit(() => (story(40008).content.title = 'About, first edit'))
    await webhook(event('published', 40008))
    await waitFor(async () => (await health()).queue.building, 10_000, 'the first build')
    const ids = [40001, 40003, 40004, 40005, 40006, 40007, 40008, 40009, 40010, 40011]
    edit(() => (story(40008).content.title = 'About, final edit'))
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => webhook(event('published', ids[i % ids.length]!))))
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(202))
    cms.faults = {}
    // Exactly two: once nothing is pending and nothing runs, no further build can start.
    const after = await builds(queue.builds + 2)
    expect(after.queue.builds).toBe(queue.builds + 2)
    expect(after.queue.failures).toBe(0)
    expect((await page('/about/')).html).toContain('About, final edit')
  })

  it('should leave the live build alone when a build fails, log why, and retry until it succeeds', async () => {
    const { build: live, queue } = await health()
    cms.faults = { serverErrorEvery: 1, serverErrorStatus: 503 }
    edit(() => (story(40010).content.title = 'Projects, after the outage'))
    await webhook(event('published', 40010))
    const failed = await waitFor(async () => {
      const now = await health()
      return now.queue.failures >= 1 ? now : undefined
    }, 30_000, 'a failed build')
    expect(failed.build).toBe(live)
    expect(failed.queue.last).toMatchObject({ ok: false, error: expect.stringMatching(/503/) })
    expect(server.output()).toMatch(/failed; the live build is unchanged\. Retrying in 2 s\. Reason: .*503/)
    cms.faults = {}
    const after = await builds(queue.builds + 2)
    expect(after.build).not.toBe(live)
    expect((await page('/projects/')).html).toContain('Projects, after the outage')
  })

  it('should keep answering a loopback load of 2,000 requests during a rebuild, with no 5xx', async () => {
    const { queue, build: liveBefore } = await health()
    // A new navigation label in the site settings re-renders every route.
    edit(() => ((story(40019).content.navigation as { label: string }[])[4]!.label = 'Get in touch'))
    await webhook(event('published', 40019))
    const routes = ['/', '/about/', '/contact/', '/projects/', '/projects/kiln/', '/blog/', '/blog/2025/six-pixel-type/', '/builds/latest.json', '/no/such/']
    const statuses = new Map<number, number>()
    let sawBuilding = false
    let next = 0
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 2000) {
          const route = routes[next++ % routes.length]!
          const response = await fetch(`${server.url}${route}`)
          await response.arrayBuffer()
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
          if (next % 100 === 0 && !sawBuilding) sawBuilding = (await health()).queue.building
        }
      }),
    )
    const after = await builds(queue.builds + 1)
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([])
    expect([...statuses.values()].reduce((a, b) => a + b)).toBe(2000)
    expect(sawBuilding).toBe(true)
    expect(after.build).not.toBe(liveBefore)
    expect((await page('/')).html).toContain('Get in touch')
    // Manifests do not pile up over incremental builds: this build's and the one it replaced.
    const metas = readdirSync(join(out, 'builds', 'meta'))
    expect(metas.filter((name) => !isVariantOf(name, (file) => metas.includes(file))).sort()).toEqual([`${liveBefore}.json`, `${after.build}.json`].sort())
    // Nor do builds: the live one and the two before it.
    const kept = readdirSync(join(out, '..', '.dist.builds')).filter((name) => !name.startsWith('.') && name !== 'history.json')
    expect(kept).toHaveLength(3)
    expect(kept).toContain(liveBefore)
  })
})

describe('deploys', () => {
  it('should roll back to the previous build in one step', async () => {
    const liveBefore = (await health()).build
    const aboutBefore = (await page('/about/')).html
    edit(() => (story(40008).content.title = 'About, to be rolled back'))
    await webhook(event('published', 40008))
    await waitFor(async () => (await health()).build !== liveBefore && !(await health()).queue.building, 30_000, 'the build')
    expect((await page('/about/')).html).toContain('About, to be rolled back')
    const rolled = runScript('rollback.ts', ['--out', out], process.env)
    expect((await rolled.exited).code).toBe(0)
    expect(rolled.stdout()).toMatch(new RegExp(`now serves build ${liveBefore}`))
    expect((await health()).build).toBe(liveBefore)
    expect((await page('/about/')).html).toBe(aboutBefore)
  })

  it('should leave the live build byte-identical when a build is killed, and succeed the next time', async () => {
    const live = realpathSync(out)
    const snapshot = files()
    edit(() => (story(40008).content.title = 'About, after the crash'))
    cms.faults = { delayMs: 150 }
    // A full build (another site URL changes every page), killed in its crawl.
    const build = runScript('build.ts', ['--out', out, '--work-dir', work], cleanEnv({ ...env, SITE_URL: 'https://elsewhere.example' }))
    await waitFor(() => /Stories fetched/.test(build.output()) || build.child.exitCode !== null, 30_000, 'the crawl')
    build.child.kill('SIGKILL')
    await build.exited
    cms.faults = {}
    expect(realpathSync(out)).toBe(live)
    expect(changedFiles(snapshot, files())).toEqual([])
    const next = await runBuild(['--out', out, '--work-dir', work], env)
    expect(next.code, next.stderr).toBe(0)
    expect(readFileSync(join(out, 'about', 'index.html'), 'utf8')).toContain('About, after the crash')
    expect(readdirSync(join(out, '..', '.dist.builds')).filter((name) => name.startsWith('.staging'))).toEqual([])
  })

  it('should finish on SIGTERM without touching the live build, keep the pending change and resume it after a restart', async () => {
    const live = realpathSync(out)
    const snapshot = files()
    cms.faults = { delayMs: 2000 }
    edit(() => (story(40008).content.title = 'About, after the restart'))
    await webhook(event('published', 40008))
    await waitFor(async () => (await health()).queue.building, 10_000, 'the build')
    const staging = () => readdirSync(join(out, '..', '.dist.builds')).filter((name) => name.startsWith('.staging'))
    await waitFor(() => staging().length > 0, 10_000, 'the build to stage')
    expect(await server.stop('SIGTERM')).toBe(0)
    // The abandoned build removed its own staging folder on the way out.
    expect(staging()).toEqual([])
    cms.faults = {}
    expect(realpathSync(out)).toBe(live)
    expect(changedFiles(snapshot, files())).toEqual([])
    expect(JSON.parse(readFileSync(join(work, 'cache', 'pending-webhooks.json'), 'utf8'))).toMatchObject([{ story_id: 40008 }])
    server = await startServer(['--out', out, '--work-dir', work], env)
    await builds(1) // a new server counts its own builds
    expect((await page('/about/')).html).toContain('About, after the restart')
  })
})

describe('preview proxy', () => {
  const params = (timestamp: number, token?: string) => {
    const query = new URLSearchParams({
      uuid: story(40008).uuid,
      '_storyblok_tk[space_id]': String(cms.space.id),
      '_storyblok_tk[timestamp]': String(timestamp),
      '_storyblok_tk[token]': token ?? editorToken(cms.space.id, cms.space.tokens.preview, timestamp),
    })
    return `${server.url}/api/preview/story?${query}`
  }

  it('should serve a draft for a valid editor token', async () => {
    edit(() => (story(40008).draft = { content: { ...story(40008).content, title: 'About, a draft' } } as StoredStory['draft']))
    const response = await fetch(params(Math.floor(Date.now() / 1000)))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { story: { content: { title: string } } }
    expect(body.story.content.title).toBe('About, a draft')
  })

  it('should serve the draft in the language the editor edits', async () => {
    // The demo space is bilingual; its About page has the German slug ueber-uns.
    edit(() => (story(40008).draft = { content: { ...story(40008).content, title: 'About, a draft', title__i18n__de: 'Über uns, ein Entwurf' } } as StoredStory['draft']))
    const response = await fetch(`${params(Math.floor(Date.now() / 1000))}&language=de`)
    const body = (await response.json()) as { story: { lang: string; full_slug: string; content: { title: string } } }
    expect([body.story.lang, body.story.full_slug, body.story.content.title]).toEqual(['de', 'de/ueber-uns', 'Über uns, ein Entwurf'])
  })

  it('should refuse an expired, forged or missing token', async () => {
    const now = Math.floor(Date.now() / 1000)
    expect((await fetch(params(now - 3601))).status).toBe(401)
    expect((await fetch(params(now, 'a'.repeat(40)))).status).toBe(401)
    expect((await fetch(params(now, editorToken(cms.space.id, cms.space.tokens.public, now)))).status).toBe(401)
    expect((await fetch(`${server.url}/api/preview/story?uuid=${story(40008).uuid}`)).status).toBe(401)
  })

  it('should keep the preview token out of every public file', () => {
    for (const name of readdirSync(realpathSync(out), { recursive: true, encoding: 'utf8' })) {
      const path = join(out, name)
      if (existsSync(path) && statSync(path).isFile()) expect(readFileSync(path, 'utf8').includes(cms.space.tokens.preview), name).toBe(false)
    }
  })
})
