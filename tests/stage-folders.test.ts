/**
 * The stage of a build with a cache: the live build's folders are made on a thread of their own
 * while the crawl runs (prepareFolders in scripts/engine/files/fill-stage.ts), a build that turns out full
 * publishes none of them that it does not fill, a build that renders no page still publishes them
 * all, and a live build changed by hand stops an incremental build, whose stage is filled with
 * links to the live build's files.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startCmsServer } from '../cms/api/server.ts'
import type { Space } from '../cms/api/space.ts'
import { prepareFolders } from '../scripts/engine/files/fill-stage.ts'
import { digests, runBuild, snapshot, tempDir, workDir } from './helpers/build.ts'
import { projectSpace, TOKENS } from './helpers/space.ts'

const work = workDir('stage-folders')
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** Every folder under `dir` that holds nothing, as a relative path. */
function emptyFolders(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory() && readdirSync(join(entry.parentPath, entry.name)).length === 0)
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
}

describe('prepareFolders', () => {
  it('should make the folder of every path, with its parents', async () => {
    const stage = tempDir('stage')
    await prepareFolders(stage, ['a/b/index.html', 'a/b/_payload.json', 'a/c/d/index.html', 'robots.txt'])
    expect(['a', 'a/b', 'a/c', 'a/c/d'].every((dir) => statSync(join(stage, dir)).isDirectory())).toBe(true)
    expect(readdirSync(stage).sort()).toEqual(['a'])
  })

  it('should make no further folder once told to stop, so that an abandoned build can remove its stage', async () => {
    const stage = tempDir('stage')
    const thread = prepareFolders(stage, Array.from({ length: 2000 }, (_, i) => `page-${i}/index.html`))
    thread.stop() // before the thread has started: it must make nothing
    await thread
    expect(readdirSync(stage)).toEqual([])
  })

  it('should never make a stage that is gone', async () => {
    const stage = join(tempDir('stage'), 'removed')
    await prepareFolders(stage, ['a/b/index.html'])
    expect(existsSync(stage)).toBe(false)
  })
})

describe('a build with a cache that turns out full', () => {
  it('should publish no folder of the pages that went away', async () => {
    const space: Space = { ...projectSpace(12, 1), language_codes: ['de'] }
    const cms = await startCmsServer({ space })
    const out = join(tempDir('stage-folders'), 'dist')
    const env = { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: TOKENS.public }
    try {
      expect((await runBuild(['--out', out, '--work-dir', work], env)).code).toBe(0)
      expect(existsSync(join(out, 'de/projects/p12/index.html'))).toBe(true)
      // The space drops its German: the cache is valid, the build is full, and no /de/ page stays.
      delete space.language_codes
      space.version++
      const again = await runBuild(['--out', out, '--work-dir', work], env)
      expect(again.code, again.stderr).toBe(0)
      expect(again.stdout).toMatch(/Build: full \(.*the languages changed/)
      // Emptying the stage of the live build's folders must not take the assets staged for the new one.
      const { id } = JSON.parse(readFileSync(join(out, 'builds/latest.json'), 'utf8')) as { id: string }
      const { assets } = JSON.parse(readFileSync(join(out, 'builds/meta', `${id}.json`), 'utf8')) as { assets: string[] }
      expect(assets.length).toBeGreaterThan(0)
      expect(assets.filter((asset) => !existsSync(join(out, asset)))).toEqual([])
      expect(existsSync(join(out, 'de'))).toBe(false)
      expect(emptyFolders(out)).toEqual([])
    } finally {
      await cms.close()
    }
  })
})

describe('a build that renders no page', () => {
  it('should still publish every page of the live build, unchanged, when only the redirects changed', async () => {
    const space: Space = { ...projectSpace(6, 1), language_codes: ['de'] }
    const cms = await startCmsServer({ space })
    const out = join(tempDir('stage-folders'), 'dist')
    const env = { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: TOKENS.public }
    const pages = () => digests(new Map([...snapshot(out)].filter(([file]) => /(^|\/)(index\.html|_payload\.json|404\.html|500\.html)$/.test(file))))
    try {
      expect((await runBuild(['--out', out, '--work-dir', work], env)).code).toBe(0)
      const before = pages()
      space.datasources = { ...space.datasources, redirects: [{ name: '/old-projects', value: '/projects/' }] }
      space.version++
      const again = await runBuild(['--out', out, '--work-dir', work], env)
      expect(again.code, again.stderr).toBe(0)
      expect(again.stdout).toMatch(/Build: incremental .*; 0 routes rendered/)
      expect(readFileSync(join(out, '_redirects'), 'utf8')).toContain('/old-projects /projects/ 301')
      expect(pages()).toEqual(before)
    } finally {
      await cms.close()
    }
  })
})

describe('a live build changed by hand', () => {
  it('should stop the incremental build, name the missing file and say to build in full, and leave the live build alone', async () => {
    const space = projectSpace(6, 1)
    const cms = await startCmsServer({ space })
    const out = join(tempDir('stage-thread'), 'dist')
    const handWork = workDir('stage-thread-hand')
    const env = { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: TOKENS.public }
    try {
      expect((await runBuild(['--out', out, '--work-dir', handWork], env)).code).toBe(0)
      rmSync(join(out, 'projects/p3/_payload.json'))
      const live = readFileSync(join(out, 'projects/p2/index.html'), 'utf8')
      space.stories[0]!.content.title = 'Project 1, edited'
      space.version++
      const again = await runBuild(['--out', out, '--work-dir', handWork], env)
      expect(again.code).toBe(1)
      expect(again.stderr).toMatch(/The live build has no projects\/p3\/_payload\.json, which the build cache lists: it was changed by hand\. Run `npm run build -- --full`\./)
      expect(readFileSync(join(out, 'projects/p2/index.html'), 'utf8')).toBe(live)
      const full = await runBuild(['--out', out, '--work-dir', handWork, '--full'], env)
      expect(full.code, full.stderr).toBe(0)
      expect(existsSync(join(out, 'projects/p3/_payload.json'))).toBe(true)
    } finally {
      await cms.close()
      rmSync(handWork, { recursive: true, force: true })
    }
  })
})
