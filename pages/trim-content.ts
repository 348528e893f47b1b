/**
 * Trims a story's content to what its page shows, for its payload: editor markers and the story
 * objects the client attaches to links dropped, relations reduced to cards, asset and link fields
 * reduced to what blocks read with their URLs checked (cms/url-policy.ts), rich text rendered to
 * sanitized HTML once, and anything claiming to be pre-rendered HTML dropped. What was removed is
 * reported, for the build summary (docs/behaviour.md); what was kept (story links, relations,
 * blocks) is told to the caller as it goes, so the payload step needs no other walk (payload.ts).
 */
import type { Asset, Blok, Multilink, SeoMetatags, Story } from '../cms/content-model.ts'
import { blockName, RESOLVE_RELATIONS, SEO_IMAGE_FIELDS, SEO_PLUGIN, SEO_TEXT_FIELDS } from '../cms/content-model.ts'
import { ASSET_FIELDS } from '../cms/model/index.ts'
import { isBlok, storyLinkTarget } from '../cms/content-walk.ts'
import { assetOf, FOCUS, responsiveImage } from '../cms/image.ts'
import { renderRichText } from '../cms/richtext/index.ts'
import { rejectedUrlNote, safeUrl } from '../cms/url-policy.ts'
import type { SiteIndex } from './site-index.ts'
import { BLOK_MARK_END, BLOK_MARK_START, type RenderedRichText, type StoryCard } from './build-contract.ts'
import { routeOf } from './routes.ts'

const RELATION_FIELDS = new Map(RESOLVE_RELATIONS.map((relation) => relation.split('.') as [string, string]))

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined
}

/** Problems found while trimming content are reported here; cards of other stories report none. */
export type Problems = string[]

export function toCard(story: Story): StoryCard {
  const { content } = story
  const image = assetOf(content.image)
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
      ...(image ? { image: trimAsset(image, []) } : {}),
    },
  }
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
 * wrote. Blocks embedded in the text (`blok` nodes) are taken out first and kept as content, so
 * they render through the block registry like any other block; the HTML marks their places with
 * `<!--blok:N-->`, which no sanitized text can contain (the sanitizer drops comments).
 */
function renderedRichText(doc: { content: unknown[] }, index: SiteIndex, options: TrimOptions): RenderedRichText {
  const render = (content: unknown[]) =>
    renderRichText(
      { type: 'doc', content },
      {
        links: options.linkRoute,
        image: (src) => responsiveImage(src, PROSE_SIZES),
        onRejectedUrl: (url) => options.problems.push(`rich text: ${rejectedUrlNote(url)}`),
      },
    )
  const bloks: Blok[][] = []
  let html = ''
  let run: unknown[] = []
  for (const node of doc.content) {
    const body = (node as { type?: unknown; attrs?: { body?: unknown } } | null)?.type === 'blok' ? (node as { attrs?: { body?: unknown } }).attrs?.body : undefined
    if (!Array.isArray(body)) {
      run.push(node)
      continue
    }
    if (run.length) html += render(run)
    html += `${BLOK_MARK_START}${bloks.length}${BLOK_MARK_END}`
    bloks.push((trimContent(body, index, options) as unknown[]).filter(isBlok))
    run = []
  }
  if (run.length) html += render(run)
  return { type: 'html', html, ...(bloks.length ? { bloks } : {}) }
}

/** A relation entry as a card: a uuid is looked up, a story the client resolved (editor) is reduced. */
function relatedCard(entry: unknown, index: SiteIndex, options: TrimOptions): StoryCard | undefined {
  if (typeof entry === 'string') {
    if (entry) options.onRelation?.(entry)
    return index.byUuid.get(entry)?.card
  }
  const story = entry as Story | null
  return story && typeof story.uuid === 'string' && typeof story.content === 'object' && story.content ? toCard(story) : undefined
}

/** A URL the policy allows, or nothing (the rejection noted). */
function allowedUrl(url: unknown, use: 'link' | 'image', problems: Problems): string | undefined {
  const safe = safeUrl(url, use)
  if (safe === undefined && typeof url === 'string' && url.trim() !== '') problems.push(rejectedUrlNote(url))
  return safe
}

/**
 * The asset fields pages read: an image needs its URL, alt and title, and its focus point where a
 * crop should keep it (renderer/share.ts); nothing else.
 */
function trimAsset(asset: Asset, problems: Problems): Asset {
  const { filename, alt, title, focus } = assetOf(asset) ?? asset
  return { filename: allowedUrl(filename, 'image', problems) ?? '', ...(alt ? { alt } : {}), ...(title ? { title } : {}), ...(focus && FOCUS.test(focus) ? { focus } : {}) }
}

/** The multilink fields `multilinkHref` reads, with URLs the policy allows. */
function trimLink(link: Record<string, unknown>, problems: Problems): Multilink {
  const { linktype, id, url, cached_url, email, anchor, target } = link as Multilink
  const safe = { url: allowedUrl(url, 'link', problems), cached_url: allowedUrl(cached_url, 'link', problems) }
  return Object.fromEntries(Object.entries({ linktype, id, ...safe, email, anchor, target }).filter(([, value]) => value)) as Multilink
}

/**
 * The SEO app's field reduced to its non-empty texts and the image URLs the policy allows (an
 * image may come as a URL or, from newer app versions, as an asset object).
 */
function trimSeo(seo: Record<string, unknown>, problems: Problems): SeoMetatags {
  const kept: SeoMetatags = { plugin: SEO_PLUGIN }
  for (const field of SEO_TEXT_FIELDS) if (text(seo[field])) kept[field] = String(seo[field]).trim()
  for (const field of SEO_IMAGE_FIELDS) {
    const value = seo[field]
    const url = allowedUrl(typeof value === 'object' && value !== null ? (value as Asset).filename : value, 'image', problems)
    if (url) kept[field] = url
  }
  return kept
}

const isSeoField = (object: Record<string, unknown>) => typeof object.plugin === 'string' && blockName(object.plugin) === SEO_PLUGIN

/**
 * A copy of the content without `_editable` markers and without the `story` objects the client
 * attaches to links; relation fields become cards (the client may have nested whole stories there).
 */
export interface TrimOptions {
  /** Keep the `_editable` markers: only for content rendered in the visual editor. */
  keepEditable?: boolean
  /**
   * The current route of a linked story (undefined: not published). Asked for every story link the
   * trimmed content keeps, in link fields and in rich text, so the caller learns what the page links to.
   */
  linkRoute: (uuid: string) => string | undefined
  /** Told of every story a kept relation field names (by uuid, found or not). */
  onRelation?: (uuid: string) => void
  /** Told of every block the trimmed content keeps, nested ones included. */
  onBlok?: (blok: Blok) => void
  problems: Problems
}

export function trimContent(value: unknown, index: SiteIndex, options: TrimOptions, parent?: Blok, key?: string): unknown {
  if (Array.isArray(value) && parent && key && RELATION_FIELDS.get(blockName(parent.component)) === key) {
    return value.map((entry) => relatedCard(entry, index, options)).filter((card): card is StoryCard => card !== undefined)
  }
  if (Array.isArray(value)) return value.map((item) => trimContent(item, index, options))
  // An asset field that older spaces stored as a plain URL.
  if (typeof value === 'string' && parent && key && ASSET_FIELDS.has(key)) return assetOf(value) ? trimAsset({ filename: value }, options.problems) : value
  if (typeof value !== 'object' || value === null) return value
  if (isRichTextDoc(value)) return renderedRichText(value, index, options)
  const object = value as Record<string, unknown>
  if (claimsToBeRendered(object)) {
    options.problems.push(`a field${key ? ` ("${key}")` : ''} claims to be pre-rendered HTML; it was dropped`)
    return undefined
  }
  if (isSeoField(object)) return trimSeo(object, options.problems)
  if (object.fieldtype === 'asset' || (typeof object.filename === 'string' && !('component' in object))) return trimAsset(object as Asset, options.problems)
  // A story link, as a link field or otherwise: the caller learns of it (and its route) here.
  const linked = storyLinkTarget(object)
  if (linked) options.linkRoute(linked)
  if (object.fieldtype === 'multilink' || (typeof object.linktype === 'string' && !('component' in object))) return trimLink(object, options.problems)
  const blok = typeof object.component === 'string' ? (object as Blok) : undefined
  if (blok && typeof blok._uid === 'string') options.onBlok?.(blok)
  const copy: Record<string, unknown> = {}
  // `for…in`, not Object.entries: no pair per field (content is parsed JSON, nothing inherited).
  for (const field in object) {
    // A `__proto__` field would set the copy's prototype, not a field: no real field has the name.
    if ((field === '_editable' && !options.keepEditable) || (linked && field === 'story') || field === '__proto__') continue
    copy[field] = trimContent(object[field], index, options, blok, field)
  }
  return copy
}
