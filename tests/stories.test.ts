import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { storiesInMemory, summarize } from '../pages/stories.ts'
import { isKept, KEPT_STORY_BYTES, SpilledStories, spilledStoryReader } from '../scripts/engine/content/story-store.ts'
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

  it('should write stories in batches, so that a reader in another thread finds every one at its location', () => {
    const spilled = new SpilledStories(join(tempDir('spill'), 'stories.jsonl'))
    // A story that takes the whole kept budget: the others are read back from the file.
    const empty = { ...stories[0]!, uuid: 'filler', content: { ...stories[0]!.content, text: '' } }
    spilled.add({ ...empty, content: { ...empty.content, text: 'x'.repeat(KEPT_STORY_BYTES - JSON.stringify(empty).length - 10) } })
    // More stories than one write takes (and more bytes than it gathers).
    const many = projectSpace(1500, 0).stories
    for (const story of many) spilled.add(story)
    // Only the filler is kept as an object (the render's order spreads such stories: scripts/engine/render/order.ts).
    expect(isKept(spilled.locate('filler'))).toBe(true)
    expect(many.some((story) => isKept(spilled.locate(story.uuid)))).toBe(false)
    const reader = spilledStoryReader()
    for (const story of [...many].reverse()) {
      const read = reader.read(spilled.locate(story.uuid))
      expect(read).not.toBe(story)
      expect(read).toEqual(story)
    }
    reader.close()
    spilled.dispose()
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

  it('should admit a story again when read back, and keep its digest through compaction', () => {
    const dir = tempDir('spill')
    const spilled = new SpilledStories(join(dir, 'stories.jsonl'))
    const story = stories[0]!
    expect(spilled.add(story)).toBe(true)
    expect(spilled.digestOf(story.uuid)).toBe(createHash('sha1').update(JSON.stringify(story)).digest('hex'))
    // The same story again is no change.
    expect(spilled.add(story)).toBe(false)
    const reader = spilledStoryReader()
    expect(reader.read(spilled.locate(story.uuid))).toBe(story) // the kept object first
    expect(reader.read(spilled.locate(story.uuid))).toEqual(story)
    reader.close()
    const compact = spilled.compactTo(join(dir, 'compact.jsonl'))
    expect(compact.digestOf(story.uuid)).toBe(spilled.digestOf(story.uuid))
    expect(compact.load(story.uuid)).toEqual(story)
    compact.dispose()
    spilled.dispose()
  })

  it('should count its changes, so that an index taken at one count is known to describe the file', () => {
    const spilled = new SpilledStories(join(tempDir('spill'), 'stories.jsonl'))
    const revisions = [spilled.revision]
    spilled.add(stories[0]!)
    revisions.push(spilled.revision)
    // The same bytes again change nothing.
    spilled.add(stories[0]!)
    revisions.push(spilled.revision)
    spilled.add({ ...stories[0]!, name: 'Renamed' })
    revisions.push(spilled.revision)
    spilled.remove(stories[0]!.uuid)
    revisions.push(spilled.revision)
    expect(revisions).toEqual([0, 1, 1, 2, 3])
    spilled.dispose()
  })

  it('should hand a story out once as the object the crawl added, then read it back from the file', () => {
    const spilled = new SpilledStories(join(tempDir('spill'), 'stories.jsonl'))
    for (const story of stories) spilled.add(story)
    const reader = spilledStoryReader()
    const location = spilled.locate('uuid-3')
    expect(reader.read(location)).toBe(stories[2])
    const again = reader.read(location)
    expect(again).not.toBe(stories[2])
    expect(again).toEqual(stories[2])
    // load() takes the kept object too (compaction and the folder split hand it on).
    expect(spilled.load('uuid-4')).toBe(stories[3])
    expect(spilled.load('uuid-4')).not.toBe(stories[3])
    reader.close()
    spilled.close()
  })

  it('should keep a replaced or removed story, or one past the byte budget, no longer', () => {
    const dir = tempDir('spill')
    const spilled = new SpilledStories(join(dir, 'stories.jsonl'))
    for (const story of stories) spilled.add(story)
    const renamed = { ...stories[0]!, name: 'Renamed' }
    spilled.add(renamed)
    const before = spilled.index().entries['uuid-2']!
    spilled.remove('uuid-2')
    const reader = spilledStoryReader()
    expect(reader.read(spilled.locate('uuid-1'))).toBe(renamed)
    // The removed story's bytes are still in the file, but its object is gone.
    const removed = reader.read({ file: spilled.path, ...before })
    expect(removed).not.toBe(stories[1])
    expect(removed).toEqual(stories[1])

    const huge = { ...stories[4]!, uuid: 'uuid-huge', content: { ...stories[4]!.content, body: 'x'.repeat(KEPT_STORY_BYTES) } }
    spilled.add(huge)
    expect(reader.read(spilled.locate('uuid-huge'))).not.toBe(huge)
    reader.close()
    spilled.close()
  })

  it('should forget the kept stories of a file that is closed, or made anew under the same name', () => {
    const file = join(tempDir('spill'), 'stories.jsonl')
    const first = new SpilledStories(file)
    for (const story of stories) first.add(story)
    const location = first.locate('uuid-5')
    first.close()
    const reader = spilledStoryReader()
    expect(reader.read(location)).not.toBe(stories[4])

    const before = new SpilledStories(file)
    before.add(stories[0]!)
    // The same name made anew (a build's file is new every time, a test's may not be): what was
    // kept for its offsets must not answer any more (the story is read from the file, a copy).
    const again = new SpilledStories(file)
    expect(reader.read(before.locate('uuid-1'))).not.toBe(stories[0])
    again.add(stories[1]!)
    expect(reader.read(again.locate('uuid-2'))).toBe(stories[1])
    reader.close()
    before.close()
    again.close()
  })

  it('should summarize a story as its route fields and card', () => {
    const summary = summarize(stories[0]!)
    expect(summary).toMatchObject({ uuid: 'uuid-1', full_slug: 'projects/p1', component: 'project' })
    expect(summary.card.content).toEqual({ _uid: 'blok-1', component: 'project', title: 'Project 1' })
    expect(storiesInMemory(stories).load('uuid-2')).toBe(stories[1])
  })
})
