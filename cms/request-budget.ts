/**
 * The fewest delivery-API requests a full crawl can make: `cdn/spaces/me` once, one `cdn/stories`
 * page per `per_page` stories, and for every page whose relations (or links) exceed the 50 the API
 * inlines, their uuids fetched 50 at a time. Computed from the stories themselves, in the API's
 * order (by id), so that tests and the benchmark hold the crawl to it.
 */
import { INLINE_RESOLVE_LIMIT, UUID_BATCH_SIZE } from './config.ts'
import { RESOLVE_RELATIONS, type Story } from './content-model.ts'
import { relationUuids, storyLinkUuids } from './content-walk.ts'

export function minimumRequests(stories: Story[], perPage: number): number {
  const sorted = [...stories].sort((a, b) => a.id - b.id)
  let requests = 1
  for (let start = 0; start < sorted.length; start += perPage) {
    const page = sorted.slice(start, start + perPage)
    const rels = new Set(page.flatMap((story) => relationUuids(story.content, RESOLVE_RELATIONS)))
    const links = new Set(page.flatMap((story) => storyLinkUuids(story.content)))
    const batches = (uuids: Set<string>) => (uuids.size > INLINE_RESOLVE_LIMIT ? Math.ceil(uuids.size / UUID_BATCH_SIZE) : 0)
    requests += 1 + batches(rels) + batches(links)
  }
  return requests
}
