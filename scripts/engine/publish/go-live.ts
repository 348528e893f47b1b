/**
 * The deploy phase: completes the staged build and makes it live. A full build gets the client
 * bundle's assets, the demo images, the `_headers` file and the live build's assets (tabs still
 * open on it load their chunks from the new one); an incremental build already has them from the
 * live build. The manifests are written last, then the stage is swapped in (scripts/engine/files/deploy.ts).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DEMO_ASSETS_DIR, DEMO_ASSETS_ROUTE, isDemoSpace } from '../../../cms/demo-space.ts'
import type { CacheState } from '../cache/cache.ts'
import { connectOrigins, scriptSources, type BuildConfig } from '../config.ts'
import { writeChanges } from '../files/changes.ts'
import { buildsDir, liveDir, publishStage, readMeta } from '../files/deploy.ts'
import { buildId, clientEntry, writeManifests } from './manifests.ts'
import { carryOver, copyTree, type OutputWriter } from '../files/output.ts'
import type { PrerenderResult } from '../render/prerender.ts'
import { formatHeaders, headerRules, HEADERS_FILE } from './headers.ts'
import type { Plan } from '../plan/plan.ts'

export interface GoLive {
  config: BuildConfig
  plan: Plan
  stage: string
  bundleDir: string
  previous?: CacheState
  result: PrerenderResult
  cv: number
  /** The crawled space: a build of the demo space publishes its images. */
  space: { id: number; name: string }
  /** When the build started: the build id's time. */
  timestamp: number
  /** Runs the moment the build is live (saving the cache state, which now describes it). */
  onLive(id: string): void
  /** What stageBuildFiles returned, when the build called it before the render (a full build). */
  staged?: string[]
}

/**
 * What a full build adds besides its pages, returning the client assets' paths. Called before the
 * render, while the render worker gets Vike ready, when the other core would otherwise be idle.
 */
export function stageBuildFiles({ config, output, bundleDir, space }: Pick<GoLive, 'config' | 'bundleDir' | 'space'> & { output: OutputWriter }): string[] {
  const assets = copyTree(output, join(bundleDir, 'client'), '.', 'assets')
  if (isDemoSpace(space)) copyTree(output, DEMO_ASSETS_DIR, DEMO_ASSETS_ROUTE, 'images')
  // Settings shape the headers, and a change of settings makes a full build: incremental builds keep the file.
  output.write(HEADERS_FILE, formatHeaders(headerRules(connectOrigins(config), scriptSources(config))), 'manifest')
  const live = liveDir(config.outDir)
  if (live) carryOver(output, live, readMeta(live)?.assets ?? [], 'assets')
  return assets
}

/** Everything a build adds besides its pages; a full build's files are already staged when `staged` says so. */
async function completeStage({ config, plan, stage, bundleDir, previous, space, staged }: GoLive): Promise<string[]> {
  const { output, incremental } = plan
  if (incremental && previous) {
    // The manifests of older builds came along with the links; only the one just replaced is
    // kept (a tab may have read its id from latest.json a moment before the swap).
    for (const path of output.contents().keys()) {
      if (path.startsWith('builds/meta/') && path !== `builds/meta/${previous.buildId}.json`) await output.remove(path)
    }
    return readMeta(stage)?.assets ?? []
  }
  return staged ?? stageBuildFiles({ config, output, bundleDir, space })
}

/** Makes the staged build live and returns its id. */
export async function goLive(input: GoLive): Promise<string> {
  const { config, plan, stage, bundleDir, result, cv, timestamp, space } = input
  const assets = await completeStage(input)
  // Two builds of the same content within a second would share an id: the later one moves on.
  let id = buildId(timestamp, plan.output.digest())
  for (let later = 1000; existsSync(join(buildsDir(config.outDir), id)); later += 1000) id = buildId(timestamp + later, plan.output.digest())
  await writeManifests(plan.output, { id, timestamp, routes: result.routes, trailingSlash: true, cv, space: space.id, assets, client: clientEntry(bundleDir) })
  const { written, removed } = plan.output.changed
  writeChanges(stage, { ...(plan.incremental && input.previous ? { from: input.previous.buildId } : {}), written: [...written], removed: [...removed], late: [] })
  await publishStage(stage, config.outDir, id)
  input.onLive(id)
  return id
}
