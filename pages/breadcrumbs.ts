/**
 * Breadcrumbs: the stories above a route in the folder tree, home first, each by its story name.
 * A folder without a start page has no route and is skipped; page 2 of a long list has its list's
 * first page above it. The page shows them and its BreadcrumbList structured data lists them
 * (renderer/structured-data.ts); an incremental build compares them before and after, so renaming
 * a folder's start page re-renders the pages below it and nothing else (pages/affected.ts).
 */
import type { NavItem, StoryCard } from './build-contract.ts'

/** Every route above `route`: `/blog/2025/x/` → `/`, `/blog/`, `/blog/2025/`. */
export function ancestorRoutes(route: string): string[] {
  if (route === '/') return []
  const parts = route.split('/').filter(Boolean)
  return ['/', ...parts.slice(0, -1).map((_, at) => `/${parts.slice(0, at + 1).join('/')}/`)]
}

export function breadcrumbs(route: string, byRoute: ReadonlyMap<string, Pick<StoryCard, 'name'> & { route?: string }>): NavItem[] {
  return ancestorRoutes(route).flatMap((ancestor) => {
    const card = byRoute.get(ancestor)
    return card ? [{ label: card.name, route: card.route ?? ancestor }] : []
  })
}
