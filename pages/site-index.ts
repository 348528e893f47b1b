/**
 * The site index: what every payload of one build shares, made once from the story summaries
 * (where each story lives, its card, the story lists), and what pages/payload.ts and the content
 * trimming (pages/trim-content.ts) look stories up in.
 */
import { blockName, LISTED_TYPES, type ListedType, type Story } from '../cms/content-model.ts'
import type { Alternate, StoryCard } from './build-contract.ts'

/** What other pages need to know of a story: where it lives and, for relations, its card. */
export interface StoryRef {
  uuid: string
  full_slug: string
  card?: StoryCard
}

/** Everything the payloads of one build share, computed once. */
export interface SiteIndex {
  byUuid: Map<string, StoryRef>
  /** Every project and every article, newest `first_published_at` first (the list blocks show them). */
  lists: Record<ListedType, StoryCard[]>
  /**
   * Every story's card by its route: breadcrumbs name the stories above a page (pages/breadcrumbs.ts).
   * In a language's site, a page it lacks also stands at its place there, with its default route.
   */
  byRoute: Map<string, Pick<StoryCard, 'name'> & { route?: string }>
  /** The versions of each page in every language, by story uuid (pages/languages.ts); absent for one language. */
  alternates?: Map<string, Alternate[]>
  /** Stories of content types without a page view, by uuid: a link to one renders as text, with a warning. */
  notPages?: Map<string, { full_slug: string; component: string }>
}

type Dated = Pick<Story, 'full_slug' | 'first_published_at'>

/** ISO 8601 dates in one format sort as strings; the slug orders the stories of one instant. */
function newestFirst(a: Dated, b: Dated): number {
  const [dateA, dateB] = [a.first_published_at ?? '', b.first_published_at ?? '']
  return dateA < dateB ? 1 : dateA > dateB ? -1 : a.full_slug.localeCompare(b.full_slug)
}

/** What the index needs of each story: its route and card (see pages/stories.ts). */
type Indexed = Dated & { uuid: string; component: string; card: StoryCard }

export function siteIndex(stories: Indexed[]): SiteIndex {
  return {
    byUuid: new Map(stories.map((story) => [story.uuid, { uuid: story.uuid, full_slug: story.full_slug, card: story.card }])),
    lists: Object.fromEntries(LISTED_TYPES.map((type) => [type, stories.filter((story) => blockName(story.component) === type).sort(newestFirst).map((story) => story.card)])) as SiteIndex['lists'],
    byRoute: new Map(stories.map((story) => [story.card.route, story.card])),
  }
}
