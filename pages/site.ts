/**
 * A crawled space as a site: which story each route shows, what each route's payload holds, and
 * the shell every page shares. The build and the dev server both render from this. Summaries make
 * the route table, navigation and index; a story's full content is loaded only for its own
 * payload (see stories.ts).
 */
import { byFullSlug } from '../cms/content-model.ts'
import { buildPayload, siteIndex, type PayloadResult, type SiteIndex } from './payload.ts'
import type { SiteInfo, SiteShell } from './route-payload.ts'
import { siteShell } from './site-shell.ts'
import { caseCollisions, routeTable } from './routes.ts'
import type { StorySource } from './stories.ts'

export interface Site {
  /** The story of every route (its full_slug and uuid), in full_slug order. */
  routes: Map<string, { fullSlug: string; uuid: string }>
  index: SiteIndex
  /** What every page shares: settings and navigation (written once per build, see shell-file.ts). */
  shell: SiteShell
  /** What the site's shape should warn of: settings links that lead nowhere, routes that differ only by case. */
  warnings: string[]
  payloadFor(route: string): PayloadResult | undefined
}

export function siteOf(source: StorySource, info: SiteInfo): Site {
  const all = [...source.summaries()].sort(byFullSlug)
  // The site settings story is not a page: it shapes every page's shell instead.
  const summaries = all.filter((summary) => !summary.settings)
  const table = routeTable(summaries)
  const index = siteIndex(summaries)
  const { shell, warnings } = siteShell(all, info)
  return {
    routes: new Map([...table].map(([route, summary]) => [route, { fullSlug: summary.full_slug, uuid: summary.uuid }])),
    index,
    shell,
    warnings: [...warnings, ...caseCollisions(table.keys())],
    payloadFor(route) {
      const summary = table.get(route)
      return summary ? buildPayload(source.load(summary.uuid), index) : undefined
    },
  }
}
