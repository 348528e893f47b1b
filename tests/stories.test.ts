import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SpilledStories, storiesInMemory, summarize } from '../pages/stories.ts'
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

  it('should summarize a story as its route fields and card', () => {
    const summary = summarize(stories[0]!)
    expect(summary).toMatchObject({ uuid: 'uuid-1', full_slug: 'projects/p1', component: 'project' })
    expect(summary.card.content).toEqual({ _uid: 'blok-1', component: 'project', title: 'Project 1' })
    expect(storiesInMemory(stories).load('uuid-2')).toBe(stories[1])
  })
})
