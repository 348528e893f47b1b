/**
 * The stories a build renders from, and which of them changed since the cached build:
 * - no usable cache: a full crawl; everything is new;
 * - a cache and `--changed` ids (a webhook): only those stories are refetched, by id, into the
 *   cached story file;
 * - a cache and no ids (`npm run build` in CI): a full crawl compared story by story with the
 *   cache, so only what changed is rendered again.
 * An id that the CMS does not find and the cache does not know (a folder, say) cannot be placed,
 * so that case falls back to the crawl.
 */
import { join } from 'node:path'
import type { CmsClient, SpaceInfo } from '../cms/client.ts'
import { crawl } from '../cms/crawl.ts'
import { REDIRECTS_CHANGE } from '../cms/datasource.ts'
import { refetchStories } from '../cms/refetch.ts'
import { SpilledStories } from './story-file.ts'
import type { CacheState } from './build-cache.ts'

export interface Content {
  stories: SpilledStories
  space: SpaceInfo
  /** Uuids of stories added, changed or removed since the cached build; undefined when there is none. */
  changed?: Set<string>
  /** How the content was obtained, for the summary. */
  how: string
  /** Stories repaired or left out as they arrived (cms/story-shape.ts). */
  warnings: string[]
}

export interface ContentOptions {
  cacheDir: string
  perPage: number
  previous?: CacheState
  changedIds?: number[]
  onProgress?: (fetched: number, total: number) => void
  log: (line: string) => void
}

async function crawlAll(client: CmsClient, { cacheDir, perPage, previous, onProgress }: ContentOptions): Promise<Content> {
  const stories = new SpilledStories(join(cacheDir, `stories-${Date.now()}-${process.pid}.jsonl`))
  try {
    const { space, warnings } = await crawl(client, { perPage, sink: stories, onProgress })
    if (!previous) return { stories, space, warnings, how: 'full crawl' }
    if (previous.space.id !== space.id) return { stories, space, warnings, how: `full crawl: the cache is of space ${previous.space.id}, this is ${space.id}` }
    const changed = new Set<string>()
    const before = previous.stories.entries
    for (const { uuid } of stories.summaries()) if (before[uuid]?.digest !== stories.digestOf(uuid)) changed.add(uuid)
    for (const uuid of Object.keys(before)) if (!stories.has(uuid)) changed.add(uuid)
    return { stories, space, changed, warnings, how: `full crawl, ${changed.size} ${changed.size === 1 ? 'story' : 'stories'} changed` }
  } catch (error) {
    stories.dispose()
    throw error
  }
}

async function refetch(client: CmsClient, previous: CacheState, ids: number[], options: ContentOptions): Promise<Content> {
  const stories = SpilledStories.reopen(previous.stories)
  try {
    // REDIRECTS_CHANGE names no story: the build reads the redirects datasource anyway.
    const storyIds = ids.filter((id) => id !== REDIRECTS_CHANGE)
    const { space, found, missing, warnings } = await refetchStories(client, storyIds)
    if (space.id !== previous.space.id) {
      stories.close()
      return crawlAll(client, { ...options, previous: undefined })
    }
    const uuidById = new Map(stories.summaries().map((summary) => [summary.id, summary.uuid]))
    const unknown = missing.filter((id) => !uuidById.has(id))
    if (unknown.length) {
      options.log(`Story ${unknown.join(', ')} is neither published nor in the build cache (a folder?): crawling the whole space.`)
      stories.close()
      return crawlAll(client, options)
    }
    const changed = new Set<string>()
    for (const story of found.sort((a, b) => a.id - b.id)) if (stories.add(story)) changed.add(story.uuid)
    for (const id of missing) {
      const uuid = uuidById.get(id)!
      if (stories.remove(uuid)) changed.add(uuid)
    }
    return { stories, space, changed, warnings, how: `refetched ${storyIds.length} ${storyIds.length === 1 ? 'story' : 'stories'} by id, ${changed.size} changed` }
  } catch (error) {
    stories.close()
    throw error
  }
}

export function acquireContent(client: CmsClient, options: ContentOptions): Promise<Content> {
  const { previous, changedIds } = options
  if (previous && changedIds?.length) return refetch(client, previous, changedIds, options)
  return crawlAll(client, options)
}
