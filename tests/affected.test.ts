import { describe, expect, it } from 'vitest'
import { affectedRoutes, type RouteDependencies } from '../pages/affected.ts'
import { ALL_STORIES } from '../pages/payload.ts'
import { siteOf } from '../pages/site.ts'
import { storiesInMemory } from '../pages/stories.ts'
import type { StoredStory } from '../cms/api/space.ts'
import { storyOf } from './helpers/space.ts'

const info = { name: 'Test' }
const base = (): StoredStory[] => [
  storyOf(1, 'home', { component: 'page' }, { is_startpage: false }),
  storyOf(2, 'projects/a', { component: 'project', title: 'A', related: ['uuid-3'] }),
  storyOf(3, 'projects/b', { component: 'project', title: 'B' }),
  storyOf(4, 'blog/post', { component: 'article', title: 'Post' }),
  storyOf(5, 'work', { component: 'page', body: [{ _uid: 'l', component: 'all-projects' }] }),
]
const site = (stories: StoredStory[]) => siteOf(storiesInMemory(stories), info)
const dependencies = (): Map<string, RouteDependencies> =>
  new Map([
    ['/', { uuid: 'uuid-1', dependsOn: ['uuid-4'], listsShown: {} }],
    ['/projects/a/', { uuid: 'uuid-2', dependsOn: ['uuid-3'], listsShown: {} }],
    ['/projects/b/', { uuid: 'uuid-3', dependsOn: [], listsShown: {} }],
    ['/blog/post/', { uuid: 'uuid-4', dependsOn: [], listsShown: {} }],
    ['/work/', { uuid: 'uuid-5', dependsOn: [], listsShown: { project: { from: 0, to: ALL_STORIES } } }],
  ])

describe('affected routes', () => {
  it('should render a changed story and the pages showing it, not the others', () => {
    const before = base()
    const after = base()
    after[3]!.content.body = [{ _uid: 'x', component: 'article-block' }]
    expect(affectedRoutes({ routes: dependencies(), site: site(before) }, site(after), new Set(['uuid-4']))).toEqual({ render: ['/blog/post/', '/'], removed: [] })
  })

  it('should render every project list when a project card changes', () => {
    const after = base()
    after[2]!.content.title = 'B, renamed'
    const { render } = affectedRoutes({ routes: dependencies(), site: site(base()) }, site(after), new Set(['uuid-3']))
    expect(render.sort()).toEqual(['/projects/a/', '/projects/b/', '/work/'])
  })

  it('should render a limited project list only when one of the projects it shows changed', () => {
    const routes = dependencies()
    routes.set('/work/', { uuid: 'uuid-5', dependsOn: [], listsShown: { project: { from: 0, to: 1 } } })
    // Newest first: b (id 3) is listed before a (id 2); a change to a is past the limit of one.
    const after = base()
    after[1]!.content.title = 'A, renamed'
    expect(affectedRoutes({ routes, site: site(base()) }, site(after), new Set(['uuid-2'])).render).toEqual(['/projects/a/'])
    const first = base()
    first[2]!.content.title = 'B, renamed'
    expect(affectedRoutes({ routes, site: site(base()) }, site(first), new Set(['uuid-3'])).render).toContain('/work/')
  })

  it('should render only the page of a long list that shows an edited card, and every page after a new one', () => {
    // Sixty projects, newest first (project i was published on minute i), in pages of 24:
    // positions 0-23 on /work/, 24-47 on page 2, 48-59 on page 3, each also depending on the entry after it.
    const projects = (extra: StoredStory[] = []) => [
      ...Array.from({ length: 60 }, (_, i) => storyOf(100 + i, `projects/p${i}`, { component: 'project', title: `P${i}` }, { first_published_at: `2025-01-01T00:${String(i).padStart(2, '0')}:00.000Z` })),
      storyOf(5, 'work', { component: 'page', body: [{ _uid: 'l', component: 'all-projects' }] }),
      ...extra,
    ]
    const pages = new Map<string, RouteDependencies>([
      ['/work/', { uuid: 'uuid-5', dependsOn: [], listsShown: { project: { from: 0, to: 25 } } }],
      ['/work/page/2/', { uuid: 'uuid-5', dependsOn: [], listsShown: { project: { from: 24, to: 49 } } }],
      ['/work/page/3/', { uuid: 'uuid-5', dependsOn: [], listsShown: { project: { from: 48, to: 73 } } }],
    ])
    const lists = (render: string[]) => render.filter((route) => route.startsWith('/work/'))
    const edited = projects()
    edited[29]!.content.title = 'P29, renamed' // position 30: page 2 only
    expect(lists(affectedRoutes({ routes: pages, site: site(projects()) }, site(edited), new Set(['uuid-129'])).render)).toEqual(['/work/page/2/'])
    const oldest = projects()
    oldest[0]!.content.title = 'P0, renamed' // position 59, the last: page 3 only
    expect(lists(affectedRoutes({ routes: pages, site: site(projects()) }, site(oldest), new Set(['uuid-100'])).render)).toEqual(['/work/page/3/'])
    const added = projects([storyOf(300, 'projects/new', { component: 'project', title: 'New' }, { first_published_at: '2026-01-01T00:00:00.000Z' })])
    expect(lists(affectedRoutes({ routes: pages, site: site(projects()) }, site(added), new Set(['uuid-300'])).render)).toEqual(['/work/', '/work/page/2/', '/work/page/3/'])
  })

  it('should remove the route of a story that went away and render the pages that pointed at it', () => {
    const after = base().filter((story) => story.id !== 3)
    expect(affectedRoutes({ routes: dependencies(), site: site(base()) }, site(after), new Set(['uuid-3']))).toEqual({
      render: ['/projects/a/', '/work/'],
      removed: ['/projects/b/'],
    })
  })

  it('should move a route: the old one removed, the new one rendered', () => {
    const after = base()
    after[3]!.full_slug = 'blog/2025/post'
    const result = affectedRoutes({ routes: dependencies(), site: site(base()) }, site(after), new Set(['uuid-4']))
    expect(result.removed).toEqual(['/blog/post/'])
    expect(result.render).toEqual(expect.arrayContaining(['/blog/2025/post/', '/']))
  })

  it('should render everything when the navigation changes', () => {
    const after = base()
    after[4]!.name = 'Our work'
    const result = affectedRoutes({ routes: dependencies(), site: site(base()) }, site(after), new Set(['uuid-5']))
    expect(result.everything).toBe('the navigation changed')
    expect(result.render).toHaveLength(5)
  })

  it('should render the pages below a folder start page that was renamed, and nothing else', () => {
    const stories = () => [...base(), storyOf(6, 'blog/2025/', { component: 'page' }, { is_startpage: true, name: '2025' }), storyOf(7, 'blog/2025/later', { component: 'article' })]
    const routes = new Map([...dependencies(), ['/blog/2025/', { uuid: 'uuid-6', dependsOn: [], listsShown: {} }], ['/blog/2025/later/', { uuid: 'uuid-7', dependsOn: [], listsShown: {} }]])
    const after = stories()
    after[5]!.name = 'The year 2025'
    expect(affectedRoutes({ routes, site: site(stories()) }, site(after), new Set(['uuid-6']))).toEqual({ render: ['/blog/2025/', '/blog/2025/later/'], removed: [] })
  })

  it('should render the article lists for a new article, not the project lists', () => {
    const stories = () => [...base(), storyOf(6, 'journal', { component: 'page', body: [{ _uid: 'j', component: 'all-articles' }] })]
    const routes = new Map([...dependencies(), ['/journal/', { uuid: 'uuid-6', dependsOn: [], listsShown: { article: { from: 0, to: ALL_STORIES } } }]])
    const after = [...stories(), storyOf(7, 'blog/new', { component: 'article', title: 'New' }, { first_published_at: '2030-01-01T00:00:00.000Z' })]
    const result = affectedRoutes({ routes, site: site(stories()) }, site(after), new Set(['uuid-7']))
    expect(result.render).toEqual(['/blog/new/', '/journal/'])
  })
})
