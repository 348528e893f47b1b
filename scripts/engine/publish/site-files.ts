/**
 * The files about the whole site that every build writes anew, full or incremental: `robots.txt`,
 * the web manifest (pages/web-manifest.ts), the sitemap (pages/sitemap.ts), the journal's feed
 * (pages/feed.ts), `_redirects` (pages/redirects.ts) and `nginx.conf` (nginx.ts). They are small
 * and change with any route or publication date, so they are generated from the summaries each
 * time; the writer leaves a file alone when its bytes did not change.
 */
import { blockName } from '../../../cms/content-model.ts'
import { atomFeed, FEED_ROUTE, FEED_TYPE } from '../../../pages/feed.ts'
import { notFoundRules, REDIRECTS_FILE, redirectsFile, type Redirect } from '../../../pages/redirects.ts'
import type { Site } from '../../../pages/site.ts'
import { robotsTxt, sitemapFiles, type TextFile } from '../../../pages/sitemap.ts'
import type { StorySummary } from '../../../pages/stories.ts'
import { webManifest } from '../../../pages/web-manifest.ts'
import type { OutputWriter } from '../files/output.ts'
import { readHeaderRules, type HeaderRules } from './headers.ts'
import { nginxConfig, NGINX_FILE } from './nginx.ts'

export interface SiteFilesInput {
  /** The site; its shell says the URL (`SITE_URL`, which the sitemap and feed need) and whether it is a preview. */
  site: Site
  summaries: StorySummary[]
  /** The build's redirect table (scripts/engine/content/redirects.ts). */
  redirects?: Redirect[]
  /** The sites of the space's other languages, with their stories: their routes are in the sitemap, their journals have feeds. */
  languages?: { site: Site; summaries: StorySummary[] }[]
  /** The build's header rules (`_headers`): with them, the nginx snippet is written too. */
  headers?: HeaderRules
}

/** A site's journal as a feed, when its shell says it has one. */
function feedOf(site: Site, summaries: StorySummary[], siteUrl: string): TextFile[] {
  const { feed, name, home, language } = site.shell.site
  if (!feed) return []
  const articles = summaries.filter((summary) => blockName(summary.component) === FEED_TYPE && !summary.settings)
  const entries = articles.map(({ card, name, first_published_at, published_at }) => ({
    route: card.route,
    title: card.content.title ?? name,
    summary: card.content.description,
    published: first_published_at,
    updated: published_at,
  }))
  return [atomFeed({ siteUrl, siteName: name, entries, ...(feed === FEED_ROUTE ? {} : { route: feed, home, language }) })]
}

/** The files, by path (pure: the build writes them, tests read them). */
export function siteFiles({ site, summaries, redirects = [], languages = [], headers }: SiteFilesInput): TextFile[] {
  const { url: siteUrl, noindex: preview = false } = site.shell.site
  const files: TextFile[] = [{ path: 'robots.txt', body: robotsTxt({ siteUrl, preview }) }, webManifest(site.shell.site)]
  // Redirects first: Netlify takes the first rule that matches.
  const folders = languages.flatMap((each) => each.site.shell.site.language ?? [])
  const redirectLines = redirectsFile(redirects) + notFoundRules(folders)
  if (redirectLines) files.push({ path: REDIRECTS_FILE, body: redirectLines })
  if (headers) files.push({ path: NGINX_FILE, body: nginxConfig({ rules: headers, redirects, notFoundFolders: folders }) })
  if (!siteUrl || preview) return files
  const sites = [{ site, summaries }, ...languages]
  const entries = sites.flatMap(({ site: each, summaries: stories }) => {
    const byUuid = new Map(stories.map((summary) => [summary.uuid, summary]))
    const lastmod = (uuid: string) => byUuid.get(uuid)?.published_at ?? byUuid.get(uuid)?.first_published_at
    const versions = (uuid: string, page?: number) => (page ? undefined : each.index.alternates?.get(uuid))
    return [...each.routes].map(([route, { uuid, page }]) => ({ route, lastmod: lastmod(uuid), ...(versions(uuid, page) ? { alternates: versions(uuid, page) } : {}) }))
  })
  files.push(...sitemapFiles({ siteUrl, entries }))
  // Each site's shell says whether it has a feed (its pages link to it from there).
  files.push(...sites.flatMap(({ site: each, summaries: stories }) => feedOf(each, stories, siteUrl)))
  return files
}

/** Writes the site files, and removes those the site no longer needs (parts of a sitemap index, an empty `_redirects`). */
export async function writeSiteFiles(output: OutputWriter, input: SiteFilesInput): Promise<void> {
  const files = siteFiles({ ...input, headers: readHeaderRules(output.root) })
  const paths = new Set(files.map((file) => file.path))
  for (const path of [...output.contents().keys()]) {
    if ((/^(sitemap(-\d+)?|([\w-]+\/)?feed)\.xml$/.test(path) || path === REDIRECTS_FILE) && !paths.has(path)) await output.remove(path)
  }
  for (const file of files) output.write(file.path, file.body, 'seo')
}
