/**
 * The record phase: what the next build needs of this one, saved to the build cache
 * (scripts/engine/cache/cache.ts): the index of each language's story file, every route's dependencies, every file's
 * digest, the redirects made for moved stories, and the fingerprint they were made with.
 */
import { saveState, STATE_VERSION, type FolderState } from '../cache/cache.ts'
import type { Redirect } from '../../../pages/redirects.ts'
import type { Content } from '../content/content.ts'
import { storyFilePath, type SpilledIndex, type SpilledStories } from '../content/story-store.ts'
import type { Plan } from '../plan/plan.ts'

/** Replaced stories in the cache's story file are dropped once they take this much, and half the file. */
const COMPACT_AT_BYTES = 32 * 1024 * 1024

const needsCompaction = (spilled: SpilledStories) => spilled.garbage >= Math.max(COMPACT_AT_BYTES, spilled.size / 2)

/** Incremental builds append changed stories; once the file is mostly replaced stories, rewrite it. */
function storyIndex(spilled: SpilledStories, cache: string, language?: string): SpilledIndex {
  if (!needsCompaction(spilled)) return spilled.index()
  const compact = spilled.compactTo(storyFilePath(cache, language))
  compact.close()
  return compact.index()
}

export function recordBuild({ cache, fingerprint, buildId, content, languages, folders, plan, redirects }: {
  cache: string
  fingerprint: string
  buildId: string
  content: Content
  /** The other languages' stories (scripts/engine/content/languages.ts), when the space has some. */
  languages: { language: string; stories: SpilledStories }[]
  /** A space translated by folders: the split's summaries and groups (scripts/engine/content/folder-languages.ts). */
  folders?: FolderState
  plan: Plan
  redirects: Redirect[]
}): void {
  saveState(cache, {
    version: STATE_VERSION,
    fingerprint,
    buildId,
    space: content.space,
    stories: storyIndex(content.stories, cache),
    ...(languages.length ? { languages: Object.fromEntries(languages.map(({ language, stories }) => [language, storyIndex(stories, cache, language)])) } : {}),
    ...(folders ? { folders } : {}),
    routes: plan.routes,
    files: plan.output.contents(),
    redirects: redirects.filter((redirect) => redirect.auto),
  })
}
