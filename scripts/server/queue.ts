/**
 * One build at a time. Webhooks add story ids to a pending set, persisted to a file before they are
 * acknowledged, so nothing asked for is lost across a crash or restart. When no build runs, the
 * whole pending set goes into the next build; ids that arrive meanwhile coalesce into a single
 * follow-up build. A failed build leaves its ids pending and is retried with a growing delay.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import writeFileAtomic from 'write-file-atomic'
import { REDIRECTS_CHANGE } from '../../cms/datasource.ts'
import { WHOLE_SPACE } from './webhook.ts'
import { dirname } from 'node:path'

export interface QueuedChange {
  story_id: number
  action: string
  full_slug?: string
  /** When the webhook arrived (ms since epoch). */
  received: number
}

/** A running build: settles when it ends, rejects when it failed. */
export interface BuildRun {
  done: Promise<BuildOutcome>
  cancel(): void
}

/** What a build that succeeded did: the id of the build it made live, none when no page changed. */
export interface BuildOutcome {
  live?: string
}

export interface QueueOptions {
  /** Where the pending set is kept (JSON). */
  file: string
  start: (storyIds: number[]) => BuildRun
  log: (line: string) => void
  /** Delay before the first retry, doubled per failure up to `maxMs`. */
  retry?: { firstMs: number; maxMs: number }
}

export interface LastBuild {
  ok: boolean
  storyIds: number[]
  startedAt: number
  finishedAt: number
  error?: string
  /** The build that went live, when one did. */
  live?: string
}

export interface QueueStatus {
  building: boolean
  /** Story ids of the running build. */
  buildingStories: number[]
  pending: number
  builds: number
  failures: number
  retryAt?: number
  last?: LastBuild
}

const DEFAULT_RETRY = { firstMs: 2_000, maxMs: 5 * 60_000 }

export class BuildQueue {
  private readonly pending = new Map<number, QueuedChange>()
  private running?: { ids: number[]; run: BuildRun; startedAt: number }
  private retryTimer?: NodeJS.Timeout
  private retryAt?: number
  private closed = false
  private failures = 0
  private builds = 0
  private last?: LastBuild
  private readonly listeners = new Set<() => void>()

  constructor(private readonly options: QueueOptions) {
    for (const change of this.load()) this.pending.set(change.story_id, change)
    if (this.pending.size) options.log(`Resuming ${this.pending.size} pending ${this.pending.size === 1 ? 'change' : 'changes'} from ${options.file}.`)
  }

  private load(): QueuedChange[] {
    if (!existsSync(this.options.file)) return []
    try {
      const saved = JSON.parse(readFileSync(this.options.file, 'utf8')) as unknown
      return Array.isArray(saved) ? saved.filter((change): change is QueuedChange => Number.isInteger((change as QueuedChange)?.story_id)) : []
    } catch (error) {
      this.options.log(`Ignoring an unreadable pending-changes file ${this.options.file}: ${(error as Error).message}`)
      return []
    }
  }

  private persist(): void {
    mkdirSync(dirname(this.options.file), { recursive: true })
    // Written whole and flushed to disk before the webhook is answered: a crash loses nothing.
    writeFileAtomic.sync(this.options.file, JSON.stringify([...this.pending.values()]))
  }

  /** Records changes (persisted before this returns) and starts a build when none runs. */
  add(changes: QueuedChange[]): void {
    for (const change of changes) this.pending.set(change.story_id, { ...change })
    this.persist()
    this.kick()
  }

  /** Starts the builds pending from before a restart. */
  resume(): void {
    this.kick()
  }

  private kick(): void {
    if (this.closed || this.running || this.retryTimer || this.pending.size === 0) return
    const taken = new Map(this.pending)
    const ids = [...taken.keys()].sort((a, b) => a - b)
    const startedAt = Date.now()
    this.builds++
    const stories = ids.filter((id) => id > 0)
    const what = [
      ids.includes(WHOLE_SPACE) ? 'the whole space' : '',
      stories.length ? `${stories.length} changed ${stories.length === 1 ? 'story' : 'stories'} (${stories.join(', ')})` : '',
      ids.includes(REDIRECTS_CHANGE) ? 'the redirects' : '',
    ].filter(Boolean).join(' and ')
    this.options.log(`Build ${this.builds} started for ${what}.`)
    const run = this.options.start(ids)
    this.running = { ids, run, startedAt }
    run.done.then(
      ({ live }) => {
        // Only the changes this build covered: one re-sent meanwhile is a new object and stays.
        for (const [id, change] of taken) if (this.pending.get(id) === change) this.pending.delete(id)
        this.persist()
        this.failures = 0
        this.finish({ ok: true, storyIds: ids, startedAt, finishedAt: Date.now(), ...(live ? { live } : {}) })
      },
      (error: Error) => {
        if (this.closed) return this.finish({ ok: false, storyIds: ids, startedAt, finishedAt: Date.now(), error: 'abandoned on shutdown' })
        this.failures++
        const { firstMs, maxMs } = this.options.retry ?? DEFAULT_RETRY
        const delay = Math.min(maxMs, firstMs * 2 ** (this.failures - 1))
        this.options.log(`Build ${this.builds} failed; the live build is unchanged. Retrying in ${Math.round(delay / 1000)} s. Reason: ${error.message}`)
        this.retryAt = Date.now() + delay
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined
          this.retryAt = undefined
          this.kick()
        }, delay)
        this.finish({ ok: false, storyIds: ids, startedAt, finishedAt: Date.now(), error: error.message })
      },
    )
  }

  private finish(last: LastBuild): void {
    this.running = undefined
    this.last = last
    const took = `${((last.finishedAt - last.startedAt) / 1000).toFixed(1)} s`
    if (last.ok) this.options.log(last.live ? `Build ${this.builds} is live as ${last.live} (${took}).` : `Build ${this.builds} changed no page; the live build stays (${took}).`)
    for (const listener of this.listeners) listener()
    this.kick()
  }

  /** Calls `listener` after every build (tests and the health check use the status instead). */
  onSettled(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  status(): QueueStatus {
    return {
      building: Boolean(this.running),
      buildingStories: this.running?.ids ?? [],
      pending: this.pending.size,
      builds: this.builds,
      failures: this.failures,
      ...(this.retryAt ? { retryAt: this.retryAt } : {}),
      ...(this.last ? { last: this.last } : {}),
    }
  }

  /** Stops starting builds and abandons the running one; the pending set stays on disk. */
  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retryTimer)
    const running = this.running
    if (!running) return
    running.run.cancel()
    await running.run.done.catch(() => {})
  }
}
