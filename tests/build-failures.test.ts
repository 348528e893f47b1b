/**
 * Every failure a user can cause stops the build with a message naming what is wrong, exits
 * non-zero and leaves the previous output exactly as it was.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer, type Faults } from '../cms/api/server.ts'
import { runBuild, snapshot, tempDir, workDir } from './helpers/build.ts'
import { waitFor } from './helpers/server.ts'
import { projectSpace, TOKENS } from './helpers/space.ts'

const work = workDir('failures')
let out: string
let before: Map<string, Buffer>
let server: CmsServer

beforeEach(async () => {
  out = join(tempDir('failures'), 'dist')
  mkdirSync(join(out, 'about'), { recursive: true })
  writeFileSync(join(out, 'index.html'), '<h1>The previous, live site</h1>')
  writeFileSync(join(out, 'about', 'index.html'), '<h1>About (live)</h1>')
  before = snapshot(out)
  server = await startCmsServer({ space: projectSpace(30, 1) })
})
afterEach(() => server.close())
afterAll(() => rmSync(work, { recursive: true, force: true }))

async function buildAgainst(faults: Faults, env: Record<string, string> = {}) {
  server.faults = faults
  return runBuild(['--out', out, '--work-dir', work], {
    STORYBLOK_API_URL: server.url,
    STORYBLOK_TOKEN: TOKENS.public,
    STORYBLOK_PER_PAGE: '10',
    ...env,
  })
}

/** Pids of the bundle builds (scripts/engine/bundles/process.mjs) writing into `work`. */
function bundleProcesses(work: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
        return args.some((arg) => arg.endsWith(join('bundles', 'process.mjs'))) && args.some((arg) => arg.includes(JSON.stringify(join(work, 'vike'))))
      } catch {
        return false // ended meanwhile
      }
    })
    .map(Number)
}

function expectUntouched() {
  expect(snapshot(out)).toEqual(before)
  const builds = join(dirname(out), '.dist.builds')
  expect(existsSync(builds) ? readdirSync(builds).filter((name) => name.includes('staging')) : []).toEqual([])
}

describe('failing builds', () => {
  it('should fail on a 5xx, naming the request, and leave the old output', async () => {
    const run = await buildAgainst({ serverErrorOn: [3], serverErrorStatus: 502 })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Build failed: CMS request GET cdn\/stories\?.*page=2.* failed: 502/)
    expect(run.stderr).toContain('The previous output was left untouched.')
    expectUntouched()
  })

  it('should keep the builds before the live one when the CMS fails', async () => {
    const older = join(dirname(out), '.dist.builds', '20200101-000000-00000000')
    mkdirSync(older, { recursive: true })
    writeFileSync(join(older, 'index.html'), '<h1>A build before</h1>')
    const run = await buildAgainst({ serverErrorOn: [2] })
    expect(run.code).toBe(1)
    expect(snapshot(older).get('index.html')!.toString()).toBe('<h1>A build before</h1>')
    rmSync(older, { recursive: true })
    expectUntouched()
  })

  it('should fail on malformed JSON', async () => {
    const run = await buildAgainst({ malformedOn: [2] })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/CMS request GET cdn\/stories\?.*page=1.* failed: the response is not valid JSON/)
    expectUntouched()
  })

  it('should fail on a short crawl', async () => {
    const run = await buildAgainst({ overstateTotal: 5 })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Short crawl: received 30 stories but the CMS announced 35/)
    expectUntouched()
  })

  it('should fail on a rejected token with a hint', async () => {
    const run = await buildAgainst({}, { STORYBLOK_TOKEN: 'not-the-token' })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/401.*check STORYBLOK_TOKEN/)
    expectUntouched()
  })

  it('should fail on bad configuration before fetching anything', async () => {
    const run = await buildAgainst({}, { STORYBLOK_REGION: 'moon', STORYBLOK_PER_PAGE: '500' })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/STORYBLOK_REGION="moon".*eu, us, cn, ap, ca/)
    expect(run.stderr).toMatch(/STORYBLOK_PER_PAGE="500"/)
    expect(server.requests).toHaveLength(0)
    expectUntouched()
  })

  it('should fail when STORYBLOK_LANGUAGES lists a language the space does not have, naming what it has', async () => {
    server.space.language_codes = ['de']
    const run = await buildAgainst({}, { STORYBLOK_LANGUAGES: 'de,fr' })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('STORYBLOK_LANGUAGES lists "fr", which the space does not have (it has de, in Settings → Internationalization): leave it out, or add it to the space.')
    expectUntouched()
  })

  it('should fail when the CMS is down', async () => {
    const url = server.url
    await server.close()
    const run = await runBuild(['--out', out, '--work-dir', work], { STORYBLOK_API_URL: url, STORYBLOK_TOKEN: TOKENS.public })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/CMS request GET cdn\/spaces\/me failed: fetch failed \(.*ECONNREFUSED/)
    expectUntouched()
    server = await startCmsServer({ space: projectSpace(1) })
  })

  it('should stop its bundle build and free the cache when the output folder cannot be made', async () => {
    // The parent of --out is a file: the build fails making its staging folder, after it started
    // building the bundles (--full: afresh) and locked the cache.
    const parent = join(tempDir('failures-file'), 'a-file')
    writeFileSync(parent, 'not a folder')
    const stageWork = workDir('failures-stage')
    try {
      const run = await runBuild(['--out', join(parent, 'dist'), '--work-dir', stageWork, '--full'], { STORYBLOK_API_URL: server.url, STORYBLOK_TOKEN: TOKENS.public })
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(`Cannot make the folder ${join(parent, '.dist.builds')}, where builds of ${join(parent, 'dist')} are staged`)
      expect(run.stderr).toContain('Give --out a folder whose parent you can write to.')
      expect(existsSync(join(stageWork, 'cache', 'build.lock'))).toBe(false)
      // A bundle build left running would go on writing into the work folder, under the next build.
      await waitFor(() => bundleProcesses(stageWork).length === 0, 2000, 'the bundle build to stop')
    } finally {
      rmSync(stageWork, { recursive: true, force: true })
    }
  })

  it('should fail when two stories claim one route', async () => {
    const space = projectSpace(3, 1)
    space.stories.push({ ...space.stories[0]!, id: 99, uuid: 'uuid-99', full_slug: 'projects/p1/' })
    await server.close()
    server = await startCmsServer({ space })
    const run = await buildAgainst({})
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Stories "projects\/p1" and "projects\/p1\/" would both be served at \/projects\/p1\//)
    expectUntouched()
  })
})
