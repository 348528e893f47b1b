/**
 * Builds each route's payload (the contract is pages/route-payload.ts): the story with editor
 * markers and resolved-relation bodies trimmed away, URLs checked, rich text rendered, the routes
 * of the stories it links to, the project list when an `all-projects` block needs it, and the
 * navigation. Trimming here keeps every payload as small as what its page actually shows.
 */
import type { Asset, Blok, Multilink, Story } from '../cms/content-model.ts'
import { eachBlok, relationUuids, storyLinkTarget, storyLinkUuids } from '../cms/content-walk.ts'
import { blockName, projectsLimit, RESOLVE_RELATIONS } from '../cms/content-model.ts'
import { responsiveImage } from '../cms/image.ts'
import { renderRichText } from '../cms/richtext/index.ts'
import { rejectedUrlNote, safeUrl } from '../cms/url-policy.ts'
import type { NavItem } from './navigation.ts'
import type { RenderedRichText, RoutePayload, SiteInfo, StoryCard } from './route-payload.ts'
import { routeOf } from './routes.ts'

/** What other pages need to know of a story: where it lives and, for relations, its card. */
export interface StoryRef {
  uuid: string
  full_slug: string
  card?: StoryCard
}

/** Everything the payloads of one build share, computed once. */
export interface SiteIndex {
  byUuid: Map<string, StoryRef>
  /** Every project, newest `first_published_at` first. */
  projects: StoryCard[]
  nav: NavItem[]
  site: SiteInfo
}

export interface PayloadResult {
  payload: RoutePayload
  /** Story uuids linked from the story that the crawl does not know (unpublished or deleted). */
  brokenLinks: string[]
  /**
   * What was wrong with the content and removed from the payload: URLs the URL policy rejected
   * (cms/url-policy.ts), fields that claimed to be pre-rendered HTML.
   */
  problems: string[]
  /**
   * Every other story the page shows or links to (relations and story links, found or not): an
   * incremental build re-renders the page when one of them changes, appears or goes away.
   */
  dependsOn: string[]
  /**
   * How many entries of the project list the page shows (0: none; `ALL_PROJECTS`: all): it changes
   * when one of those does.
   */
  projectsShown: number
}

/** `projectsShown` of a list without a limit (a number, so that it survives JSON). */
export const ALL_PROJECTS = Number.MAX_SAFE_INTEGER

const RELATION_FIELDS = new Map(RESOLVE_RELATIONS.map((relation) => relation.split('.') as [string, string]))

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined
}

/** Problems found while trimming content are reported here; cards of other stories report none. */
type Problems = string[]

export function toCard(story: Story): StoryCard {
  const { content } = story
  const image = content.image as Asset | undefined
  return {
    uuid: story.uuid,
    route: routeOf(story),
    name: story.name,
    first_published_at: story.first_published_at ?? null,
    content: {
      _uid: content._uid,
      component: content.component,
      title: text(content.title),
      description: text(content.description) ?? text(content.teaser),
      ...(image?.filename ? { image: trimAsset(image as Record<string, unknown>, []) } : {}),
    },
  }
}

type Dated = Pick<Story, 'full_slug' | 'first_published_at'>

function newestFirst(a: Dated, b: Dated): number {
  const byDate = (b.first_published_at ?? '').localeCompare(a.first_published_at ?? '')
  return byDate || a.full_slug.localeCompare(b.full_slug)
}

/** What the index needs of each story: its route and card (see pages/stories.ts). */
type Indexed = Dated & { uuid: string; component: string; card: StoryCard }

export function siteIndex(stories: Indexed[], nav: NavItem[], site: SiteInfo): SiteIndex {
  return {
    byUuid: new Map(stories.map((story) => [story.uuid, { uuid: story.uuid, full_slug: story.full_slug, card: story.card }])),
    projects: stories
      .filter((story) => story.component === 'project')
      .sort(newestFirst)
      .map((story) => story.card),
    nav,
    site,
  }
}

export interface PayloadOptions {
  /** Keep the `_editable` markers: only for content rendered in the visual editor. */
  keepEditable?: boolean
}


function claimsToBeRendered(object: Record<string, unknown>): boolean {
  return object.type === 'html'
}

/** Images in rich text get a srcset sized for the text column. */
const PROSE_SIZES = '(min-width: 960px) 72ch, 100vw'

function isRichTextDoc(value: object): value is { type: 'doc'; content: unknown[] } {
  return (value as { type?: unknown }).type === 'doc' && Array.isArray((value as { content?: unknown }).content)
}

/**
 * Rich text is rendered here, once per build, instead of in the browser: the visitor's JavaScript
 * then needs no rich-text renderer or sanitizer, and hydration injects the same bytes the server
 * wrote.
 */
function renderedRichText(doc: object, links: Record<string, string>, problems: Problems): RenderedRichText {
  const html = renderRichText(doc, {
    links,
    image: (src) => responsiveImage(src, PROSE_SIZES),
    onRejectedUrl: (url) => problems.push(`rich text: ${rejectedUrlNote(url)}`),
  })
  return { type: 'html', html }
}

/** A relation entry as a card: a uuid is looked up, a story the client resolved (editor) is reduced. */
function relatedCard(entry: unknown, index: SiteIndex): StoryCard | undefined {
  if (typeof entry === 'string') return index.byUuid.get(entry)?.card
  const story = entry as Story | null
  return story && typeof story.uuid === 'string' && typeof story.content === 'object' && story.content ? toCard(story) : undefined
}

/** A URL the policy allows, or nothing (the rejection noted). */
function allowedUrl(url: unknown, use: 'link' | 'image', problems: Problems): string | undefined {
  const safe = safeUrl(url, use)
  if (safe === undefined && typeof url === 'string' && url.trim() !== '') problems.push(rejectedUrlNote(url))
  return safe
}

/** The asset fields components read: an image needs its URL, alt and title, nothing else. */
function trimAsset(asset: Record<string, unknown>, problems: Problems): Asset {
  const { filename, alt, title } = asset as Asset
  return { filename: allowedUrl(filename, 'image', problems) ?? '', ...(alt ? { alt } : {}), ...(title ? { title } : {}) }
}

/** The multilink fields `multilinkHref` reads, with URLs the policy allows. */
function trimLink(link: Record<string, unknown>, problems: Problems): Multilink {
  const { linktype, id, url, cached_url, email, anchor, target } = link as Multilink
  const safe = { url: allowedUrl(url, 'link', problems), cached_url: allowedUrl(cached_url, 'link', problems) }
  return Object.fromEntries(Object.entries({ linktype, id, ...safe, email, anchor, target }).filter(([, value]) => value)) as Multilink
}

/**
 * A copy of the content without `_editable` markers and without the `story` objects the client
 * attaches to links; relation fields become cards (the client may have nested whole stories there).
 */
type TrimOptions = PayloadOptions & { links: Record<string, string>; problems: Problems }

function trimContent(value: unknown, index: SiteIndex, options: TrimOptions, parent?: Blok, key?: string): unknown {
  if (parent && key && RELATION_FIELDS.get(blockName(parent.component)) === key && Array.isArray(value)) {
    return value.map((entry) => relatedCard(entry, index)).filter((card): card is StoryCard => card !== undefined)
  }
  if (Array.isArray(value)) return value.map((item) => trimContent(item, index, options))
  if (typeof value !== 'object' || value === null) return value
  if (isRichTextDoc(value)) return renderedRichText(value, options.links, options.problems)
  const object = value as Record<string, unknown>
  if (claimsToBeRendered(object)) {
    options.problems.push(`a field${key ? ` ("${key}")` : ''} claims to be pre-rendered HTML; it was dropped`)
    return undefined
  }
  if (object.fieldtype === 'asset' || (typeof object.filename === 'string' && !('component' in object))) return trimAsset(object, options.problems)
  if (object.fieldtype === 'multilink' || (typeof object.linktype === 'string' && !('component' in object))) return trimLink(object, options.problems)
  const blok = typeof object.component === 'string' ? (object as Blok) : undefined
  const isLink = storyLinkTarget(object) !== undefined
  const copy: Record<string, unknown> = {}
  for (const [field, child] of Object.entries(object)) {
    if ((field === '_editable' && !options.keepEditable) || (isLink && field === 'story')) continue
    copy[field] = trimContent(child, index, options, blok, field)
  }
  return copy
}

/** How many projects the story's `all-projects` blocks show at most (`Infinity` for "all"). */
function projectsShown(content: Blok): number {
  let shown = 0
  eachBlok(content, (blok) => {
    if (blockName(blok.component) === 'all-projects') shown = Math.max(shown, projectsLimit(blok.limit))
  })
  return shown
}

export function buildPayload(story: Story, index: SiteIndex, options: PayloadOptions = {}): PayloadResult {
  const links: Record<string, string> = {}
  const brokenLinks: string[] = []
  const linked = storyLinkUuids(story.content)
  // Cards carry their own full_slug; only link fields and rich-text links need the table.
  for (const uuid of linked) {
    const target = index.byUuid.get(uuid)
    if (target) links[uuid] = routeOf(target)
    else brokenLinks.push(uuid)
  }
  const problems: Problems = []
  const content = trimContent(story.content, index, { ...options, links, problems }) as Blok
  const shown = projectsShown(content)

  const payload: RoutePayload = {
    route: routeOf(story),
    story: {
      id: story.id,
      uuid: story.uuid,
      name: story.name,
      full_slug: story.full_slug,
      first_published_at: story.first_published_at ?? null,
      content,
    },
    links,
    ...(shown > 0 ? { projects: index.projects.slice(0, shown) } : {}),
    nav: index.nav,
    site: index.site,
  }
  const dependsOn = [...new Set([...linked, ...relationUuids(story.content, RESOLVE_RELATIONS)])].filter((uuid) => uuid !== story.uuid)
  return { payload, brokenLinks, problems, dependsOn, projectsShown: Math.min(shown, ALL_PROJECTS) }
}
