/**
 * The build's redirect table (pages/redirects.ts): the editors' datasource entries, and a redirect
 * from the old route of every story that moved since the previous build, kept from build to build
 * in the build cache so that old links keep working after later moves.
 */
import type { DatasourceEntry } from '../../cms/client.ts'
import { editorRedirects, movedStoryRedirects, redirectTable, type Redirect } from '../../pages/redirects.ts'
import type { Site } from '../../pages/site.ts'
import type { CacheState } from '../build-cache.ts'

export function siteRedirects(entries: DatasourceEntry[], site: Site, previous: CacheState | undefined): { table: Redirect[]; warnings: string[] } {
  const warnings: string[] = []
  const before = new Map(Object.entries(previous?.routes ?? {}).map(([route, { uuid }]) => [route, uuid]))
  const moved = movedStoryRedirects(before, site.routes, previous?.redirects)
  const table = redirectTable([...editorRedirects(entries, warnings), ...moved], new Set(site.routes.keys()), warnings)
  return { table, warnings }
}
