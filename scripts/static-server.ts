/**
 * Serves a built site as a CDN would: every unknown path gets 404.html with status 404,
 * `/route` redirects to `/route/`, payloads, HTML and the latest-build manifest are always
 * revalidated, hashed assets and per-build manifests are immutable.
 *
 * serve-static (expressjs) does the file serving (ranges, ETags, conditional requests). It looks
 * files up on every request, so a build swapped into the directory is served at once.
 */
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import serveStatic from 'serve-static'
import { liveDir } from './deploy.ts'

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'no-cache'

/** The Cache-Control a CDN should send for a path of the built site. */
export function cacheControl(pathname: string): string {
  if (pathname.startsWith('/assets/') || pathname.startsWith('/builds/meta/')) return CACHE_IMMUTABLE
  return CACHE_REVALIDATE
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void

export function staticSite(root: string): Handler {
  const serve = serveStatic(root, {
    index: ['index.html'],
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders: (res, path) => res.setHeader('cache-control', cacheControl(`/${path.slice(root.length).replace(/^[\\/]+/, '').replace(/\\/g, '/')}`)),
  })

  const notFound = (res: ServerResponse) => {
    const page = join(root, '404.html')
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': CACHE_REVALIDATE })
    res.end(existsSync(page) ? readFileSync(page) : 'Page Not Found')
  }

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    let path: string
    try {
      path = decodeURIComponent(url.pathname)
    } catch {
      return notFound(res)
    }
    // Routes are folders: send `/about` to `/about/` so relative payload URLs resolve.
    if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path) && existsSync(join(root, path, 'index.html'))) {
      res.writeHead(308, { location: `${url.pathname}/${url.search}` })
      res.end()
      return
    }
    serve(req as never, res as never, () => notFound(res))
  }
}

/**
 * Serves whichever build `outDir` points at (scripts/deploy.ts), resolving the link once per
 * request: a request that began on one build finishes on it even if another goes live meanwhile.
 */
export function liveSite(outDir: string): (req: IncomingMessage, res: ServerResponse) => void {
  const handlers = new Map<string, Handler>()
  return (req, res) => {
    const root = liveDir(outDir) ?? outDir
    let handler = handlers.get(root)
    if (!handler) {
      handler = staticSite(root)
      handlers.set(root, handler)
      // Builds come and go; keep the handlers of the last few.
      if (handlers.size > 4) handlers.delete(handlers.keys().next().value!)
    }
    handler(req, res)
  }
}
