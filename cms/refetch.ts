/**
 * What an incremental build asks the CMS for: `cdn/spaces/me` for the current cv, then
 * each story a webhook named, by numeric id, pinned to that cv, in every language the site builds. A story the delivery API does not
 * find (404) is no longer published: unpublished or deleted. The stories that reference a changed
 * story are not fetched again: the crawl keeps relations and story links as uuids, so their pages
 * are re-rendered from the cache with the changed story's new route and card.
 */
import { CmsRequestError, type CmsClient, type SpaceInfo } from './client.ts'
import type { Story } from './content-model.ts'
import { bounded } from './concurrency.ts'
import { admitStory } from './story-shape.ts'

export interface RefetchResult {
  space: SpaceInfo
  /** The stories found, shrunk like the crawl's (compactForBuild). */
  found: Story[]
  /** Ids the delivery API answered 404 for, and stories left out for a bad slug (cms/story-shape.ts). */
  missing: number[]
  /** Stories repaired or left out, each naming its story. */
  warnings: string[]
}

/** Requests in flight: the client's throttle paces them anyway. */
const IN_FLIGHT = 4

export interface RefetchOptions {
  /** Another language of a field-level space (`language=<code>`): its translated version of each story. */
  language?: string
  /** The space as the default language's refetch found it: its cv pins this one, and it is not asked again. */
  space?: SpaceInfo
}

export async function refetchStories(client: CmsClient, ids: number[], { language, space: known }: RefetchOptions = {}): Promise<RefetchResult> {
  const space = known ?? (await client.getSpace())
  const found: Story[] = []
  const missing: number[] = []
  const warnings: string[] = []
  await bounded(
    IN_FLIGHT,
    [...new Set(ids)].map((id) => async () => {
      try {
        // Like the crawl, without resolving relations or links: the cache holds the other stories.
        const answer = await client.getStory(id, { cv: space.cv, ...(language ? { language } : {}) })
        const { story } = admitStory(answer.story, warnings)
        if (!story) missing.push(id)
        else found.push(story)
      } catch (error) {
        if (error instanceof CmsRequestError && error.status === 404) missing.push(id)
        else throw error
      }
    }),
  )
  return { space, found, missing, warnings }
}
