/**
 * The fewest delivery-API requests a full crawl can make: `cdn/spaces/me` once, then one
 * `cdn/stories` page per `per_page` stories. The crawl asks for no relation or link resolution
 * (cms/crawl.ts says why), so no `by_uuids` batches come on top. Tests and the benchmark hold the
 * crawl to it.
 */
export function minimumRequests(storyCount: number, perPage: number): number {
  // An empty space still takes one page to learn that it is empty.
  return 1 + Math.max(1, Math.ceil(storyCount / perPage))
}
