/**
 * Fetches every story of the space with the fewest requests the delivery API allows:
 * `cdn/spaces/me` once for `cv`, then `cdn/stories` page by page.
 *
 * Without `resolve_relations` or `resolve_links`: the crawl holds every published story, so the
 * payload step finds related and linked stories by uuid itself. Asking the API to inline them made
 * each answer a fifth larger, cost the client a second of CPU at 5,000 stories copying them into
 * the content (which the build then turned back into uuids), and past 50 relations a page, extra
 * `by_uuids` requests. The editor's draft, a single story, still has them resolved by the client
 * (scripts/server/preview-proxy.ts).
 */
import type { CmsClient, SpaceInfo, StoriesPage } from './client.ts'
import { byFullSlug, type Story } from './content-model.ts'
import { bounded } from './concurrency.ts'
import { admitStory } from './story-shape.ts'

export interface CrawlResult {
  /** The space (`cdn/spaces/me`); its `cv` pinned the whole crawl. */
  space: SpaceInfo
  /** Content version the whole crawl was pinned to. */
  cv: number
  /** Every story, sorted by full_slug so that output does not depend on API order (empty with a sink). */
  stories: Story[]
  /** Stories repaired or left out at the crawl boundary (cms/story-shape.ts), each naming its story. */
  warnings: string[]
  requests: number
}

/** Takes each story as it arrives, so the crawl need not hold the space (the build's story file, scripts/engine/content/story-store.ts). */
export interface StorySink {
  add(story: Story): void
}

export interface CrawlOptions {
  perPage: number
  /** Where stories go; without one they are kept and returned in `stories`. */
  sink?: StorySink
  onProgress?: (fetched: number, total: number) => void
}

const PAGES_IN_FLIGHT = 8

export class ShortCrawlError extends Error {
  constructor(received: number, total: number, language?: string) {
    super(
      `Short crawl${language ? ` of language "${language}"` : ''}: received ${received} stories but the CMS announced ${total} (total header). ` +
        'Nothing was written; run the build again, and if it persists check the CMS or STORYBLOK_API_URL.',
    )
    this.name = 'ShortCrawlError'
  }
}

export async function crawl(client: CmsClient, options: CrawlOptions): Promise<CrawlResult> {
  const space = await client.getSpace()
  const { stories, warnings } = await crawlPages(client, space.cv, options)
  return { space, cv: space.cv, stories, warnings, requests: client.requestCount }
}

/**
 * Every story of another language of a space with field-level translation (`language=<code>`),
 * at the `cv` of the default language's crawl: translated fields, `lang`, and a `full_slug`
 * prefixed with the code. `cdn/spaces/me` is not asked again.
 */
export function crawlLanguage(client: CmsClient, cv: number, code: string, options: CrawlOptions): Promise<{ stories: Story[]; warnings: string[] }> {
  return crawlPages(client, cv, { ...options, language: code })
}

/** Pages through `cdn/stories` at `cv` in one language, keeping or sinking each story as it arrives. */
async function crawlPages(client: CmsClient, cv: number, { perPage, sink, onProgress, language }: CrawlOptions & { language?: string }): Promise<{ stories: Story[]; warnings: string[] }> {
  const params = {
    cv,
    per_page: perPage,
    ...(language ? { language } : {}),
  }

  const getPage = (page: number) => client.getStories({ ...params, page })
  const first = await getPage(1)
  const total = first.total
  if (!Number.isInteger(total) || total < 0) {
    throw new Error('The CMS answer to GET cdn/stories has no valid total header, so the crawl cannot know it is complete.')
  }
  let fetched = first.stories.length
  onProgress?.(fetched, total)

  const kept: Story[] = []
  const warnings: string[] = []
  const seen = new Set<string>()
  // Each story is checked and shrunk as it arrives: the crawl has every story, and the payload
  // step looks related stories up there.
  const keep = (page: StoriesPage) => {
    page.stories.forEach((raw) => {
      const { uuid, story } = admitStory(raw, warnings)
      if (seen.has(uuid)) return
      seen.add(uuid)
      if (!story) return
      if (sink) sink.add(story)
      else kept.push(story)
    })
  }
  keep(first)

  // A few pages in flight keep the client's throttle saturated (5/s) without holding hundreds of
  // answers at once when the throttle is lifted.
  const pageCount = Math.ceil(total / perPage)
  await bounded(
    PAGES_IN_FLIGHT,
    Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => async () => {
      const page = await getPage(index + 2)
      keep(page)
      fetched += page.stories.length
      onProgress?.(fetched, total)
    }),
  )
  // A page that came back short, or pages that overlapped, leave fewer unique stories than announced.
  if (seen.size !== total) throw new ShortCrawlError(seen.size, total, language)

  return { stories: kept.sort(byFullSlug), warnings }
}
