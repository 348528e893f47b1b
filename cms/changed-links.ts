/**
 * What changed in a space since a build, read from its links (`cdn/links`: 1,000 stories a request,
 * each with its last publication) rather than from every story: a story is changed when it is new
 * or its last publication or full slug differs from the build's, and gone when the links no longer
 * list it as published. Only those are then fetched by id (cms/refetch.ts), so a scheduled build of
 * an unchanged space costs 1 + ceil(links / 1000) requests, and one more for the redirects.
 */
import type { CmsClient, StoryLinkEntry } from './client.ts'
import { bounded } from './concurrency.ts'
import { LINKS_PER_PAGE } from './config.ts'

const IN_FLIGHT = 4

/** Every link of the space at content version `cv`. */
export async function allLinks(client: CmsClient, cv: number): Promise<StoryLinkEntry[]> {
  const page = (number: number) => client.getLinks({ cv, per_page: LINKS_PER_PAGE, page: number })
  const first = await page(1)
  const pages: StoryLinkEntry[][] = [first.links]
  const count = Math.ceil(first.total / LINKS_PER_PAGE)
  await bounded(
    IN_FLIGHT,
    Array.from({ length: Math.max(0, count - 1) }, (_, at) => async () => {
      pages[at + 1] = (await page(at + 2)).links
    }),
  )
  return pages.flat()
}

/** What the build knows of a story: its id, full slug and last publication (pages/stories.ts, StorySummary). */
export interface KnownStory {
  id: number
  full_slug: string
  published_at?: string | null
}

/** The ids to fetch again: stories new or changed since `known`, and those no longer published (their fetch finds them gone). */
export function changedStoryIds(links: StoryLinkEntry[], known: KnownStory[]): number[] {
  const before = new Map(known.map((story) => [story.id, story]))
  const listed = new Set<number>()
  const changed: number[] = []
  for (const link of links) {
    if (link.is_folder || !link.published) continue
    listed.add(link.id)
    const story = before.get(link.id)
    if (!story || story.full_slug !== link.slug || (story.published_at ?? null) !== (link.published_at ?? null)) changed.push(link.id)
  }
  for (const { id } of known) if (!listed.has(id)) changed.push(id)
  return changed.sort((a, b) => a - b)
}
