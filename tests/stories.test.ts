import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { storiesInMemory, summarize } from '../pages/stories.ts'
import { SpilledStories } from '../scripts/story-file.ts'
import { tempDir } from './helpers/build.ts'
import { projectSpace } from './helpers/space.ts'

describe('story sources', () => {
  const stories = projectSpace(20, 2).stories

  it('should give back every spilled story exactly, and delete its file when disposed', () => {
    const file = join(tempDir('spill'), 'nested', 'stories.json')
    const spilled = new SpilledStories(file)
    for (const story of stories) spilled.add(story)
    expect(spilled.summaries()).toEqual(stories.map(summarize))
    for (const story of [...stories].reverse()) expect(spilled.load(story.uuid)).toEqual(story)
    expect(() => spilled.load('nope')).toThrow(/Story nope was not crawled/)
    spilled.dispose()
    expect(existsSync(file)).toBe(false)
  })

  it('should reopen a spilled file from its index, replace and remove stories, and compact the leftovers away', () => {
    const dir = tempDir('spill')
    const spilled = new SpilledStories(join(dir, 'stories.jsonl'))
    for (const story of stories) spilled.add(story)
    expect(spilled.add(stories[0]!)).toBe(false) // the same bytes: nothing written
    const index = spilled.index()
    spilled.close()

    const reopened = SpilledStories.reopen(index)
    const changed = { ...stories[0]!, name: 'Renamed' }
    expect(reopened.add(changed)).toBe(true)
    expect(reopened.remove('uuid-2')).toBe(true)
    expect(reopened.remove('uuid-2')).toBe(false)
    expect(reopened.load('uuid-1').name).toBe('Renamed')
    expect(reopened.has('uuid-2')).toBe(false)
    expect(reopened.summaries()).toHaveLength(stories.length - 1)
    expect(reopened.garbage).toBeGreaterThan(0)
    // The old index still reads what it pointed at: a failed build leaves the cache usable.
    expect(SpilledStories.reopen(index).load('uuid-1').name).toBe(stories[0]!.name)

    const compact = reopened.compactTo(join(dir, 'compact.jsonl'))
    expect(compact.garbage).toBe(0)
    expect(compact.load('uuid-1').name).toBe('Renamed')
    expect(compact.summaries().map((summary) => summary.uuid).sort()).toEqual(reopened.summaries().map((summary) => summary.uuid).sort())
    expect(() => SpilledStories.reopen({ ...index, end: index.end + 1_000_000 })).toThrow(/missing or shorter than its index/)
  })

  it('should summarize a story as its route fields and card', () => {
    const summary = summarize(stories[0]!)
    expect(summary).toMatchObject({ uuid: 'uuid-1', full_slug: 'projects/p1', component: 'project' })
    expect(summary.card.content).toEqual({ _uid: 'blok-1', component: 'project', title: 'Project 1' })
    expect(storiesInMemory(stories).load('uuid-2')).toBe(stories[1])
  })
})
