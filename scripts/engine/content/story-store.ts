// Over 250 lines: the story file's writer and readers share its layout and the objects kept beside it.
/**
 * The build's story file: stories appended as the crawl delivers them, read back by offset (by the
 * render workers too), with a digest per story to tell a changed story from an unchanged one. A
 * story is admitted again when it is read (cms/story-shape.ts, readmitStory). The
 * build cache (scripts/engine/cache/cache.ts) keeps its index, so an incremental build reopens it and appends the
 * stories a webhook changed. Memory holds the summaries (pages/stories.ts), and the first stories
 * as objects until the render takes them (KEPT_STORY_BYTES).
 */
import { closeSync, existsSync, mkdirSync, openSync, readSync, rmSync, statSync, writevSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Story } from '../../../cms/content-model.ts'
import { readmitStory } from '../../../cms/story-shape.ts'
import { summarize, type StorySource, type StorySummary } from '../../../pages/stories.ts'
import { digestOf } from '../files/output.ts'

/** A new story file's path in the build cache: one per language (`code` undefined: the default), unique per build. */
export function storyFilePath(cacheDir: string, code?: string): string {
  return join(cacheDir, `stories-${code ? `${code}-` : ''}${Date.now()}-${process.pid}.jsonl`)
}

export interface StoryLocation {
  file: string
  at: number
  length: number
}

function bytesAt(fd: number, { at, length }: StoryLocation): Buffer {
  const bytes = Buffer.alloc(length)
  readSync(fd, bytes, 0, length, at)
  return bytes
}

/** A story from its bytes in the file, which holds it as the CMS sent it: admitted again (cms/story-shape.ts). */
function storyOf(bytes: Buffer): Story {
  return readmitStory(JSON.parse(bytes.toString('utf8')))
}

function readStoryAt(fd: number, location: StoryLocation): Story {
  return storyOf(bytesAt(fd, location))
}

/**
 * How many bytes of stories (as their JSON) a thread keeps as the objects the crawl made, so that
 * the payload stage need not read and parse them back (about a tenth of the render's CPU at 5,000
 * stories). Objects take about 2.5 times their JSON, so this is at most about 100 MB of heap,
 * within the memory bound; stories past it are read back from the file.
 */
export const KEPT_STORY_BYTES = 40 * 1024 * 1024

/** How many bytes of stories a story file gathers before it writes them (SpilledStories). */
const PENDING_BYTES = 256 * 1024

/**
 * Stories kept as objects, by file and offset, and the bytes of JSON they stand for. Module state,
 * so per thread: a render worker's is empty and it always reads the file. A kept story is handed
 * out once (a story is rendered once; a later read, e.g. a long list's next page, parses it again),
 * and is not changed by its readers (pages/payload.ts makes copies).
 */
const kept = new Map<string, Map<number, { story: Story; length: number }>>()
let keptBytes = 0

function keep(file: string, at: number, length: number, story: Story): void {
  if (keptBytes + length > KEPT_STORY_BYTES) return
  let ofFile = kept.get(file)
  if (!ofFile) kept.set(file, (ofFile = new Map()))
  ofFile.set(at, { story, length })
  keptBytes += length
}

/** The kept object of the story at `location`, forgotten as it is handed out. */
function takeKept({ file, at }: StoryLocation): Story | undefined {
  const ofFile = kept.get(file)
  const entry = ofFile?.get(at)
  if (!entry) return undefined
  ofFile!.delete(at)
  keptBytes -= entry.length
  return entry.story
}

/** Whether the story at `location` is kept as an object in this thread (its payload costs no parse). */
export function isKept({ file, at }: StoryLocation): boolean {
  return kept.get(file)?.has(at) ?? false
}

function forgetKept(file: string): void {
  for (const { length } of kept.get(file)?.values() ?? []) keptBytes -= length
  kept.delete(file)
}

/** Reads spilled stories by location (in a render worker, or in the render pool), keeping each file open until closed. */
export function spilledStoryReader(): { read(location: StoryLocation): Story; close(): void } {
  const open = new Map<string, number>()
  return {
    read(location) {
      const story = takeKept(location)
      if (story) return story
      let fd = open.get(location.file)
      if (fd === undefined) open.set(location.file, (fd = openSync(location.file, 'r')))
      return readStoryAt(fd, location)
    },
    close() {
      for (const fd of open.values()) closeSync(fd)
      open.clear()
    },
  }
}

/** Where each spilled story sits, and a digest of its bytes to tell a changed story from an unchanged one. */
export interface SpilledEntry extends StoryLocation {
  digest: string
}

/** What the build cache keeps of a story file to open it again (scripts/engine/cache/cache.ts). */
export interface SpilledIndex {
  file: string
  end: number
  entries: Record<string, Omit<SpilledEntry, 'file'>>
  summaries: StorySummary[]
}

/**
 * Stories appended to one file as they arrive (the crawl's sink), read back by offset. A story
 * added again (an incremental build refetched it) is appended and its old bytes left behind, so
 * that readers of the previous index still find what they expect until the new index is saved.
 */
export class SpilledStories implements StorySource {
  private readonly fd: number
  private readonly entries = new Map<string, Omit<SpilledEntry, 'file'>>()
  private readonly byUuid = new Map<string, StorySummary>()
  /** Where the next story goes: the file's length once `pending` is written. */
  private end = 0
  /**
   * Stories added but not yet written, from `end - pendingBytes` on: written in one call per
   * PENDING_BYTES (libuv splits a call of more than IOV_MAX buffers), and before anything reads
   * the file, not one call per story, which cost a 5,000-story crawl 5,000 system calls and
   * 20-40 ms more of kernel time on ext4.
   */
  private pending: Buffer[] = []
  private pendingBytes = 0
  /** Counts the changes (stories added, replaced, removed): an index taken at one count describes the file while it stays. */
  private changes = 0

  /** A new, empty spill file (`reopen` continues an existing one). */
  constructor(
    private readonly file: string,
    reopened?: SpilledIndex,
  ) {
    mkdirSync(dirname(file), { recursive: true })
    this.fd = openSync(file, reopened ? 'r+' : 'w+')
    // A new file's offsets mean new stories: nothing kept from a file of the same name may answer for them.
    if (!reopened) {
      forgetKept(file)
      return
    }
    this.end = reopened.end
    for (const [uuid, entry] of Object.entries(reopened.entries)) this.entries.set(uuid, entry)
    for (const summary of reopened.summaries) this.byUuid.set(summary.uuid, summary)
  }

  /** Opens a spill file described by a saved index, to add and remove stories. */
  static reopen(index: SpilledIndex): SpilledStories {
    if (!existsSync(index.file) || statSync(index.file).size < index.end) throw new Error(`The story file ${index.file} is missing or shorter than its index.`)
    return new SpilledStories(index.file, index)
  }

  /** Adds (or replaces) a story; true when its bytes differ from what was there. */
  add(story: Story): boolean {
    return this.addBytes(story, Buffer.from(JSON.stringify(story)))
  }

  private addBytes(story: Story, bytes: Buffer): boolean {
    const digest = digestOf(bytes)
    if (this.entries.get(story.uuid)?.digest === digest) return false
    this.pending.push(bytes)
    this.pendingBytes += bytes.length
    const replaced = this.entries.get(story.uuid)
    if (replaced) takeKept({ file: this.file, ...replaced })
    keep(this.file, this.end, bytes.length, story)
    this.entries.set(story.uuid, { at: this.end, length: bytes.length, digest })
    this.end += bytes.length
    this.changes++
    this.byUuid.set(story.uuid, summarize(story))
    if (this.pendingBytes >= PENDING_BYTES) this.flush()
    return true
  }

  /** Writes the stories added since the last write: before the file is read, by offset, here or elsewhere. */
  private flush(): void {
    if (!this.pendingBytes) return
    writevSync(this.fd, this.pending, this.end - this.pendingBytes)
    this.pending = []
    this.pendingBytes = 0
  }

  /** Forgets a story (unpublished or deleted); true when it was there. */
  remove(uuid: string): boolean {
    this.changes++
    this.byUuid.delete(uuid)
    const entry = this.entries.get(uuid)
    if (entry) takeKept({ file: this.file, ...entry })
    return this.entries.delete(uuid)
  }

  has(uuid: string): boolean {
    return this.entries.has(uuid)
  }

  /** The digest of a story's bytes, to compare two crawls. */
  digestOf(uuid: string): string | undefined {
    return this.entries.get(uuid)?.digest
  }

  summaries(): StorySummary[] {
    return [...this.byUuid.values()]
  }

  /** Where a story sits in the file, for readers in other threads (see spilledStoryReader). */
  locate(uuid: string): StoryLocation {
    this.flush()
    const where = this.entries.get(uuid)
    if (!where) throw new Error(`Story ${uuid} was not crawled.`)
    return { file: this.file, at: where.at, length: where.length }
  }

  /** The story, as a kept object if there is one (handed over: the caller owns it now), else read back. */
  load(uuid: string): Story {
    const location = this.locate(uuid)
    return takeKept(location) ?? readStoryAt(this.fd, location)
  }

  /** The spill file. */
  get path(): string {
    return this.file
  }

  /** Changes so far (see `changes`): equal counts, the same index. */
  get revision(): number {
    return this.changes
  }

  /** Bytes in the file, live and replaced. */
  get size(): number {
    return this.end
  }

  /** Bytes in the file that no story points at any more (replaced or removed stories). */
  get garbage(): number {
    let live = 0
    for (const { length } of this.entries.values()) live += length
    return this.end - live
  }

  /** A copy without the bytes of replaced and removed stories, in a new file. */
  compactTo(file: string): SpilledStories {
    const compact = new SpilledStories(file)
    for (const uuid of this.byUuid.keys()) {
      // The kept bytes, not the story serialized again: its digest stays the same.
      const location = this.locate(uuid)
      const bytes = bytesAt(this.fd, location)
      compact.addBytes(takeKept(location) ?? storyOf(bytes), bytes)
    }
    return compact
  }

  /** Everything needed to open the file again in a later build. */
  index(): SpilledIndex {
    this.flush()
    return { file: this.file, end: this.end, entries: Object.fromEntries(this.entries), summaries: this.summaries() }
  }

  private closed = false

  close(): void {
    if (this.closed) return
    this.closed = true
    this.flush()
    forgetKept(this.file)
    closeSync(this.fd)
  }

  /** Closes and deletes the file. */
  dispose(): void {
    this.close()
    rmSync(this.file, { force: true })
  }
}
