/**
 * Where a site's stories are kept while it is built. Other pages need only a summary of each story
 * (route, navigation fields, card); the full story is needed once, for its own page. So a large
 * build spills stories to a file as the crawl delivers them (SpilledStories) and keeps summaries in
 * memory; small sites and tests keep them in memory (storiesInMemory).
 */
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Story } from '../cms/content-model.ts'
import { toCard, type StoryCard } from './payload.ts'

export interface StorySummary {
  id: number
  uuid: string
  name: string
  full_slug: string
  position?: number
  is_startpage?: boolean
  first_published_at?: string | null
  component: string
  card: StoryCard
}

export interface StorySource {
  summaries(): StorySummary[]
  load(uuid: string): Story
}

export function summarize(story: Story): StorySummary {
  const { id, uuid, name, full_slug, position, is_startpage, first_published_at } = story
  return { id, uuid, name, full_slug, position, is_startpage, first_published_at, component: story.content.component, card: toCard(story) }
}

export function storiesInMemory(stories: Story[]): StorySource {
  const byUuid = new Map(stories.map((story) => [story.uuid, story]))
  return {
    summaries: () => stories.map(summarize),
    load: (uuid) => byUuid.get(uuid)!,
  }
}

export interface StoryLocation {
  file: string
  at: number
  length: number
}

function readStoryAt(fd: number, { at, length }: StoryLocation): Story {
  const bytes = Buffer.alloc(length)
  readSync(fd, bytes, 0, length, at)
  return JSON.parse(bytes.toString('utf8')) as Story
}

/** Reads spilled stories from another thread (a render worker), keeping the file open. */
export function spilledStoryReader(): (location: StoryLocation) => Story {
  const open = new Map<string, number>()
  return (location) => {
    let fd = open.get(location.file)
    if (fd === undefined) open.set(location.file, (fd = openSync(location.file, 'r')))
    return readStoryAt(fd, location)
  }
}

/** Stories appended to one file as they arrive (the crawl's sink), read back by offset. */
export class SpilledStories implements StorySource {
  private readonly fd: number
  private readonly offsets = new Map<string, { at: number; length: number }>()
  private readonly list: StorySummary[] = []
  private end = 0

  constructor(private readonly file: string) {
    mkdirSync(dirname(file), { recursive: true })
    this.fd = openSync(file, 'w+')
  }

  add(story: Story): void {
    const bytes = Buffer.from(JSON.stringify(story))
    writeSync(this.fd, bytes, 0, bytes.length, this.end)
    this.offsets.set(story.uuid, { at: this.end, length: bytes.length })
    this.end += bytes.length
    this.list.push(summarize(story))
  }

  summaries(): StorySummary[] {
    return this.list
  }

  /** Where a story sits in the file, for readers in other threads (see readSpilledStory). */
  locate(uuid: string): StoryLocation {
    const where = this.offsets.get(uuid)
    if (!where) throw new Error(`Story ${uuid} was not crawled.`)
    return { file: this.file, ...where }
  }

  load(uuid: string): Story {
    return readStoryAt(this.fd, this.locate(uuid))
  }

  /** Closes and deletes the file. */
  dispose(): void {
    closeSync(this.fd)
    rmSync(this.file, { force: true })
  }
}
