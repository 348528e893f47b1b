/**
 * A site's render pass (the default language's, or another's): its planned routes rendered on the
 * build's workers. When an incremental build planned none of its routes, the pass renders nothing
 * and waits for no worker: its pages, error pages and shell file stay the build's, since they show
 * only content that did not change and the shell (a changed shell plans every page).
 */
import { prerender, type PrerenderInput, type PrerenderResult } from './prerender.ts'
import type { RenderPool } from './pool.ts'

/** What the passes share: the build's output and plan, and its pool once a pass needs it. */
export interface PassContext extends Pick<PrerenderInput, 'output' | 'beforeWrites'> {
  /** The routes an incremental build renders, of every site; a full build renders every route. */
  planned?: string[]
  pool: () => Promise<RenderPool>
}

export async function sitePass({ planned, pool, output, beforeWrites }: PassContext, pass: Omit<PrerenderInput, 'pool' | 'output' | 'only' | 'beforeWrites'>): Promise<PrerenderResult> {
  const only = planned?.filter((route) => pass.site.routes.has(route))
  if (only && !only.length) return { routes: [...pass.site.routes.keys()], unknownBlocks: new Map(), warnings: [], dependencies: new Map() }
  return prerender({ ...pass, pool: await pool(), output, only, beforeWrites })
}
