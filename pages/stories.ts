/**
 * A site's stories as the pages see them. Other pages need only a summary of each story (route,
 * navigation fields, card); the full story is needed once, for its own page. A build keeps the
 * stories in a file (scripts/engine/content/story-store.ts) and the summaries in memory; the dev server and tests
 * keep them in memory (storiesInMemory).
 */
import { blockName, SITE_CONFIG, type Blok, type Story } from '../cms/content-model.ts'
import { assetIds } from '../cms/content-walk.ts'
import { storiesListed, type Listed } from './pagination.ts'
import { toCard } from './trim-content.ts'
import type { StoryCard } from './build-contract.ts'

export interface StorySummary {
  id: number
  uuid: string
  name: string
  full_slug: string
  position?: number
  is_startpage?: boolean
  first_published_at?: string | null
  /** The last publication: the sitemap's lastmod and the feed's updated. */
  published_at?: string | null
  component: string
  card: StoryCard
  /** The content of a site settings story (pages/site-shell.ts): it is small, and every page's shell needs it. */
  settings?: Blok
  /** How many stories its list blocks show (pages/pagination.ts): a long list has pages of its own. */
  listed?: Listed
  /** The assets its content shows (cms/content-walk.ts, assetIds): an asset's webhook re-renders it. */
  assets?: number[]
}

export interface StorySource {
  summaries(): StorySummary[]
  load(uuid: string): Story
}

export function summarize(story: Story): StorySummary {
  const { id, uuid, name, full_slug, position, is_startpage, first_published_at, published_at } = story
  const settings = blockName(story.content.component) === SITE_CONFIG ? { settings: story.content } : {}
  // Infinity does not survive JSON (the build cache keeps summaries): "all" is the largest safe integer.
  const listed = Object.fromEntries(Object.entries(storiesListed(story.content)).map(([type, count]) => [type, Math.min(count, Number.MAX_SAFE_INTEGER)]))
  const lists = Object.keys(listed).length ? { listed } : {}
  const assets = assetIds(story.content)
  return { id, uuid, name, full_slug, position, is_startpage, first_published_at, published_at, component: story.content.component, card: toCard(story), ...settings, ...lists, ...(assets.length ? { assets } : {}) }
}

export function storiesInMemory(stories: Story[]): StorySource {
  const byUuid = new Map(stories.map((story) => [story.uuid, story]))
  return {
    summaries: () => stories.map(summarize),
    load: (uuid) => byUuid.get(uuid)!,
  }
}
