/**
 * The build's redirect table (pages/redirects.ts): the editors' datasource entries, and a redirect
 * from the old route of every story that moved since the previous build, kept from build to build
 * in the build cache so that old links keep working after later moves.
 */
import type { DatasourceEntry } from '../../cms/client.ts'
import { editorRedirects, movedStoryRedirects, redirectTable, type Redirect } from '../../pages/redirects.ts'
import type { Site } from '../../pages/site.ts'
import type { CacheState } from '../build-cache.ts'

/**
 * `languages`: the sites of the space's other languages. Moved stories are followed in the default
 * language (there a story's uuid names one route); every language's routes count as pages.
 */
export function siteRedirects(entries: DatasourceEntry[], site: Site, previous: CacheState | undefined, languages: { language: string; site: Site }[] = []): { table: Redirect[]; warnings: string[] } {
  const warnings: string[] = []
  const inDefault = (route: string) => !languages.some(({ language }) => route.startsWith(`/${language}/`))
  const before = new Map(Object.entries(previous?.routes ?? {}).filter(([route]) => inDefault(route)).map(([route, { uuid }]) => [route, uuid]))
  const moved = movedStoryRedirects(before, site.routes, previous?.redirects)
  const routes = new Set([site, ...languages.map((other) => other.site)].flatMap((each) => [...each.routes.keys()]))
  const table = redirectTable([...editorRedirects(entries, warnings), ...moved], routes, warnings)
  return { table, warnings }
}
