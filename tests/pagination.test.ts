/**
 * Long project lists as real routes: a list without a limit shows STORIES_PER_PAGE projects on
 * its story's route and the rest on `page/2/`, `page/3/` …, linked both ways; a new project
 * re-renders the list's pages and the pages that show the newest projects, no project page.
 */
import * as cheerio from 'cheerio'
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { STORIES_PER_PAGE } from '../pages/pagination.ts'
import { collectDocumentRequests, collectErrors, runtimeReady, launchBrowser, startPreview } from './helpers/browser.ts'
import { runBuild, tempDir, workDir } from './helpers/build.ts'
import { projectSpace, storyOf, TOKENS } from './helpers/space.ts'

const PROJECTS = STORIES_PER_PAGE * 2 + 12
const out = join(tempDir('pagination'), 'dist')
const work = workDir('pagination')
let cms: CmsServer

const build = (args: string[] = []) => runBuild(['--out', out, '--work-dir', work, ...args], { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: TOKENS.public })
const page = (route: string) => cheerio.load(readFileSync(join(out, route, 'index.html'), 'utf8'))
const cards = (route: string) => page(route)('a.card').map((_, a) => a.attribs.href).get()

/** Every file of the live build with its inode and mtime: an unchanged file keeps both. */
function files(): Map<string, string> {
  const root = realpathSync(out)
  return new Map(
    readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => statSync(join(root, name)).isFile())
      .map((name) => [relative(root, join(root, name)), `${statSync(join(root, name)).ino}:${statSync(join(root, name)).mtimeMs}`]),
  )
}

beforeAll(async () => {
  const space = projectSpace(PROJECTS, 1)
  space.stories.push(
    storyOf(1000, 'home', { component: 'page', body: [{ _uid: 'h', component: 'all-projects', limit: '6' }] }),
    storyOf(1001, 'work', { component: 'page', title: 'All our work', body: [{ _uid: 'w', component: 'all-projects', title: 'Work', limit: '' }] }),
  )
  cms = await startCmsServer({ space })
  const run = await build()
  expect(run.code, run.stderr).toBe(0)
})
afterAll(async () => {
  await cms?.close()
  rmSync(work, { recursive: true, force: true })
})

describe('project list pages', () => {
  it('should split a list without a limit into pages of STORIES_PER_PAGE, newest first', () => {
    const first = cards('work')
    expect(first).toHaveLength(STORIES_PER_PAGE)
    expect(cards('work/page/2')).toHaveLength(STORIES_PER_PAGE)
    expect(cards('work/page/3')).toHaveLength(12)
    expect(existsSync(join(out, 'work/page/4'))).toBe(false)
    const all = [...first, ...cards('work/page/2'), ...cards('work/page/3')]
    expect(new Set(all).size).toBe(PROJECTS)
    expect(cards('')).toEqual(first.slice(0, 6))
    expect(existsSync(join(out, 'page/2'))).toBe(false) // the home's list has a limit of 6
  })

  it('should link the pages both ways, in the page and in the head', () => {
    expect(page('work')('link[rel=next]').attr('href')).toBe('/work/page/2/')
    expect(page('work')('link[rel=prev]').length).toBe(0)
    expect(page('work/page/2')('link[rel=prev]').attr('href')).toBe('/work/')
    expect(page('work/page/2')('nav.pagination a').map((_, a) => a.attribs.href).get()).toEqual(['/work/', '/work/page/3/'])
    expect(page('work/page/3')('link[rel=next]').length).toBe(0)
    expect(page('work/page/2')('title').text()).toBe('All our work, page 2 | Test space')
    const meta = JSON.parse(readFileSync(join(out, 'builds/meta', `${JSON.parse(readFileSync(join(out, 'builds/latest.json'), 'utf8')).id}.json`), 'utf8'))
    expect(meta.routes).toEqual(expect.arrayContaining(['/work/', '/work/page/2/', '/work/page/3/']))
  })

  it('should move between the pages by payload in the browser, head links included', async () => {
    const preview = await startPreview(out)
    const browser = await launchBrowser()
    try {
      const page = await browser.newPage()
      const errors = collectErrors(page)
      await page.goto(`${preview.url}/work/`)
      await runtimeReady(page)
      const documents = collectDocumentRequests(page)
      await page.click('nav.pagination >> text=Older projects')
      await page.waitForFunction(() => document.title === 'All our work, page 2 | Test space')
      expect(await page.getAttribute('link[rel=prev]', 'href')).toBe('/work/')
      expect(await page.getAttribute('link[rel=next]', 'href')).toBe('/work/page/3/')
      expect(await page.locator('a.card').count()).toBe(STORIES_PER_PAGE)
      await page.click('nav.pagination >> text=Newer projects')
      await page.waitForFunction(() => document.title === 'All our work | Test space')
      expect(await page.locator('link[rel=prev]').count()).toBe(0)
      expect(documents).toEqual([])
      expect(errors).toEqual([])
    } finally {
      await browser.close()
      preview.close()
    }
  })

  it('should re-render the list pages and the newest-projects list for a new project, and no project page', async () => {
    const before = files()
    const added = storyOf(2000, 'projects/brand-new', { component: 'project', title: 'Brand new' }, { first_published_at: '2030-01-01T00:00:00.000Z' })
    cms.space.stories.push(added)
    cms.space.version++
    const run = await build(['--changed', '2000'])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('Build: incremental')
    const after = files()
    const changedPages = [...after.keys()].filter((file) => file.endsWith('index.html') && before.get(file) !== after.get(file)).sort()
    expect(changedPages).toEqual(['index.html', 'projects/brand-new/index.html', 'work/index.html', 'work/page/2/index.html', 'work/page/3/index.html'])
    expect(cards('work')[0]).toBe('/projects/brand-new/')
    expect(cards('work/page/3')).toHaveLength(13)
  })
})
