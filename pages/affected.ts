/**
 * Which routes an incremental build re-renders: the pages of the changed stories, every
 * page that shows or links to one of them (relations, story links), every page of a story list
 * whose entries changed, every page whose breadcrumbs changed, and every page when the navigation changed. Routes whose story went away (or
 * moved elsewhere) are removed. Pure: the build cache supplies what the previous build rendered from.
 */
import { LISTED_TYPES, type ListedType } from '../cms/content-model.ts'
import { ancestorRoutes } from './breadcrumbs.ts'
import type { StoryCard } from './build-contract.ts'
import type { Shown, ShownWindow } from './payload.ts'
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

// The same object first: an incremental build's unchanged stories keep their summaries, and so their cards.
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b)

type Crumb = Pick<StoryCard, 'name'> & { route?: string }

/**
 * The routes whose breadcrumb differs between two builds (pages/breadcrumbs.ts: the card at that
 * route, by its name and route): a page's breadcrumbs changed exactly when one of its ancestors is
 * among them, so each page is checked against this set instead of building its trail twice.
 */
function changedCrumbs(before: ReadonlyMap<string, Crumb>, after: ReadonlyMap<string, Crumb>): Set<string> {
  const changed = new Set<string>()
  for (const [route, card] of before) {
    const now = after.get(route)
    if (!now || now.name !== card.name || now.route !== card.route) changed.add(route)
  }
  for (const route of after.keys()) if (!before.has(route)) changed.add(route)
  return changed
}

/**
 * Whether two versions of a list differ anywhere in `[from, to)`. Made once per list: the number
 * of differing positions before each position, so that every page's window is one subtraction. An
 * edited card changes one position, and so one page of a long list; a story added, removed or
 * moved shifts every position between its old and new places.
 */
function differences(before: unknown[], after: unknown[]): (window: ShownWindow) => boolean {
  const length = Math.max(before.length, after.length)
  const differingBefore = new Uint32Array(length + 1)
  for (let at = 0; at < length; at++) differingBefore[at + 1] = differingBefore[at]! + (same(before[at], after[at]) ? 0 : 1)
  return ({ from, to }) => differingBefore[Math.min(to, length)]! > differingBefore[Math.min(from, length)]!
}

export function affectedRoutes(previous: { routes: Map<string, RouteDependencies>; site: Site }, site: Site, changed: ReadonlySet<string>): AffectedRoutes {
  const removed = [...previous.routes.keys()].filter((route) => !site.routes.has(route))
  const everything = !same([previous.site.shell.nav, previous.site.shell.footer], [site.shell.nav, site.shell.footer])
    ? 'the navigation changed'
    : !same(previous.site.shell.site, site.shell.site)
      ? 'the site settings changed'
      : undefined
  if (everything) return { render: [...site.routes.keys()], removed, everything }

  const listChanged = new Map(LISTED_TYPES.map((type) => [type as string, differences(previous.site.index.lists[type], site.index.lists[type])]))
  const showsChangedList = (shown: Shown) => {
    for (const type in shown) if (listChanged.get(type)?.(shown[type as ListedType]!)) return true
    return false
  }
  const crumbs = changedCrumbs(previous.site.index.byRoute, site.index.byRoute)
  const render: string[] = []
  for (const [route, { uuid }] of site.routes) {
    const before = previous.routes.get(route)
    if (
      !before ||
      before.uuid !== uuid ||
      changed.has(uuid) ||
      before.dependsOn.some((other) => changed.has(other)) ||
      (before.listsShown && showsChangedList(before.listsShown)) ||
      (crumbs.size > 0 && ancestorRoutes(route).some((ancestor) => crumbs.has(ancestor)))
    ) {
      render.push(route)
    }
  }
  return { render, removed }
}
