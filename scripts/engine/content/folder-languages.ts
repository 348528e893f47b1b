/**
 * Folder-level translation (docs/behaviour.md, "Languages"): one crawl holds every language, each
 * in a top-level folder named by its code (`de/…`). The crawl's stories are split into a story
 * file per language, routed as that language's site routes them: the default language at `/…`
 * (taken out of its own folder when it has one), the others at `/<code>/…` with the folder's home
 * at `/<code>/`. The versions of one page are the stories Storyblok links as alternates.
 */
import type { Story } from '../../../cms/content-model.ts'
import { topLevelFolders } from '../../../cms/language.ts'
import { languageSiteOf, localizeStory } from '../../../pages/languages.ts'
import type { SiteInfo } from '../../../pages/build-contract.ts'
import type { Site } from '../../../pages/site.ts'
import type { FolderState } from '../cache/cache.ts'
import { SpilledStories, storyFilePath } from './story-store.ts'
import { linkVersions, type LanguageSite } from './languages.ts'

export interface FolderSplit {
  /** The default language's stories: the default folder's, or those in no language's folder. */
  defaultStories: SpilledStories
  languages: { language: string; stories: SpilledStories }[]
  /** Each story's group of versions (pages/languages.ts, alternatesByUuid), by uuid. */
  groups: Map<string, string>
}

/** The versions of one page share Storyblok's `group_id`; without it, the lowest id among its `alternates`. */
function groupKey(story: Story): string {
  if (typeof story.group_id === 'string' && story.group_id) return story.group_id
  const ids = Array.isArray(story.alternates) ? (story.alternates as { id?: unknown }[]).map((alternate) => alternate?.id).filter((id): id is number => typeof id === 'number') : []
  return ids.length ? `id:${Math.min(story.id, ...ids)}` : story.uuid
}

export function splitFolders(source: SpilledStories, { codes, defaultLanguage, cacheDir }: { codes: string[]; defaultLanguage: string; cacheDir: string }): FolderSplit {
  const summaries = source.summaries()
  const ownFolder = topLevelFolders(summaries.map((summary) => summary.full_slug)).has(defaultLanguage)
  const defaultStories = new SpilledStories(storyFilePath(cacheDir, defaultLanguage))
  const languages = codes.map((language) => ({ language, stories: new SpilledStories(storyFilePath(cacheDir, language)) }))
  const groups = new Map<string, string>()
  for (const { uuid, full_slug } of summaries) {
    const story = source.load(uuid)
    groups.set(uuid, groupKey(story))
    const folder = full_slug.includes('/') ? full_slug.split('/')[0]! : undefined
    const language = languages.find((each) => each.language === folder)
    if (language) language.stories.add(localizeStory(story, language.language))
    else if (ownFolder && folder === defaultLanguage) defaultStories.add({ ...story, full_slug: full_slug.slice(folder.length + 1) })
    else defaultStories.add(story)
  }
  return { defaultStories, languages, groups }
}

/** The other languages' sites of a split space, each page linked to its versions. */
export function folderLanguageSites(split: FolderSplit, { info, defaultLanguage, defaultSite }: { info: SiteInfo; defaultLanguage: string; defaultSite: Site }): { sites: LanguageSite[]; warnings: string[] } {
  const fallback = split.defaultStories.summaries()
  const sites = split.languages.map(({ language, stories }) => ({ language, stories, site: languageSiteOf(stories, info, language, fallback) }))
  return { sites, warnings: linkVersions(defaultLanguage, defaultSite, sites, (uuid) => split.groups.get(uuid) ?? uuid) }
}

/** What the next build compares with: each language's stories as split, and the groups (scripts/engine/cache/cache.ts). */
export function folderState(split: FolderSplit): FolderState {
  return {
    default: split.defaultStories.summaries(),
    languages: Object.fromEntries(split.languages.map(({ language, stories }) => [language, stories.summaries()])),
    groups: Object.fromEntries(split.groups),
  }
}
