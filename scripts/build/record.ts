/**
 * The record phase: what the next build needs of this one, saved to the build cache
 * (scripts/build-cache.ts): the story file's index, every route's dependencies, every file's
 * digest, the redirects made for moved stories, and the fingerprint they were made with.
 */
import { join } from 'node:path'
import { saveState, STATE_VERSION } from '../build-cache.ts'
import type { Redirect } from '../../pages/redirects.ts'
import type { Content } from '../content.ts'
import type { SpilledIndex } from '../story-file.ts'
import type { Plan } from './plan.ts'

/** Replaced stories in the cache's story file are dropped once they take this much, and half the file. */
const COMPACT_AT_BYTES = 32 * 1024 * 1024

/** Incremental builds append changed stories; once the file is mostly replaced stories, rewrite it. */
function storyIndex(content: Content, cache: string): SpilledIndex {
  const spilled = content.stories
  if (spilled.garbage < Math.max(COMPACT_AT_BYTES, spilled.size / 2)) return spilled.index()
  const compact = spilled.compactTo(join(cache, `stories-${Date.now()}-${process.pid}.jsonl`))
  compact.close()
  return compact.index()
}

export function recordBuild({ cache, fingerprint, buildId, content, plan, redirects }: { cache: string; fingerprint: string; buildId: string; content: Content; plan: Plan; redirects: Redirect[] }): void {
  saveState(cache, {
    version: STATE_VERSION,
    fingerprint,
    buildId,
    space: content.space,
    stories: storyIndex(content, cache),
    routes: Object.fromEntries(plan.routes),
    files: Object.fromEntries(plan.output.contents()),
    redirects: redirects.filter((redirect) => redirect.auto),
  })
}
