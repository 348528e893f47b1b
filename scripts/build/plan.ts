/**
 * The plan phase: which routes this build renders and what it starts from. With a cache whose
 * build is live and known changes, the build is incremental: it starts as the live build,
 * hard-linked, minus the routes that went away, and renders only the affected routes
 * (pages/affected.ts). Otherwise it is full.
 */
import { rmdir } from 'node:fs/promises'
import { join } from 'node:path'
import { affectedRoutes, type AffectedRoutes, type RouteDependencies } from '../../pages/affected.ts'
import type { SiteInfo } from '../../pages/route-payload.ts'
import { routeDir } from '../../pages/routes.ts'
import { siteOf, type Site } from '../../pages/site.ts'
import type { CacheState } from '../build-cache.ts'
import type { Content } from '../content.ts'
import { linkTree, liveDir } from '../deploy.ts'
import { OutputWriter } from '../output.ts'

export interface Plan {
  /** The routes to render and remove; undefined for a full build. */
  incremental?: AffectedRoutes
  output: OutputWriter
  /** What every route of the new build was rendered from: the cached entries, updated as pages render. */
  routes: Map<string, RouteDependencies>
  /** Fills the stage from the live build (incremental builds); run once the render workers start. */
  startFromLive(): Promise<void>
  /** Full or incremental, and why: for the summary. */
  mode: string
}

/** The previous build's site, rebuilt from its summaries: its navigation, project list and settings. */
function previousSite(state: CacheState, info: SiteInfo): Site {
  return siteOf({ summaries: () => state.stories.summaries, load: () => { throw new Error('not loaded') } }, info)
}

export function planBuild({ outDir, stage, previous, fullReason, content, site, info }: {
  outDir: string
  stage: string
  previous?: CacheState
  /** Why there is no usable cache, when there is none. */
  fullReason: string
  content: Content
  site: Site
  info: SiteInfo
}): Plan {
  const live = liveDir(outDir)
  const incremental = previous && content.changed && live
    ? affectedRoutes({ routes: new Map(Object.entries(previous.routes)), site: previousSite(previous, info) }, site, content.changed)
    : undefined
  const output = new OutputWriter(stage, incremental && previous ? new Map(Object.entries(previous.files)) : undefined)
  const routes = new Map(incremental && previous ? Object.entries(previous.routes) : [])
  const startFromLive = async () => {
    if (!incremental || !live || !previous) return
    linkTree(live, stage, Object.keys(previous.files))
    for (const route of incremental.removed) {
      routes.delete(route)
      await output.remove(join(routeDir(route), 'index.html'))
      await output.remove(join(routeDir(route), '_payload.json'))
      await rmdir(join(stage, routeDir(route))).catch(() => {}) // only when nothing else lives there
    }
  }
  const mode = incremental
    ? `incremental (${content.how}${incremental.everything ? `; every route, ${incremental.everything}` : ''})`
    : `full (${content.how}${fullReason ? `: ${fullReason}` : ''})`
  return { incremental, output, routes, startFromLive, mode }
}
