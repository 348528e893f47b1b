/**
 * Redirects (docs/behaviour.md, "Redirects"): the editors' own, from the `redirects` datasource
 * (entry name: the old path; value: the target, optionally followed by a status), and one from
 * the old route of every story that moved. Pure functions: the build writes the table as
 * `_redirects` for static hosts (scripts/engine/publish/site-files.ts), and `npm start` and `npm run
 * preview` answer from that file (scripts/server/static-server.ts).
 */
import { safeUrl } from '../cms/url-policy.ts'

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number]
/** Permanent: search engines move the old URL's standing to the new one. */
export const DEFAULT_REDIRECT_STATUS: RedirectStatus = 301
/** The file Netlify, Cloudflare Pages and our own servers read. */
export const REDIRECTS_FILE = '_redirects'
/** A chain longer than this is a mistake (or a loop): it is left out. */
const MAX_HOPS = 10

export interface Redirect {
  /** A path of the site, decoded, with a leading slash. */
  from: string
  /** A path of the site or an http(s) URL. */
  to: string
  status: RedirectStatus
  /** Made by the build for a story that moved, not by an editor. */
  auto?: true
}

/** What redirect lookups compare: the decoded path without a trailing slash (`/` stays `/`). */
export function redirectKey(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

function decodedPath(value: string): string | undefined {
  let path: string
  try {
    path = decodeURI(value.trim())
  } catch {
    return undefined
  }
  if (!path.startsWith('/') || path.startsWith('//') || /[\s\\\u0000?#]/.test(path) || path.split('/').some((segment) => segment === '..' || segment === '.')) return undefined
  return path
}

function target(value: string): string | undefined {
  if (value.startsWith('/')) return decodedPath(value.split(/[?#]/)[0]!) !== undefined ? value : undefined
  const safe = safeUrl(value, 'link')
  // Normalized (punycode host, percent-encoded path), so that it is a valid Location header.
  return safe && /^https?:\/\//i.test(safe) ? new URL(safe).href : undefined
}

/** The editors' datasource entries as redirects; an entry that is not one is left out with a warning. */
export function editorRedirects(entries: { name: string; value: string }[], warnings: string[]): Redirect[] {
  return entries.flatMap(({ name, value }) => {
    const from = decodedPath(String(name ?? ''))
    const [to, status, ...rest] = String(value ?? '').trim().split(/\s+/)
    const code = status === undefined ? DEFAULT_REDIRECT_STATUS : (Number(status) as RedirectStatus)
    const problem = !from
      ? `"${name}" is not a path of the site (it must start with one "/" and hold no spaces, "?", "#" or ".." segments)`
      : !to || !target(to)
        ? `the target "${value}" is neither a path of the site nor an http(s) URL`
        : rest.length || !REDIRECT_STATUSES.includes(code)
          ? `"${value}" must be a target followed by at most one status, ${REDIRECT_STATUSES.join(', ')}`
          : undefined
    if (problem) {
      warnings.push(`Redirect "${name}" → "${value}" is left out: ${problem}.`)
      return []
    }
    return [{ from: from!, to: target(to!)!, status: code }]
  })
}

/**
 * Redirects for stories that moved since the previous build (its routes with their stories' uuids), plus the
 * ones earlier builds made, so a story moved twice still answers at its first address.
 */
export function movedStoryRedirects(previous: ReadonlyMap<string, { uuid: string }>, current: ReadonlyMap<string, { uuid: string; page?: number }>, earlier: Redirect[] = []): Redirect[] {
  // A story's own route, not the pages of its project list; made only if some route lost its story.
  let routeOfUuid: Map<string, string> | undefined
  const moved: Redirect[] = []
  for (const [route, { uuid }] of previous) {
    if (current.has(route)) continue
    routeOfUuid ??= new Map([...current].flatMap(([at, story]) => (story.page ? [] : [[story.uuid, at] as const])))
    const now = routeOfUuid.get(uuid)
    if (now) moved.push({ from: route, to: now, status: DEFAULT_REDIRECT_STATUS, auto: true })
  }
  return [...moved, ...earlier.filter((redirect) => redirect.auto)]
}

/**
 * The table a build publishes: the editors' redirects first (they win over made ones for the same
 * path), then the moved stories'. A redirect from a path where a page lives would never fire and
 * is left out; chains are followed to their end so a visitor is redirected once; loops are left
 * out; a made redirect to a route that no longer exists goes away.
 */
export function redirectTable(redirects: Redirect[], routes: Pick<ReadonlySet<string>, 'has'>, warnings: string[]): Redirect[] {
  // Routes end in a slash (`/`, `/a/b/`), keys do not (`/`, `/a/b`): a key is a route's when its route is one.
  const routeKeys = { has: (key: string) => (key === '/' ? routes.has(key) : key !== '' && routes.has(`${key}/`)) }
  const byKey = new Map<string, Redirect>()
  for (const redirect of redirects) {
    const key = redirectKey(redirect.from)
    if (routeKeys.has(key)) {
      if (!redirect.auto) warnings.push(`Redirect "${redirect.from}" is left out: a page lives at that path, and a page wins over a redirect.`)
      continue
    }
    if (byKey.has(key)) {
      if (!redirect.auto && !byKey.get(key)!.auto) warnings.push(`Redirect "${redirect.from}" appears more than once: the first one is used.`)
      continue
    }
    byKey.set(key, redirect)
  }
  const table: Redirect[] = []
  for (const redirect of byKey.values()) {
    let end = redirect
    let hops = 0
    while (end.to.startsWith('/') && byKey.has(redirectKey(end.to)) && hops < MAX_HOPS) {
      end = byKey.get(redirectKey(end.to))!
      hops++
    }
    if (hops === MAX_HOPS || redirectKey(end.to) === redirectKey(redirect.from)) {
      warnings.push(`Redirect "${redirect.from}" is left out: it leads in a loop (or a chain of more than ${MAX_HOPS}).`)
      continue
    }
    const to = end.to
    if (redirect.auto && !routeKeys.has(redirectKey(to))) continue
    if (!redirect.auto && to.startsWith('/') && !routeKeys.has(redirectKey(to.split(/[?#]/)[0]!)) && !/\.[a-z0-9]+$/i.test(to.split(/[?#]/)[0]!)) {
      warnings.push(`Redirect "${redirect.from}" leads to "${to}", where the build has no page.`)
    }
    table.push({ ...redirect, to })
  }
  return table.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0))
}

/** The spellings of a redirect's path that hosts may tell apart: a route-like path with and without its trailing slash. */
export function redirectForms(from: string): string[] {
  const key = redirectKey(from)
  return key === '/' || /\.[a-z0-9]+$/i.test(key) ? [key] : [key, `${key}/`]
}

/** A redirect's target as a Location header takes it: a site path percent-encoded, a URL as it is. */
export function redirectTarget(to: string): string {
  return to.startsWith('/') ? encodeURI(decodeURI(to)) : to
}

/**
 * The table in the `_redirects` format (`<from> <to> <status>` a line, percent-encoded). Both
 * spellings of a route-like path are written, with and without its trailing slash, since not
 * every host treats them alike.
 */
export function redirectsFile(table: Redirect[]): string {
  const lines = table.flatMap(({ from, to, status }) => redirectForms(from).map((form) => `${encodeURI(form)} ${redirectTarget(to)} ${status}`))
  return lines.length ? `${lines.join('\n')}\n` : ''
}

/**
 * The `_redirects` lines that give each language's folder its own 404 page on Netlify
 * (`/de/* /de/404.html 404`: a rule that applies where no file is). Cloudflare Pages and our
 * servers find the nearest 404.html by themselves, and parseRedirectsFile skips these lines.
 */
export function notFoundRules(folders: string[]): string {
  return folders.map((folder) => `/${encodeURI(folder)}/* /${encodeURI(folder)}/404.html 404\n`).join('')
}

/** A `_redirects` file as a lookup by redirectKey; lines that are not `<from> <to> [status]` with a redirect status are skipped. */
export function parseRedirectsFile(text: string): Map<string, { to: string; status: RedirectStatus }> {
  const table = new Map<string, { to: string; status: RedirectStatus }>()
  for (const line of text.split('\n')) {
    const [from, to, status, ...rest] = line.trim().split(/\s+/)
    if (!from || !to || from.startsWith('#') || rest.length) continue
    const code = status === undefined ? DEFAULT_REDIRECT_STATUS : (Number(status) as RedirectStatus)
    const path = decodedPath(from)
    // A header value must be visible ASCII: the build writes it so; a hand-edited file may not.
    if (path && /^[\x21-\x7e]+$/.test(to) && REDIRECT_STATUSES.includes(code) && !table.has(redirectKey(path))) table.set(redirectKey(path), { to, status: code })
  }
  return table
}
