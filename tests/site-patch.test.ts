/**
 * pages/site-patch.ts: a site patched from the one before a change must equal the site siteOf
 * makes from every story, and the patch must decline every change that moves the site's shape.
 */
import { describe, expect, it } from 'vitest'
import type { StoredStory } from '../cms/api/space.ts'
import { languageSiteOf } from '../pages/languages.ts'
import { siteOf, type Site } from '../pages/site.ts'
import { patchedSite } from '../pages/site-patch.ts'
import { storiesInMemory, type StorySummary } from '../pages/stories.ts'
import { storyOf } from './helpers/space.ts'

const info = { name: 'Test' }

/** A site with a derived navigation, lists of projects and articles (with pages), a folder and a data story. */
function space(): StoredStory[] {
  const projects = Array.from({ length: 30 }, (_, i) => storyOf(100 + i, `work/p${i}`, { component: 'project', title: `P${i}`, teaser: `Teaser ${i}` }))
  const articles = Array.from({ length: 5 }, (_, i) => storyOf(200 + i, `blog/post-${i}`, { component: 'article', title: `Post ${i}` }))
  return [
    storyOf(1, 'home', { component: 'page' }),
    storyOf(2, 'work', { component: 'page', body: [{ _uid: 'a', component: 'all-projects' }] }, { is_startpage: true }),
    storyOf(3, 'about', { component: 'page' }),
    storyOf(4, 'blog/', { component: 'page' }, { is_startpage: true }),
    storyOf(5, 'authors/ada', { component: 'author', name: 'Ada' }),
    ...projects,
    ...articles,
  ]
}

/** Everything a site holds, as plain data (payloads of two routes included). */
function shapeOf(site: Site) {
  const { byUuid, byRoute, lists, notPages } = site.index
  return {
    routes: [...site.routes],
    byUuid: [...byUuid],
    byRoute: [...byRoute],
    lists,
    notPages: [...(notPages ?? [])],
    shell: site.shell,
    warnings: site.warnings,
    payloads: ['/work/', '/work/p3/'].map((route) => site.payloadFor(route)?.payload),
  }
}

const summariesOf = (stories: StoredStory[]) => new Map(storiesInMemory(stories).summaries().map((summary) => [summary.uuid, summary]))
const base = (stories: StoredStory[]) => ({ site: siteOf(storiesInMemory(stories), info), summaries: summariesOf(stories) })

/** The patched site after `edit` of the story with `id`, and the site siteOf makes. */
function patchAfter(id: number, edit: (story: StoredStory) => void) {
  const before = space()
  const after = space()
  edit(after.find((story) => story.id === id)!)
  return { patched: patchedSite(base(before), storiesInMemory(after), new Set([`uuid-${id}`])), whole: siteOf(storiesInMemory(after), info) }
}

describe('patchedSite', () => {
  it("should equal siteOf when a project's card changed", () => {
    const { patched, whole } = patchAfter(107, (story) => ((story.content.title = 'P7, renamed'), (story.name = 'Renamed')))
    expect(patched).toBeDefined()
    expect(shapeOf(patched!)).toEqual(shapeOf(whole))
  })

  it("should equal siteOf when an article's body or a data story changed", () => {
    for (const [id, edit] of [
      [202, (story: StoredStory) => (story.content.body = [{ _uid: 'x', component: 'text', text: 'New' }])],
      [5, (story: StoredStory) => (story.content.name = 'Ada Lovelace')],
    ] as const) {
      const { patched, whole } = patchAfter(id, edit)
      expect(patched, `story ${id}`).toBeDefined()
      expect(shapeOf(patched!)).toEqual(shapeOf(whole))
    }
  })

  it('should decline a change that moves the shape: slug, date, position, type, a top-level name, list counts', () => {
    const edits: [number, (story: StoredStory) => void][] = [
      [107, (story) => (story.full_slug = 'work/p7-moved')],
      [107, (story) => (story.first_published_at = '2030-01-01T00:00:00.000Z')],
      [3, (story) => (story.position = 99)],
      [3, (story) => (story.name = 'About us')],
      [202, (story) => (story.content.component = 'page')],
      [2, (story) => (story.content.body = [{ _uid: 'a', component: 'all-projects', limit: '3' }])],
    ]
    for (const [id, edit] of edits) expect(patchAfter(id, edit).patched, `story ${id}: ${edit}`).toBeUndefined()
  })

  it('should decline a story added or removed', () => {
    const before = space()
    const added = [...space(), storyOf(300, 'work/new', { component: 'project', title: 'New' })]
    expect(patchedSite(base(before), storiesInMemory(added), new Set(['uuid-300']))).toBeUndefined()
    const removed = space().filter((story) => story.id !== 107)
    expect(patchedSite(base(before), storiesInMemory(removed), new Set(['uuid-107']))).toBeUndefined()
  })

  it("should decline, in another language's site, a change to a story it borrows from the default language", () => {
    const german = (stories: StoredStory[]) => stories.filter((story) => story.id !== 107).map((story) => ({ ...story, full_slug: `de/${story.full_slug}` }))
    const defaults = (stories: StoredStory[]): StorySummary[] => storiesInMemory(stories).summaries()
    const before = space()
    const after = space()
    after.find((story) => story.id === 107)!.content.title = 'P7, renamed'
    const previous = { site: languageSiteOf(storiesInMemory(german(before)), info, 'de', defaults(before)), summaries: summariesOf(german(before)) }
    expect(patchedSite(previous, storiesInMemory(german(after)), new Set(['uuid-107']), { fallback: defaults(after), prefix: 'de/' })).toBeUndefined()
  })
})
