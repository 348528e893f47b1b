/**
 * The sites of a space's other languages (docs/behaviour.md, "Languages"): each crawled with
 * `language=<code>` (cms/crawl.ts), spilled to a story file of its own for the render workers,
 * and made a site at `/<code>/…` (pages/languages.ts). Every site's index then learns the versions
 * of each page in all languages, for hreflang links and the language switcher.
 */
import { join } from 'node:path'
import type { CmsClient } from '../../cms/client.ts'
import type { Story } from '../../cms/content-model.ts'
import { crawlLanguage } from '../../cms/crawl.ts'
import { alternatesByUuid, localizeStory } from '../../pages/languages.ts'
import type { SiteInfo } from '../../pages/route-payload.ts'
import { siteOf, type Site } from '../../pages/site.ts'
import { SpilledStories } from '../story-file.ts'

export interface LanguageSite {
  language: string
  site: Site
  stories: SpilledStories
}

export async function languageSites(
  client: CmsClient,
  { cv, codes, perPage, cacheDir, info, defaultLanguage, defaultSite }: { cv: number; codes: string[]; perPage: number; cacheDir: string; info: SiteInfo; defaultLanguage: string; defaultSite: Site },
): Promise<{ sites: LanguageSite[]; warnings: string[] }> {
  const warnings: string[] = []
  const sites: LanguageSite[] = []
  // A default-language route under /<code>/ would share its folder with that language's pages.
  for (const language of codes) {
    const taken = [...defaultSite.routes.keys()].find((route) => route.startsWith(`/${language}/`))
    if (taken) throw new Error(`The route ${taken} of the default language is where the pages of language "${language}" go: rename that story's slug, or leave "${language}" out of STORYBLOK_LANGUAGES.`)
  }
  for (const language of codes) {
    // Each story goes to the language's file as it arrives: memory holds summaries, not the space.
    const stories = new SpilledStories(join(cacheDir, `stories-${language}-${Date.now()}-${process.pid}.jsonl`))
    const sink = { add: (story: Story) => void stories.add(localizeStory(story, language)) }
    warnings.push(...(await crawlLanguage(client, cv, language, { perPage, sink })).warnings)
    const site = siteOf(stories, { ...info, language, home: `/${language}/` }, { prefix: `${language}/` })
    warnings.push(...site.warnings.map((warning) => `[${language}] ${warning}`))
    sites.push({ language, site, stories })
  }
  const alternates = alternatesByUuid([{ language: defaultLanguage, site: defaultSite }, ...sites])
  for (const { index } of [defaultSite, ...sites.map(({ site }) => site)]) index.alternates = alternates
  return { sites, warnings }
}
