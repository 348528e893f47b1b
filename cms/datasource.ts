/**
 * Reads a whole datasource (`cdn/datasource_entries`), page by page like the crawl reads stories,
 * at the crawl's `cv`. The editors' redirects live in one (pages/redirects.ts). A space without
 * that datasource is a site without redirects, not an error.
 */
import { CmsRequestError, type CmsClient, type DatasourceEntry } from './client.ts'
import { DATASOURCE_PER_PAGE } from './config.ts'

/** The datasource of editor-managed redirects (docs/behaviour.md, "Redirects"). */
export const REDIRECTS_DATASOURCE = 'redirects'
/**
 * The change id that stands for "the redirects datasource changed" in the server's build queue and
 * in a build's `--changed` list: no story has id 0, and the build reads the redirects anyway.
 */
export const REDIRECTS_CHANGE = 0

export async function fetchDatasource(client: CmsClient, slug: string, cv: number): Promise<DatasourceEntry[]> {
  const page = (number: number) => client.getDatasourceEntries({ datasource: slug, cv, per_page: DATASOURCE_PER_PAGE, page: number })
  let first
  try {
    first = await page(1)
  } catch (error) {
    if (error instanceof CmsRequestError && error.status === 404) return []
    throw error
  }
  const entries = [...first.entries]
  const pages = Math.ceil(first.total / DATASOURCE_PER_PAGE)
  for (let number = 2; number <= pages; number++) entries.push(...(await page(number)).entries)
  return entries
}
