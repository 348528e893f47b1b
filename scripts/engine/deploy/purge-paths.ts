/**
 * The URLs a CDN may still hold old copies of after a deploy: every uploaded file that is served
 * revalidated (HTML, payloads, `latest.json`, the sitemap; scripts/engine/publish/headers.ts).
 * Hashed assets and build metas are immutable under new names and never need a purge. A page is
 * purged under both spellings of its route, `/about/` and `/about`, and as `/about/index.html`.
 */
import { CACHE_IMMUTABLE, cacheControl } from '../publish/headers.ts'

/** CloudFront's limit on file paths in invalidations under way; past it, one `/*` costs one path. */
export const MAX_PURGE_PATHS = 3000

/** `files`: paths in the build (`about/index.html`); returns URL paths, encoded, sorted. */
export function purgePaths(files: Iterable<string>): string[] {
  const paths = new Set<string>()
  for (const file of files) {
    const path = `/${file}`
    if (cacheControl(path) === CACHE_IMMUTABLE) continue
    paths.add(path)
    if (file === 'index.html' || file.endsWith('/index.html')) {
      const route = path.slice(0, -'index.html'.length)
      paths.add(route)
      if (route !== '/') paths.add(route.slice(0, -1))
    }
  }
  return [...paths].map((path) => encodeURI(path)).sort()
}

/** The paths of one CloudFront invalidation: all of them, or `/*` when there are more than it allows. */
export function invalidationPaths(paths: string[]): string[] {
  return paths.length > MAX_PURGE_PATHS ? ['/*'] : paths
}
