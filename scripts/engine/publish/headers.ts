/**
 * The HTTP headers of a built site, defined once: the build writes them to `dist/_headers` (the
 * format Netlify and Cloudflare Pages read), and `npm run preview` and `npm start` send exactly what
 * that file says, so every host of the same build sends the same headers.
 *
 * The Content-Security-Policy is the one the built pages satisfy: scripts from the site itself (and
 * Storyblok's bridge, which only the visual editor loads), images from the site, `data:` and the
 * Storyblok asset hosts, fetches to the site, the Storyblok APIs (the bridge; drafts in preview
 * builds), the contact endpoint and an analytics service, and framing only by the site and the
 * Storyblok editor; an analytics script (ANALYTICS_SCRIPT_URL) adds its origin to the scripts, and
 * search adds `'wasm-unsafe-eval'`, which Pagefind's WebAssembly needs (its worker is the site's own).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { STORYBLOK_API_ORIGINS } from '../../../cms/config.ts'
import { LATEST_BUILD_PATH } from '../../../pages/build-contract.ts'
import { STORYBLOK_ASSET_ORIGINS } from '../../../cms/image.ts'
import { BRIDGE_URL } from '../../../renderer/client/editor/bridge.ts'

/** Where Storyblok's visual editor runs: the only other origins allowed to frame the site. */
export const STORYBLOK_EDITOR_ORIGINS = ['https://app.storyblok.com', 'https://app.storyblokchina.cn']

export const HEADERS_FILE = '_headers'

/** Path patterns (`/*`, `/assets/*`) with the headers each gets, in the order they apply. */
export type HeaderRules = [pattern: string, headers: Record<string, string>][]

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable'
export const CACHE_REVALIDATE = 'no-cache'
/** Hashed assets, per-build manifests and the search index's chunks never change under their name. */
const IMMUTABLE_PREFIXES = ['/assets/', '/builds/meta/', '/pagefind/index/', '/pagefind/fragment/', '/pagefind/filter/']

/** The Cache-Control a CDN should send for a path of the built site: immutable, or always revalidated. */
export function cacheControl(pathname: string): string {
  return IMMUTABLE_PREFIXES.some((prefix) => pathname.startsWith(prefix)) ? CACHE_IMMUTABLE : CACHE_REVALIDATE
}

const originOf = (url: string) => new URL(url).origin

/** `connect`: origins pages fetch from besides the site and Storyblok's; `script`: more script sources (WebAssembly for search, an analytics script's origin). */
export function contentSecurityPolicy(connect: string[] = [], script: string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", originOf(BRIDGE_URL), ...script],
    // Rich text colours are style attributes; the editor bridge styles its outlines inline.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...STORYBLOK_ASSET_ORIGINS],
    'connect-src': ["'self'", ...new Set([...Object.values(STORYBLOK_API_ORIGINS), ...connect])],
    'frame-ancestors': ["'self'", ...STORYBLOK_EDITOR_ORIGINS],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** The security headers every response of the site carries. */
export function securityHeaders(connect: string[] = [], script: string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(connect, script),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // No X-Frame-Options: it cannot allow the editor's origin, and frame-ancestors supersedes it.
  }
}

/**
 * Every rule of the site. Static hosts join the values of a header that several matching rules
 * set, so Cache-Control is given only where it differs from their default (which revalidates):
 * the immutable folders, and the manifest that must never be cached.
 */
export function headerRules(connect: string[] = [], script: string[] = []): HeaderRules {
  return [
    ['/*', securityHeaders(connect, script)],
    ...IMMUTABLE_PREFIXES.map((prefix): HeaderRules[number] => [`${prefix}*`, { 'Cache-Control': CACHE_IMMUTABLE }]),
    [`/${LATEST_BUILD_PATH}`, { 'Cache-Control': CACHE_REVALIDATE }],
  ]
}

/** The `_headers` file: each pattern on its own line, its headers indented below it. */
export function formatHeaders(rules: HeaderRules): string {
  return rules.map(([pattern, headers]) => [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n') + '\n'
}

export function parseHeaders(text: string): HeaderRules {
  const rules: HeaderRules = []
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue
    if (!/^\s/.test(line)) rules.push([line.trim(), {}])
    else if (rules.length) {
      const at = line.indexOf(':')
      if (at > 0) rules.at(-1)![1][line.slice(0, at).trim()] = line.slice(at + 1).trim()
    }
  }
  return rules
}

/** The headers of a path under the rules: every matching pattern's, later ones winning. */
export function headersFor(rules: HeaderRules, pathname: string): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [pattern, values] of rules) {
    const matches = pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern
    if (matches) Object.assign(headers, values)
  }
  return headers
}

/** The rules of the build in `root`, or the default rules for a build made before the file existed. */
export function readHeaderRules(root: string): HeaderRules {
  const file = join(root, HEADERS_FILE)
  return existsSync(file) ? parseHeaders(readFileSync(file, 'utf8')) : headerRules()
}
