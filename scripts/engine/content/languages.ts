/**
 * The sites of a space's other languages (docs/behaviour.md, "Languages"): each language's stories
 * acquired like the default's (scripts/engine/content/content.ts: refetched for a webhook, or crawled with
 * `language=<code>`), in a story file of its own, and made a site at `/<code>/…`
 * (pages/languages.ts). Every site's index then learns the versions of each page in all
 * languages, for hreflang links and the language switcher.
 */
import type { CmsClient } from '../../../cms/client.ts'
import { alternatesByUuid, languageSiteOf } from '../../../pages/languages.ts'
import type { SiteInfo } from '../../../pages/build-contract.ts'
import type { Site } from '../../../pages/site.ts'
import type { CacheState } from '../cache/cache.ts'
import { acquireTranslation, type Content } from './content.ts'
import type { SpilledStories } from './story-store.ts'

export interface LanguageSite {
  language: string
  site: Site
  stories: SpilledStories
  /** Uuids changed in this language since the cached build; undefined when there is no cached file of it. */
  changed?: Set<string>
}

export interface LanguageSitesInput {
  codes: string[]
  /** The default language's content: its space pins the cv, its refetched ids are refetched here too. */
  content: Content
  /** The cached build, when the default language's content was compared with it. */
  previous?: CacheState
  perPage: number
  cacheDir: string
  info: SiteInfo
  defaultLanguage: string
  defaultSite: Site
}

export async function languageSites(client: CmsClient, { codes, content, previous, perPage, cacheDir, info, defaultLanguage, defaultSite }: LanguageSitesInput): Promise<{ sites: LanguageSite[]; warnings: string[] }> {
  const warnings: string[] = []
  const sites: LanguageSite[] = []
  // A default-language route under /<code>/ would share its folder with that language's pages.
  for (const language of codes) {
    const taken = [...defaultSite.routes.keys()].find((route) => route.startsWith(`/${language}/`))
    if (taken) throw new Error(`The route ${taken} of the default language is where the pages of language "${language}" go: rename that story's slug, or leave "${language}" out of STORYBLOK_LANGUAGES.`)
  }
  // The cached files count only when the default language's content was compared with the cache.
  const cached = content.changed ? previous?.languages : undefined
  try {
    for (const language of codes) {
      const { stories, changed, warnings: found } = await acquireTranslation(client, { language, space: content.space, cacheDir, perPage, previous: cached?.[language], refetched: content.refetched })
      warnings.push(...found)
      sites.push({ language, site: languageSiteOf(stories, info, language, content.stories.summaries()), stories, changed })
    }
  } catch (error) {
    for (const { stories } of sites) release(stories, previous)
    throw error
  }
  return { sites, warnings: [...warnings, ...linkVersions(defaultLanguage, defaultSite, sites)] }
}

/**
 * Tells every language's site which versions each page has (for hreflang links and the switcher),
 * and returns the language sites' warnings, each marked with its language.
 */
export function linkVersions(defaultLanguage: string, defaultSite: Site, sites: { language: string; site: Site }[], groupOf?: (uuid: string) => string): string[] {
  const alternates = alternatesByUuid([{ language: defaultLanguage, site: defaultSite }, ...sites], groupOf)
  for (const { index } of [defaultSite, ...sites.map(({ site }) => site)]) index.alternates = alternates
  return sites.flatMap(({ language, site }) => site.warnings.map((warning) => `[${language}] ${warning}`))
}

/** Lets go of a language's story file after a failed build: a new file is deleted, the cached one only closed. */
export function release(stories: SpilledStories, previous: CacheState | undefined): void {
  const cachedFiles = new Set(Object.values(previous?.languages ?? {}).map((index) => index.file))
  if (cachedFiles.has(stories.path)) stories.close()
  else stories.dispose()
}

