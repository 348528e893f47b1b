/**
 * The build's redirect table (pages/redirects.ts): the editors' datasource entries, and a redirect
 * from the old route of every story that moved since the previous build, kept from build to build
 * in the build cache so that old links keep working after later moves.
 */
import type { DatasourceEntry } from '../../../cms/client.ts'
import { editorRedirects, movedStoryRedirects, redirectTable, type Redirect } from '../../../pages/redirects.ts'
import type { Site } from '../../../pages/site.ts'
import type { PreviousBuild } from '../cache/previous-build.ts'

/**
 * `languages`: the sites of the space's other languages. A story that moved in any language (a
 * translated slug renamed, say) redirects from its old route to its new one in that language.
 */
export function siteRedirects(entries: DatasourceEntry[], site: Site, previous: PreviousBuild | undefined, languages: { language: string; site: Site }[] = []): { table: Redirect[]; warnings: string[] } {
  const warnings: string[] = []
  const sites = [{ language: undefined as string | undefined, site }, ...languages]
  const before = (language?: string) => (previous ? previous.of(language).routes : new Map<string, { uuid: string }>())
  // Earlier builds' redirects, of every language, are carried once (with the default's).
  const moved = sites.flatMap(({ language, site }) => movedStoryRedirects(before(language), site.routes, language ? [] : previous?.state.redirects))
  const routes = { has: (route: string) => sites.some((each) => each.site.routes.has(route)) }
  const table = redirectTable([...editorRedirects(entries, warnings), ...moved], routes, warnings)
  return { table, warnings }
}
