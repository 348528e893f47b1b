/**
 * Which routes an incremental build re-renders: the pages of the changed stories, every
 * page that shows or links to one of them (relations, story links), every story list whose shown
 * entries changed, every page whose breadcrumbs changed, and every page when the navigation changed. Routes whose story went away (or
 * moved elsewhere) are removed. Pure: the build cache supplies what the previous build rendered from.
 */
import { LISTED_TYPES, type ListedType } from '../cms/content-model.ts'
import { breadcrumbs } from './breadcrumbs.ts'
import type { Shown } from './payload.ts'
import type { Site } from './site.ts'

/** What a page was rendered from, besides its own story (kept by the build cache). */
export interface RouteDependencies {
  uuid: string
  /** Other stories it shows or links to, found or not. */
  dependsOn: string[]
  /** How many entries of each story list it shows (see PayloadResult). */
  listsShown: Shown
}

export interface AffectedRoutes {
  /** Routes to render, in the site's route order. */
  render: string[]
  /** Routes of the previous build that no longer exist. */
  removed: string[]
  /** Why every route is rendered, when it is. */
  everything?: string
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** The first position at which two lists differ (Infinity when they are the same). */
function firstDifference(before: unknown[], after: unknown[]): number {
  const length = Math.max(before.length, after.length)
  for (let at = 0; at < length; at++) if (!same(before[at], after[at])) return at
  return Infinity
}

export function affectedRoutes(previous: { routes: Map<string, RouteDependencies>; site: Site }, site: Site, changed: ReadonlySet<string>): AffectedRoutes {
  const removed = [...previous.routes.keys()].filter((route) => !site.routes.has(route))
  const everything = !same([previous.site.shell.nav, previous.site.shell.footer], [site.shell.nav, site.shell.footer])
    ? 'the navigation changed'
    : !same(previous.site.shell.site, site.shell.site)
      ? 'the site settings changed'
      : undefined
  if (everything) return { render: [...site.routes.keys()], removed, everything }

  const listChangeAt = (type: ListedType) => firstDifference(previous.site.index.lists[type], site.index.lists[type])
  const changeAt = Object.fromEntries(LISTED_TYPES.map((type) => [type, listChangeAt(type)])) as Record<ListedType, number>
  const render: string[] = []
  for (const [route, { uuid }] of site.routes) {
    const before = previous.routes.get(route)
    if (
      !before ||
      before.uuid !== uuid ||
      changed.has(uuid) ||
      before.dependsOn.some((other) => changed.has(other)) ||
      Object.entries(before.listsShown ?? {}).some(([type, shown]) => shown > changeAt[type as ListedType]) ||
      !same(breadcrumbs(route, previous.site.index.byRoute), breadcrumbs(route, site.index.byRoute))
    ) {
      render.push(route)
    }
  }
  return { render, removed }
}
