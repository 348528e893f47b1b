/**
 * The contract between the build and the browser: what one route's `_payload.json` holds, the
 * site-wide shell every page shares, and the build manifests (`builds/meta/<id>.json`,
 * `builds/latest.json`). The server renders the page from these objects and the
 * browser hydrates and navigates from the same bytes, so everything here is what the page shows
 * and nothing more (pages/payload.ts builds payloads, pages/shell-file.ts the shell's file).
 * Types (and one marker) only: blocks, the renderer and the editor import them without the payload code.
 *
 * Site-wide data is not in payloads: one content-hashed shell file per build holds it, fetched
 * once per visit and cached, so a navigation change rewrites that file and the HTML, not every
 * payload.
 */
import type { Asset, Blok, ListedType } from '../cms/content-model.ts'
import type { Words } from './words.ts'

/** One link of the header navigation. */
export interface NavItem {
  label: string
  /** A route of the site, or an external URL (from the site settings story). */
  route: string
}

/** One version of a page: its language tag and route. */
export interface Alternate {
  language: string
  route: string
}

/** A related or listed project or article, reduced to what a card shows. */
export interface StoryCard {
  uuid: string
  /** Where the card links to (routeOf the story), so blocks never compute routes. */
  route: string
  name: string
  first_published_at?: string | null
  content: { _uid: string; component: string; title?: string; description?: string; image?: Asset }
}

/** Where the contact form sends (`CONTACT_ENDPOINT`), or whom the mailto: fallback addresses (`CONTACT_EMAIL`). */
export interface ContactSettings {
  endpoint?: string
  email?: string
}

/** An analytics script (`ANALYTICS_SCRIPT_URL`) and its data attributes (`ANALYTICS_ATTRIBUTES`), as Plausible or Umami document them. */
export interface AnalyticsScript {
  src: string
  attributes: [name: string, value: string][]
}

export interface SiteInfo {
  name: string
  /** The default image of share cards (site settings `share_image`), for pages without a large image of their own. */
  image?: { url: string; alt?: string }
  /** Absolute origin for canonical URLs (`SITE_URL`), when configured. */
  url?: string
  /** The site's language (`SITE_LANGUAGE`) when it is not `en`; another language's code on its site. */
  language?: string
  /** The home page's route when it is not `/` (another language's site: `/de/`). */
  home?: string
  /** Meta description of pages that have none of their own (site settings). */
  description?: string
  contact?: ContactSettings
  /** A preview build's pages are for the visual editor: robots must not index them. */
  noindex?: true
  /** The analytics script pages add once interactive, outside the visual editor (renderer/client/analytics.ts); never in preview builds. */
  analytics?: AnalyticsScript
  /** The header offers search, over the Pagefind index every build writes to `/pagefind/` (`SEARCH`, on by default). */
  search?: true
  /** The journal's feed (pages/feed.ts), when the site has one: pages link to it. */
  feed?: string
}

export interface RoutePayload {
  route: string
  story: {
    /** Numeric id: the visual editor's change and published events name stories by it. */
    id: number
    uuid: string
    name: string
    full_slug: string
    first_published_at?: string | null
    /** The last publication: an article's dateModified. */
    published_at?: string | null
    content: Blok
  }
  /** This page in every language of the site, the default first (pages/languages.ts); absent with one language. */
  alternates?: Alternate[]
  /** The stories above this page, home first (pages/breadcrumbs.ts); absent on the home page. */
  breadcrumbs?: NavItem[]
  /** Route of every story this story links to, by uuid. */
  links: Record<string, string>
  /**
   * Published projects and articles, newest first, for the story's `all-projects` and
   * `all-articles` blocks: on a page of a long list (pages/pagination.ts), that page's window.
   */
  lists?: Partial<Record<ListedType, StoryCard[]>>
  /** Where this page of a long story list is, and the routes of its neighbours. */
  pagination?: Pagination
}

export interface Pagination {
  /** 1 for the story's own route. */
  page: number
  /** The newer page's route. */
  prev?: string
  /** The older page's route. */
  next?: string
}

/** What every page of a build shares: the site's name and settings, and its navigation. */
export interface SiteShell {
  site: SiteInfo
  /** The header navigation. */
  nav: NavItem[]
  /** The footer's links (site settings; none when derived). */
  footer: NavItem[]
  /** The interface's words in the site's language (pages/words.ts); absent: English. */
  words?: Words
}

/**
 * A rich-text field as payloads carry it: sanitized HTML, rendered once by `renderRichText`. Only
 * the payload step makes this shape: content from the CMS that has it is dropped (pages/payload.ts),
 * so no editor or CMS answer can hand the page HTML of its own.
 */
export interface RenderedRichText {
  type: 'html'
  html: string
  /** Blocks embedded in the text, in order; `<!--blok:N-->` in `html` marks where list N goes. */
  bloks?: Blok[][]
}

/** The marker of embedded block list N in rendered rich text: `<!--blok:N-->`. */
export const BLOK_MARK_START = '<!--blok:'
export const BLOK_MARK_END = '-->'

/**
 * The build manifests the browser reads (docs/behaviour.md, "Calls"): `builds/meta/<id>.json` with the
 * prerendered routes (the client's route rules) and `builds/latest.json`, polled hourly to notice a
 * new deploy.
 */
export interface BuildMeta {
  id: string
  timestamp: number
  /** Every prerendered route; anything else is a 404 without asking the network. */
  routes: string[]
  /** Routes end in a slash and are served from `<route>index.html`. */
  trailingSlash: true
  /** The content version the build was crawled at. */
  cv: number
  /** The id of the Storyblok space the build shows: the demo is never built over another space's build. */
  space?: number
  /** The hashed assets of this build's own bundle (the next build keeps them for open tabs). */
  assets: string[]
  /** Path of the client entry script (`/assets/entries/renderer_client.<hash>.js`). */
  client?: string
}

/** Where every build writes its LatestBuild, in the output's root. */
export const LATEST_BUILD_PATH = 'builds/latest.json'

/**
 * `builds/latest.json`, which open tabs poll: the newest build, and the path of its client script
 * (content-hashed), by which a page tells whether the code it runs is still current.
 */
export interface LatestBuild {
  id: string
  timestamp: number
  client?: string
}
