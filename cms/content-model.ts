/**
 * The shapes the Storyblok delivery API returns for this site's content model (the model itself is
 * cms/model/components.ts). Fields are optional and loosely typed on purpose: editors add,
 * remove and retype fields at any time, and a build must survive all of it.
 */

/** Every block object: a unique id, a technical component name and (in CMS responses) the editor marker. */
export interface Blok {
  _uid: string
  component: string
  _editable?: string
  [field: string]: unknown
}

export interface Asset {
  id?: number | null
  filename?: string | null
  alt?: string | null
  title?: string | null
  focus?: string | null
  name?: string
  copyright?: string
}

export type LinkType = 'story' | 'url' | 'email' | 'asset'

export interface Multilink {
  linktype?: LinkType
  id?: string
  url?: string
  cached_url?: string
  email?: string
  anchor?: string
  target?: '_blank' | '_self'
  /** Attached by the client when `resolve_links` found the linked story. */
  story?: { uuid?: string; full_slug?: string; name?: string; url?: string }
}

export interface RichTextMark {
  type: string
  attrs?: Record<string, unknown>
}

export interface RichTextNode {
  type: string
  attrs?: Record<string, unknown>
  content?: RichTextNode[]
  marks?: RichTextMark[]
  text?: string
}

/** A story as `cdn/stories` returns it (only the fields this project reads are named). */
export interface Story<Content extends Blok = Blok> {
  id: number
  uuid: string
  name: string
  slug: string
  full_slug: string
  content: Content
  position?: number
  is_startpage?: boolean
  parent_id?: number | null
  published_at?: string | null
  first_published_at?: string | null
  created_at?: string
  lang?: string
  /** The story's full slug in the default language, on a story fetched in another one. */
  default_full_slug?: string | null
  /** Per language: its slug (Translatable Slugs app) and, with "Publish translations individually", whether it is published. */
  translated_slugs?: { path?: string | null; name?: string | null; lang: string; published?: boolean | null }[] | null
  [field: string]: unknown
}

/** One entry of a response's `links` array (`resolve_links=url`). */
export interface StoryLink {
  id?: number
  uuid: string
  slug?: string
  full_slug?: string
  url?: string
  name?: string
  is_folder?: boolean
  published?: boolean
}

/**
 * The content types with a page view, i.e. the `component` of a story's root block. A story of any
 * other content type (an author, a category, a `global` story) is data: it gets no route
 * (docs/behaviour.md, "Data stories"). The content model (cms/model/components.ts) defines them as
 * `kind: 'page'`; they are named here too so that the browser's code does not load the whole model,
 * and the compiler holds the two equal (cms/model/index.ts).
 */
export const CONTENT_TYPES = ['page', 'article', 'project'] as const

const PAGE_TYPES: ReadonlySet<string> = new Set(CONTENT_TYPES)

/** Whether stories of this content type are pages (in any spelling blockName accepts). */
export function hasPageView(component: string): boolean {
  return PAGE_TYPES.has(blockName(component))
}


/**
 * The kebab-case technical name for any accepted spelling: `AllProjects`, `all_projects` and
 * `all-projects` all name the same block.
 */
export function blockName(component: string): string {
  let name = blockNames.get(component)
  if (name === undefined) {
    name = component
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .replace(/[_\s]+/g, '-')
      .toLowerCase()
    // A space uses a few dozen names; hostile content could send endless ones, which are not kept.
    if (blockNames.size < 1000) blockNames.set(component, name)
  }
  return name
}

/**
 * Names already worked out: a build asks for every block's name several times (trimming, walks,
 * rendering), and the two regular expressions were a tenth of the trimming step.
 */
const blockNames = new Map<string, string>()

/**
 * The blocks that list the published stories of one content type, newest `first_published_at`
 * first, up to their `limit` (pages/pagination.ts splits long lists into pages).
 */
export type ListedType = Extract<(typeof CONTENT_TYPES)[number], 'project' | 'article'>
export const LIST_BLOCKS: ReadonlyMap<string, ListedType> = new Map<string, ListedType>([
  ['all-projects', 'project'],
  ['all-articles', 'article'],
])
export const LISTED_TYPES: ListedType[] = [...LIST_BLOCKS.values()]

/**
 * The site settings story (docs/content-model.md, "Site settings"): a content type that is not a
 * page. Editors set the header and footer navigation (`nav-link` blocks), the site's name, the
 * default meta description and the contact address there; without such a story the navigation is
 * derived from the crawl.
 */
export const SITE_CONFIG = 'site-config'

/**
 * The value of Storyblok's SEO app field (a Plugin field of custom type `seo-metatags`, stored with
 * `plugin: "seo_metatags"`): every text may be empty, and the images are URLs (docs/content-model.md).
 */
export interface SeoMetatags {
  plugin: string
  title?: string
  description?: string
  og_title?: string
  og_description?: string
  og_image?: string
  twitter_title?: string
  twitter_description?: string
  twitter_image?: string
}

/** The SEO app's plugin name, in any of Storyblok's spellings (see blockName). */
export const SEO_PLUGIN = 'seo-metatags'
export const SEO_TEXT_FIELDS = ['title', 'description', 'og_title', 'og_description', 'twitter_title', 'twitter_description'] as const
export const SEO_IMAGE_FIELDS = ['og_image', 'twitter_image'] as const

/** The relation the crawl resolves: the `stories` field of `project` in the content model (tests/content-model.test.ts holds them equal). */
export const RESOLVE_RELATIONS = ['project.related']

/**
 * How many projects an `all-projects` block lists: its `limit` (a number field, which Storyblok
 * sends as a string) rounded down, or all of them (`Infinity`) when it is empty, not a number or
 * below 1. The payload step and the block both read it here, so they always agree.
 */
export function projectsLimit(limit: unknown): number {
  const value = Math.floor(typeof limit === 'number' ? limit : Number.parseFloat(String(limit ?? '')))
  return Number.isFinite(value) && value >= 1 ? value : Infinity
}

/** Orders stories by full_slug, code unit by code unit, so that output never depends on API order or locale. */
export function byFullSlug(a: { full_slug: string }, b: { full_slug: string }): number {
  return a.full_slug < b.full_slug ? -1 : a.full_slug > b.full_slug ? 1 : 0
}
