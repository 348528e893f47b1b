/** The crawl boundary's check of a story's shape (cms/story-shape.ts). */
import { describe, expect, it } from 'vitest'
import { checkStory, StoryShapeError } from '../cms/story-shape.ts'

const good = { id: 7, uuid: 'u-7', name: 'About', slug: 'about', full_slug: 'about', first_published_at: '2025-01-02T00:00:00.000Z', content: { _uid: 'b', component: 'page' } }

describe('checkStory', () => {
  it('should pass a well-formed story through without warnings', () => {
    expect(checkStory(good)).toEqual({ story: good, warnings: [] })
  })

  it('should render missing content as an empty page and name the story', () => {
    const { story, warnings } = checkStory({ ...good, content: null })
    expect(story.content).toEqual({ _uid: 'u-7', component: 'page' })
    expect(warnings).toEqual(['Story "about" (id 7): it has no content; it renders as an empty page.'])
  })

  it('should render a root block without component as a page, keeping its fields', () => {
    const { story, warnings } = checkStory({ ...good, content: { title: 'T', body: [] } })
    expect(story.content).toEqual({ _uid: 'u-7', component: 'page', title: 'T', body: [] })
    expect(warnings[0]).toContain('its content has no component')
  })

  it('should read a numeric full_slug as text and a non-date first_published_at as none', () => {
    const { story, warnings } = checkStory({ ...good, full_slug: 2024, first_published_at: 1735689600000 })
    expect(story.full_slug).toBe('2024')
    expect(story.first_published_at).toBeNull()
    expect(warnings).toEqual([expect.stringContaining('full_slug is a number'), expect.stringContaining('first_published_at is not a date')])
  })

  it('should fall back to the slug for a missing name and drop a non-numeric position', () => {
    const { story } = checkStory({ ...good, name: undefined, position: 'first' })
    expect(story.name).toBe('about')
    expect(story).not.toHaveProperty('position')
  })

  it('should say why a story with a bad slug is left out, with the repaired story for the editor', () => {
    const checked = checkStory({ ...good, full_slug: 'a//b' })
    expect(checked.skipped).toBe('Story "a//b" (id 7): its full_slug has an empty path segment (//); the story is left out of the site.')
    expect(checked.story.uuid).toBe('u-7')
  })

  it('should fail, naming the story, when it cannot be identified', () => {
    expect(() => checkStory({ ...good, uuid: '' })).toThrow(new StoryShapeError('Story "about" (id 7): uuid is missing'))
    expect(() => checkStory({ ...good, id: 'x' })).toThrow(/^Story "about" \(id x\): id is missing or not a number/)
    expect(() => checkStory({ ...good, full_slug: null })).toThrow(/^Story "\(no full_slug\)" \(id 7\): full_slug is missing/)
    expect(() => checkStory(null)).toThrow(/A story in the CMS answer is null/)
  })
})
