/**
 * Serves a built site as a CDN would: every unknown path gets the nearest 404.html with status 404, unless
 * the build's `_redirects` (pages/redirects.ts) sends it elsewhere; `/route` redirects to `/route/`, payloads, HTML and the latest-build manifest are always
 * revalidated, hashed assets and per-build manifests are immutable, and every answer carries the
 * build's security headers (`_headers`, see scripts/engine/publish/headers.ts).
 *
 * serve-static (expressjs) does the file serving (ranges, ETags, conditional requests). It looks
 * files up on every request, so a build swapped into the directory is served at once. A file with
 * a Brotli or gzip variant beside it (scripts/engine/files/variants.ts) is sent as that variant to
 * a browser that accepts it, with `Vary: Accept-Encoding`.
 */
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { basename, join } from 'node:path'
import { contentType } from 'mime-types'
import Negotiator from 'negotiator'
import serveStatic from 'serve-static'
import { parseRedirectsFile, redirectKey, REDIRECTS_FILE } from '../../pages/redirects.ts'
import { liveDir } from '../engine/files/deploy.ts'
import { VARIANTS } from '../engine/files/variants.ts'
import { cacheControl, CACHE_REVALIDATE, headersFor, readHeaderRules } from '../engine/publish/headers.ts'
import { HOST_FILES } from '../engine/publish/host-files.ts'

export type Handler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * The decoded path of a request, or `undefined` for one that could reach outside the build: a
 * `.`/`..` segment, a backslash or a NUL, however encoded (`/..%2fother-build%2f`). Such requests
 * get the same 404 as any missing page, so they cannot tell what exists next to the build.
 */
export function sitePath(pathname: string): string | undefined {
  let path: string
  try {
    path = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  if (/[\\\u0000]/.test(path) || path.split('/').some((segment) => segment === '..' || segment === '.')) return undefined
  return path
}

/**
 * Points the request at a variant of the file it asks for in an encoding the browser accepts,
 * when there is one (Brotli first, as nginx's brotli_static does); `path` is a safe site path.
 */
function sendCompressed(root: string, path: string, req: IncomingMessage, res: ServerResponse): void {
  const file = path.endsWith('/') ? `${path}index.html` : path
  const candidates = VARIANTS.filter(({ suffix }) => existsSync(join(root, file + suffix)))
  if (!candidates.length) return
  res.setHeader('vary', 'Accept-Encoding')
  const accepted = new Negotiator(req).encodings(candidates.map(({ encoding }) => encoding))
  const variant = candidates.find(({ encoding }) => accepted.includes(encoding))
  if (!variant || !existsSync(join(root, file))) return
  res.setHeader('content-encoding', variant.encoding)
  // send keeps a Content-Type already set: the file's own, not the variant's.
  res.setHeader('content-type', contentType(basename(file)) || 'application/octet-stream')
  req.url = encodeURI(file + variant.suffix)
}

export function staticSite(root: string): Handler {
  // The headers the build wrote for static hosts (scripts/engine/publish/headers.ts), sent on every answer.
  const rules = readHeaderRules(root)
  const serve = serveStatic(root, { index: ['index.html'], redirect: false, dotfiles: 'ignore', cacheControl: false })
  // The build's redirects; like on Netlify or Cloudflare Pages, a page that exists wins over them.
  const redirectsFile = join(root, REDIRECTS_FILE)
  const redirects = parseRedirectsFile(existsSync(redirectsFile) ? readFileSync(redirectsFile, 'utf8') : '')

  // The nearest 404.html up the path, as Cloudflare Pages serves it: a language's folder has its own.
  const notFound = (res: ServerResponse, path = '/') => {
    const folders = path.split('/').filter(Boolean).slice(0, -1)
    const pages = folders.map((_, at) => join(root, ...folders.slice(0, folders.length - at), '404.html'))
    const page = [...pages, join(root, '404.html')].find((candidate) => existsSync(candidate))
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': CACHE_REVALIDATE })
    res.end(page ? readFileSync(page) : 'Page Not Found')
  }

  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    for (const [name, value] of Object.entries({ 'cache-control': cacheControl(url.pathname), ...headersFor(rules, url.pathname) })) res.setHeader(name, value)
    const path = sitePath(url.pathname)
    // The host's files, and their compressed variants, are not for visitors.
    if (path === undefined || HOST_FILES.some((file) => path === `/${file}` || path.startsWith(`/${file}.`))) return notFound(res)
    // Routes are folders: send `/about` to `/about/` so relative payload URLs resolve.
    if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path) && existsSync(join(root, path, 'index.html'))) {
      res.writeHead(308, { location: `${url.pathname}/${url.search}` })
      res.end()
      return
    }
    sendCompressed(root, path, req, res)
    serve(req as never, res as never, () => {
      const redirect = redirects.get(redirectKey(path))
      if (!redirect) return notFound(res, path)
      res.writeHead(redirect.status, { location: redirect.to, 'cache-control': CACHE_REVALIDATE })
      res.end()
    })
  }
}

/**
 * Serves whichever build `outDir` points at (scripts/engine/files/deploy.ts), resolving the link once per
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
