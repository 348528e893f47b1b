/**
 * The stories a build renders from, and which of them changed since the cached build:
 * - no usable cache: a full crawl; everything is new;
 * - a cache and `--changed` ids (a webhook): only those stories are refetched, by id, into the
 *   cached story file;
 * - a cache and no ids (`npm run build` in CI): a full crawl compared story by story with the
 *   cache, so only what changed is rendered again.
 * An id that the CMS does not find and the cache does not know (a folder, say) cannot be placed,
 * so that case falls back to the crawl. A space's other languages follow the default's way
 * (acquireTranslation), each in a story file of its own.
 */
import type { CmsClient, SpaceInfo } from '../../../cms/client.ts'
import type { Version } from '../../../cms/config.ts'
import type { Story } from '../../../cms/content-model.ts'
import { crawl, crawlLanguage } from '../../../cms/crawl.ts'
import { REDIRECTS_CHANGE } from '../../../cms/datasource.ts'
import { own } from '../../../cms/own.ts'
import { refetchStories } from '../../../cms/refetch.ts'
import { allLinks, changedStoryIds } from '../../../cms/changed-links.ts'
import { localizeStory, publishedIn } from '../../../pages/languages.ts'
import { SpilledStories, storyFilePath, type SpilledIndex } from './story-store.ts'
import type { CacheState } from '../cache/cache.ts'

export interface Content {
  stories: SpilledStories
  space: SpaceInfo
  /** Uuids of stories added, changed or removed since the cached build; undefined when there is none. */
  changed?: Set<string>
  /** The story ids refetched for a webhook; undefined when the space was crawled. */
  refetched?: number[]
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
  /** The content version the build reads (`STORYBLOK_VERSION`): a published one is compared by its links. */
  version: Version
  onProgress?: (fetched: number, total: number) => void
  log: (line: string) => void
}

/** A new story file in the cache, one per language: the build cache keeps it when the build goes live. */
function newStoryFile(cacheDir: string, language?: string): SpilledStories {
  return new SpilledStories(storyFilePath(cacheDir, language))
}

/** The uuids whose bytes differ between a fresh crawl and the cached build's story file, and those gone. */
function changedSince(stories: SpilledStories, before: SpilledIndex): Set<string> {
  const changed = new Set<string>()
  for (const { uuid } of stories.summaries()) if (own(before.entries, uuid)?.digest !== stories.digestOf(uuid)) changed.add(uuid)
  for (const uuid of Object.keys(before.entries)) if (!stories.has(uuid)) changed.add(uuid)
  return changed
}

/** Puts refetched stories into the reopened story file, and forgets the ones no longer published. */
function applyRefetch(stories: SpilledStories, found: Story[], missing: number[]): Set<string> {
  const uuidById = new Map(missing.length ? stories.summaries().map((summary) => [summary.id, summary.uuid]) : [])
  const changed = new Set<string>()
  for (const story of found.sort((a, b) => a.id - b.id)) if (stories.add(story)) changed.add(story.uuid)
  for (const id of missing) {
    const uuid = uuidById.get(id)
    if (uuid && stories.remove(uuid)) changed.add(uuid)
  }
  return changed
}

const storyCount = (count: number) => `${count} ${count === 1 ? 'story' : 'stories'}`

/** The ids a webhook named that are stories (REDIRECTS_CHANGE names none: the build reads the redirects datasource anyway). */
const storyIdsOf = (ids: number[]) => ids.filter((id) => id !== REDIRECTS_CHANGE)

async function crawlAll(client: CmsClient, { cacheDir, perPage, previous, onProgress }: ContentOptions): Promise<Content> {
  const stories = newStoryFile(cacheDir)
  try {
    const { space, warnings } = await crawl(client, { perPage, sink: stories, onProgress })
    if (!previous) return { stories, space, warnings, how: 'full crawl' }
    if (previous.space.id !== space.id) return { stories, space, warnings, how: `full crawl: the cache is of space ${previous.space.id}, this is ${space.id}` }
    const changed = changedSince(stories, previous.stories)
    return { stories, space, changed, warnings, how: `full crawl, ${storyCount(changed.size)} changed` }
  } catch (error) {
    stories.dispose()
    throw error
  }
}

async function refetch(client: CmsClient, previous: CacheState, ids: number[], options: ContentOptions, checkedSpace?: SpaceInfo): Promise<Content> {
  const stories = SpilledStories.reopen(previous.stories)
  try {
    const storyIds = storyIdsOf(ids)
    const { space, found, missing, warnings } = await refetchStories(client, storyIds, { space: checkedSpace })
    if (space.id !== previous.space.id) {
      stories.close()
      return crawlAll(client, { ...options, previous: undefined })
    }
    const known = new Set(missing.length ? stories.summaries().map((summary) => summary.id) : [])
    const unknown = missing.filter((id) => !known.has(id))
    if (unknown.length) {
      options.log(`Story ${unknown.join(', ')} is neither published nor in the build cache (a folder?): crawling the whole space.`)
      stories.close()
      return crawlAll(client, options)
    }
    const changed = applyRefetch(stories, found, missing)
    return { stories, space, changed, refetched: storyIds, warnings, how: `refetched ${storyCount(storyIds.length)} by id, ${changed.size} changed` }
  } catch (error) {
    stories.close()
    throw error
  }
}

/**
 * A build without ids after a cached one (a schedule, a merged release): the space's links say
 * which stories changed, and only those are fetched (cms/changed-links.ts). Drafts have no
 * publication date to compare, so a preview build crawls the space instead.
 */
async function checkLinks(client: CmsClient, previous: CacheState, options: ContentOptions): Promise<Content> {
  const space = await client.getSpace()
  if (space.id !== previous.space.id) return crawlAll(client, { ...options, previous: undefined })
  const links = await allLinks(client, space.cv)
  const ids = changedStoryIds(links, previous.stories.summaries)
  const checked = `checked ${links.length.toLocaleString('en')} links`
  if (!ids.length) return { stories: SpilledStories.reopen(previous.stories), space, changed: new Set(), refetched: [], warnings: [], how: `${checked}, 0 stories changed` }
  const content = await refetch(client, previous, ids, options, space)
  return { ...content, how: `${checked}, ${content.how}` }
}

export function acquireContent(client: CmsClient, options: ContentOptions): Promise<Content> {
  const { previous, changedIds } = options
  if (previous && changedIds?.length) return refetch(client, previous, changedIds, options)
  if (previous && options.version === 'published') return checkLinks(client, previous, options)
  return crawlAll(client, options)
}

export interface TranslationOptions {
  language: string
  /** The space as the default language's content found it: its cv pins this language too. */
  space: SpaceInfo
  cacheDir: string
  perPage: number
  /** The cached build's story file of this language, when it had one. */
  previous?: SpilledIndex
  /** The ids the default language refetched (Content.refetched): refetch them in this language too. */
  refetched?: number[]
  onProgress?: (fetched: number, total: number) => void
}

export interface Translation {
  stories: SpilledStories
  /** As Content.changed, in this language. */
  changed?: Set<string>
  warnings: string[]
}

/**
 * Another language's stories, the same way as the default's: the ids a webhook named refetched
 * into the cached file of that language, or the whole language crawled (and compared with the
 * cached file, when there is one). Each story is routed as its language's site routes it; a story
 * not published in the language (pages/languages.ts, publishedIn) is left out of it.
 */
export async function acquireTranslation(client: CmsClient, { language, space, cacheDir, perPage, previous, refetched, onProgress }: TranslationOptions): Promise<Translation> {
  if (previous && refetched) {
    const stories = SpilledStories.reopen(previous)
    try {
      const { found, missing, warnings } = await refetchStories(client, refetched, { language, space })
      // A story not published in this language leaves it, as one the API no longer finds.
      const published = found.filter((story) => publishedIn(story, language))
      const gone = [...missing, ...found.filter((story) => !published.includes(story)).map((story) => story.id)]
      const changed = applyRefetch(stories, published.map((story) => localizeStory(story, language)), gone)
      return { stories, changed, warnings }
    } catch (error) {
      stories.close()
      throw error
    }
  }
  const stories = newStoryFile(cacheDir, language)
  try {
    // Each story goes to the file as it arrives: memory holds summaries, not the space.
    const sink = {
      add: (story: Story) => {
        if (publishedIn(story, language)) stories.add(localizeStory(story, language))
      },
    }
    const { warnings } = await crawlLanguage(client, space.cv, language, { perPage, sink, onProgress })
    return { stories, changed: previous ? changedSince(stories, previous) : undefined, warnings }
  } catch (error) {
    stories.dispose()
    throw error
  }
}
