/**
 * Serves a built site as a CDN would (sirv does the file serving, ranges, ETags and compression
 * negotiation): every unknown path gets 404.html with status 404, `/route` redirects to `/route/`,
 * payloads and the latest-build manifest are always revalidated, hashed assets are immutable.
 */
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import sirv from 'sirv'

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'no-cache'

/** The Cache-Control a CDN should send for a path of the built site. */
export function cacheControl(pathname: string): string {
  if (pathname.startsWith('/assets/') || pathname.startsWith('/builds/meta/')) return CACHE_IMMUTABLE
  return CACHE_REVALIDATE
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void

export function staticSite(root: string): Handler {
  const serve = sirv(root, {
    dev: false,
    etag: true,
    dotfiles: false,
    extensions: ['html'],
    setHeaders: (res, pathname) => res.setHeader('cache-control', cacheControl(pathname)),
  })

  const notFound = (res: ServerResponse) => {
    const page = join(root, '404.html')
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': CACHE_REVALIDATE })
    res.end(existsSync(page) ? readFileSync(page) : 'Page Not Found')
  }

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = decodeURIComponent(url.pathname)
    // Routes are folders: send `/about` to `/about/` so relative payload URLs resolve.
    if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path) && existsSync(join(root, path, 'index.html'))) {
      res.writeHead(308, { location: `${url.pathname}/${url.search}` })
      res.end()
      return
    }
    serve(req, res, () => notFound(res))
  }
}
