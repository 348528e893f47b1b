/**
 * The fewest delivery-API requests a build can make. The crawl: `cdn/spaces/me` once, then one
 * `cdn/stories` page per `per_page` stories; it asks for no relation or link resolution
 * (cms/crawl.ts says why), so no `by_uuids` batches come on top. The build adds one
 * `cdn/datasource_entries` page per 1,000 redirects (cms/datasource.ts). Tests and the benchmark
 * hold the crawl and the build to these. Each language besides the default (field-level
 * translation, `language=<code>`) takes the story pages once more: `1 + (1 + languages) × ceil(stories / per_page)`.
 */
import { DATASOURCE_PER_PAGE, LINKS_PER_PAGE } from './config.ts'

// An empty space (or datasource) still takes one page to learn that it is empty.
const pages = (count: number, perPage: number) => Math.max(1, Math.ceil(count / perPage))

/** With field-level translation every extra language is one more crawl of the same stories. */
export function crawlRequests(storyCount: number, perPage: number, extraLanguages = 0): number {
  return 1 + (1 + extraLanguages) * pages(storyCount, perPage)
}

export function minimumRequests(storyCount: number, perPage: number, redirectCount = 0, extraLanguages = 0): number {
  return crawlRequests(storyCount, perPage, extraLanguages) + pages(redirectCount, DATASOURCE_PER_PAGE)
}

/**
 * A build without ids after a cached one (cms/changed-links.ts): `cdn/spaces/me`, the links 1,000
 * a page, each changed story by id in every language, and the redirects.
 */
export function checkedRequests(linkCount: number, changed = 0, redirectCount = 0, extraLanguages = 0): number {
  return 1 + pages(linkCount, LINKS_PER_PAGE) + changed * (1 + extraLanguages) + pages(redirectCount, DATASOURCE_PER_PAGE)
}
