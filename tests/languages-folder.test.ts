/**
 * Folder-level translation: one folder per language (`en/…`, `de/…`), the versions of a page
 * linked as alternates (`group_id`). The default language's folder is served at `/`, the others
 * at `/<code>/`, from one crawl, with hreflang links between the versions Storyblok links.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { DEFAULT_PER_PAGE } from '../cms/config.ts'
import { minimumRequests } from '../cms/request-budget.ts'
import { builtPage, hreflangLinks, runBuild, tempDir, workDir, type BuildRun } from './helpers/build.ts'
import { projectSpace, storyOf } from './helpers/space.ts'
import type { Story } from '../cms/content-model.ts'
import type { RoutePayload } from '../pages/build-contract.ts'
import { draftPayload } from '../renderer/client/editor/draft.ts'

const SITE_URL = 'https://studio.example'
const out = join(tempDir('languages-folder'), 'dist')
const work = workDir('languages-folder')
let cms: CmsServer
let run: BuildRun

const grouped = (group: string) => ({ group_id: `group-${group}` })
const stories = [
  storyOf(1, 'en/home', { component: 'page', title: 'Welcome' }, grouped('home')),
  storyOf(2, 'en/about', { component: 'page', title: 'About us' }, grouped('about')),
  storyOf(3, 'en/projects/', { component: 'page', title: 'Projects', body: [{ _uid: 'l', component: 'all-projects' }] }, { ...grouped('projects'), is_startpage: true }),
  storyOf(4, 'en/projects/a', { component: 'project', title: 'Project A' }, grouped('a')),
  storyOf(11, 'de/home', { component: 'page', title: 'Willkommen' }, grouped('home')),
  storyOf(12, 'de/ueber-uns', { component: 'page', title: 'Über uns' }, grouped('about')),
  storyOf(13, 'de/projekte/', { component: 'page', title: 'Projekte', body: [{ _uid: 'l', component: 'all-projects' }] }, { ...grouped('projects'), is_startpage: true }),
  storyOf(14, 'de/projekte/a', { component: 'project', title: 'Projekt A' }, grouped('a')),
  // Only in German: no version in the default language.
  storyOf(15, 'de/impressum', { component: 'page', title: 'Impressum' }, grouped('imprint')),
]
const env = (extra: Record<string, string> = {}) => ({ STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: cms.space.tokens.public, SITE_URL, STORYBLOK_LANGUAGE_STRATEGY: 'folder', ...extra })

beforeAll(async () => {
  // A folder-level space usually lists no languages of its own: the folders say them.
  cms = await startCmsServer({ space: { ...projectSpace(0), stories } })
  run = await runBuild(['--out', out, '--work-dir', work], env())
})
afterAll(async () => {
  await cms?.close()
  rmSync(work, { recursive: true, force: true })
})

const page = (route: string) => builtPage(out, route)
const hreflangs = (route: string) => hreflangLinks(page(route))

describe('a space translated by folders', () => {
  it('should build each language folder from one crawl: 1 + ceil(stories / per_page) + the redirects page', () => {
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toMatch(/Built 9 routes/)
    expect(run.stdout).toContain(`CMS requests: ${minimumRequests(stories.length, DEFAULT_PER_PAGE)}\n`)
  })

  it('should serve the default language’s folder at / and the others at /<code>/, each folder’s home at its root', () => {
    expect(page('/')('h1').text()).toBe('Welcome')
    expect(page('/about/')('h1').text()).toBe('About us')
    expect(page('/de/')('h1').text()).toBe('Willkommen')
    expect(page('/de/ueber-uns/')('h1').text()).toBe('Über uns')
    expect(existsSync(join(out, 'en'))).toBe(false)
    expect([page('/de/ueber-uns/')('html').attr('lang'), page('/about/')('html').attr('lang')]).toEqual(['de', 'en'])
  })

  it('should link the versions Storyblok links as alternates, both ways, with x-default', () => {
    const expected = [`en ${SITE_URL}/about/`, `de ${SITE_URL}/de/ueber-uns/`, `x-default ${SITE_URL}/about/`]
    expect(hreflangs('/about/')).toEqual(expected)
    expect(hreflangs('/de/ueber-uns/')).toEqual(expected)
    expect(hreflangs('/de/projekte/a/')).toContain(`en ${SITE_URL}/projects/a/`)
    expect(page('/de/ueber-uns/')('nav.language-switcher a').map((_, a) => `${a.attribs.hreflang} ${a.attribs.href}`).get()).toEqual(['en /about/', 'de /de/ueber-uns/'])
    // A page only in German has no other version to offer: no switcher.
    expect(page('/de/impressum/')('nav.language-switcher')).toHaveLength(0)
  })

  it('should keep lists, navigation and the site name’s home link within each language', () => {
    expect(page('/de/projekte/')('a.card').map((_, a) => a.attribs.href).get()).toEqual(['/de/projekte/a/'])
    expect(page('/projects/')('a.card').map((_, a) => a.attribs.href).get()).toEqual(['/projects/a/'])
    expect(page('/de/ueber-uns/')('a.site-name').attr('href')).toBe('/de/')
    expect(page('/de/')('nav.site-nav-wrap .site-nav a').map((_, a) => a.attribs.href).get().every((href) => href.startsWith('/de/'))).toBe(true)
  })

  it('should re-render, for a webhook, the changed story and its versions in the other folders, nothing else', async () => {
    const stored = cms.space.stories.find((story) => story.id === 12)!
    stored.content.title = 'Über uns, neu'
    cms.space.version++
    const again = await runBuild(['--out', out, '--work-dir', work, '--changed', '12'], env())
    expect(again.code, again.stderr).toBe(0)
    // The German page, and the English version whose hreflang links name it.
    expect(again.stdout).toMatch(/incremental \(refetched 1 story by id, 1 changed\); 2 routes rendered/)
    expect(page('/de/ueber-uns/')('h1').text()).toBe('Über uns, neu')
  })

  it('should follow a version that moved: its versions link to the new route, its old one redirects', async () => {
    const stored = cms.space.stories.find((story) => story.id === 12)!
    Object.assign(stored, { slug: 'wir', full_slug: 'de/wir' })
    cms.space.version++
    const again = await runBuild(['--out', out, '--work-dir', work, '--changed', '12'], env())
    expect(again.code, again.stderr).toBe(0)
    expect(again.stdout).toMatch(/incremental \(refetched 1 story by id/)
    expect(hreflangs('/about/')).toContain(`de ${SITE_URL}/de/wir/`)
    expect(existsSync(join(out, 'de/ueber-uns/index.html'))).toBe(false)
    expect(readFileSync(join(out, '_redirects'), 'utf8')).toMatch(/^\/de\/ueber-uns\/ \/de\/wir\/ 301$/m)
  })

  it('should show an editor’s draft at the page’s route, its links where the build placed them', () => {
    const published = JSON.parse(readFileSync(join(out, 'about/_payload.json'), 'utf8')) as RoutePayload
    const link = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A', marks: [{ type: 'link', attrs: { linktype: 'story', uuid: 'uuid-4' } }] }] }] }
    const draft = { ...stories[1]!, content: { _uid: 'd', component: 'page', title: 'About us, a draft', body: [{ _uid: 'b', component: 'article-block', text: link }] } } as Story
    const payload = draftPayload({ ...published, links: { 'uuid-4': '/projects/a/' } }, draft, [{ uuid: 'uuid-4', full_slug: 'en/projects/a' }])
    expect(payload.route).toBe('/about/')
    expect(payload.links).toEqual({ 'uuid-4': '/projects/a/' })
  })

  it('should stop the build when a listed language has no folder, naming it', async () => {
    const failed = await runBuild(['--out', join(tempDir('languages-folder-bad'), 'dist'), '--work-dir', workDir('languages-folder-bad')], env({ STORYBLOK_LANGUAGES: 'de,fr' }))
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain('has no top-level folder "fr/"')
  })
})
