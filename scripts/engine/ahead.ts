/**
 * What a standby build (scripts/engine/standby.ts) does before its job comes, so that a publish
 * waits only for what its stories changed: it reads the build cache's state, makes the sites the
 * plan compares with, and fills its stage with hard links to every file of the live build and of
 * its search index (at 10,000 stories about 30,000 links and 11,000 folders, more than half a
 * second). The job uses them only if the state file and the live build are still the ones they
 * were made from (see `usableAhead`); otherwise the build starts as any other does.
 */
import { cacheDir, readStateAhead, type CacheState, type StateAhead } from './cache/cache.ts'
import { previousBuildOf, type PreviousBuild } from './cache/previous-build.ts'
import type { BuildConfig } from './config.ts'
import { createStage, discardStage, liveBuildId, liveDir, stagePath } from './files/deploy.ts'
import { linkTree } from './files/fill-stage.ts'
import { carryIndex } from './search/index.ts'

export interface Ahead {
  state: StateAhead
  /** The state's build as the plan compares with it, when that build is live. */
  previous?: PreviousBuild
  /** The live build whose files the stage (stagePath) holds links to, when it does. */
  linkedFrom?: string
}

export async function prepareAhead(config: BuildConfig): Promise<Ahead | undefined> {
  const state = readStateAhead(cacheDir(config))
  if (!state) return undefined
  const live = liveDir(config.outDir)
  const liveId = liveBuildId(config.outDir)
  if (!state.state || !live || state.state.buildId !== liveId) return { state }
  const previous = previousBuildOf(state.state, config)
  const stage = await createStage(config.outDir)
  linkTree(live, stage, Object.entries(state.state.files))
  // The live search index too (scripts/engine/search/): its 11,000 links at 10,000 stories no longer wait for a webhook.
  if (config.search) carryIndex({ dir: live, id: liveId }, stage, cacheDir(config))
  return { state, previous, linkedFrom: liveId }
}

/** A standby build that gets no job removes the stage it filled. */
export async function dropAhead(config: BuildConfig, ahead: Ahead | undefined): Promise<void> {
  if (ahead?.linkedFrom) await discardStage(stagePath(config.outDir))
}

/**
 * What of `ahead` the build can use, given the state it loaded (`state`: the same object as the
 * state read ahead when its file did not change since, see loadState).
 */
export function usableAhead(config: BuildConfig, ahead: Ahead | undefined, state: CacheState | undefined): { previous?: PreviousBuild; linked: boolean } {
  if (!ahead?.previous || !state || ahead.previous.state !== state) return { linked: false }
  return { previous: ahead.previous, linked: ahead.linkedFrom === state.buildId && liveBuildId(config.outDir) === state.buildId }
}
