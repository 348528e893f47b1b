/**
 * A space with languages builds one site per language (docs/behaviour.md, "Languages"): the
 * default at `/…`, every other language at `/<code>/…`, its stories' `full_slug` prefixed by the
 * code (by the delivery API for `language=<code>`, or by the folder they are kept in). Pure functions: which route a
 * translated story gets, which language a route is in, and which routes are versions of the same page.
 */
import type { Story } from '../cms/content-model.ts'
import type { Alternate, SiteInfo } from './build-contract.ts'
import { routeOf } from './routes.ts'
import { siteOf, type Site } from './site.ts'
import type { StorySource, StorySummary } from './stories.ts'

/**
 * The site of language `code`: its pages under `/<code>/`, its home page there too (or the default
 * language's, when the language has none). `fallback`, the default language's stories, stands in
 * wherever the language lacks a story (pages/site.ts, SiteOptions).
 */
export function languageSiteOf(source: StorySource, info: SiteInfo, code: string, fallback: StorySummary[] = []): Site {
  const home = `/${code}/`
  const hasHome = source.summaries().some((summary) => routeOf(summary) === home)
  return siteOf(source, { ...info, language: code, home: hasHome ? home : '/' }, { prefix: `${code}/`, fallback })
}

/**
 * Whether a story is published in language `code`: with Storyblok's "Publish translations
 * individually", `translated_slugs` says per language; without it, every language is.
 */
export function publishedIn(story: Pick<Story, 'translated_slugs'>, code: string): boolean {
  const entries = Array.isArray(story.translated_slugs) ? story.translated_slugs : []
  return !entries.some((entry) => entry?.lang === code && entry.published === false)
}

/**
 * Which language a route is in: the code whose folder it is under, undefined for the default
 * language (whose routes never start with another language's folder: the build stops first).
 */
export function languageOfRoute(route: string, codes: readonly string[]): string | undefined {
  return codes.find((code) => route.startsWith(`/${code}/`))
}

/**
 * A story of language `code` as its site routes it: the home page (whatever its translated slug)
 * becomes the language's start page, served at `/<code>/`; the rest keep `<code>/<path>`.
 */
export function localizeStory(story: Story, code: string): Story {
  const defaultSlug = typeof story.default_full_slug === 'string' && story.default_full_slug ? story.default_full_slug : story.full_slug.replace(new RegExp(`^${code}/`), '')
  return routeOf({ full_slug: defaultSlug }) === '/' ? { ...story, full_slug: `${code}/`, is_startpage: true } : story
}

/**
 * Every page's versions, by story uuid, the default language first: for hreflang links and the
 * language switcher. Pages of long lists are left out (their story's route stands for them).
 * `groupOf` names the page a story is a version of: its uuid in field-level translation, where
 * the versions are one story; its group of alternates in folder-level translation.
 */
export function alternatesByUuid(sites: { language: string; site: Pick<Site, 'routes'> }[], groupOf: (uuid: string) => string = (uuid) => uuid): Map<string, Alternate[]> {
  const byGroup = new Map<string, Alternate[]>()
  const groups = new Map<string, string>()
  for (const { language, site } of sites) {
    for (const [route, { uuid, page }] of site.routes) {
      if (page) continue
      const group = groupOf(uuid)
      groups.set(uuid, group)
      byGroup.set(group, [...(byGroup.get(group) ?? []), { language, route }])
    }
  }
  return new Map([...groups].map(([uuid, group]) => [uuid, byGroup.get(group)!]))
}
