import { describe, expect, it } from 'vitest'
import { blockName } from '../cms/content-model.ts'
import { currentItem, navigation } from '../pages/navigation.ts'
import { isValidSlug, routeOf, routeTable, slugOf } from '../pages/routes.ts'
import { storyOf } from './helpers/space.ts'

describe('routes', () => {
  it('should serve home and the root start page at /', () => {
    expect(routeOf({ full_slug: 'home' })).toBe('/')
    expect(routeOf({ full_slug: '' })).toBe('/')
  })

  it('should serve folder start pages at the folder path and stories below it', () => {
    expect(routeOf({ full_slug: 'blog/' })).toBe('/blog/')
    expect(routeOf({ full_slug: 'blog/2025/post' })).toBe('/blog/2025/post/')
  })

  it('should capture several segments as one slug', () => {
    expect(slugOf('/blog/2025/post/')).toBe('blog/2025/post')
    expect(slugOf('/')).toBe('')
  })

  it('should reject slugs no Storyblok story could have', () => {
    expect(isValidSlug('blog/2025/post')).toBe(true)
    expect(isValidSlug('blog/../etc')).toBe(false)
    expect(isValidSlug('a b')).toBe(false)
    expect(isValidSlug('<script>')).toBe(false)
  })

  it('should refuse two stories on one route', () => {
    expect(() => routeTable([{ full_slug: 'home' }, { full_slug: '' }])).toThrow(/would both be served at \//)
  })

  it('should accept kebab, Pascal and snake case block names', () => {
    expect(blockName('AllProjects')).toBe('all-projects')
    expect(blockName('all_projects')).toBe('all-projects')
    expect(blockName('ArticleBlock')).toBe('article-block')
    expect(blockName('teaser')).toBe('teaser')
  })
})

describe('navigation', () => {
  it('should list top-level stories and folder start pages in position order', () => {
    const stories = [
      storyOf(1, 'about', { component: 'page' }, { name: 'About', position: 2 }),
      storyOf(2, 'home', { component: 'page' }, { name: 'Home', position: 0 }),
      storyOf(3, 'blog/', { component: 'page' }, { name: 'Journal', position: 1, is_startpage: true }),
      storyOf(4, 'blog/post', { component: 'article' }, { name: 'Post', position: -5 }),
    ]
    expect(navigation(stories)).toEqual([
      { label: 'Home', route: '/' },
      { label: 'Journal', route: '/blog/' },
      { label: 'About', route: '/about/' },
    ])
  })

  it('should mark the item a page is, or the deepest section it is under, never the home', () => {
    const items = [
      { label: 'Home', route: '/' },
      { label: 'Journal', route: '/blog/' },
      { label: 'Year', route: '/blog/2025/' },
      { label: 'Site', route: 'https://example.org/blog/' },
    ]
    expect(currentItem(items, '/blog/')).toEqual({ route: '/blog/', current: 'page' })
    expect(currentItem(items, '/blog/2024/post/')).toEqual({ route: '/blog/', current: 'true' })
    expect(currentItem(items, '/blog/2025/post/')).toEqual({ route: '/blog/2025/', current: 'true' })
    expect(currentItem(items, '/about/')).toBeUndefined()
    expect(currentItem([{ label: 'Start', route: '/de/' }], '/de/about/', '/de/')).toBeUndefined()
    expect(currentItem(items, undefined)).toBeUndefined()
  })
})
