/**
 * Which full_slugs can become a route. A route is a folder of the output and a URL path, so a slug
 * may hold any letter, digit or symbol of any script (umlauts, CJK, emoji: translated slugs have
 * them) but nothing that a URL or a file system reads differently: no empty or dot segments, no
 * percent sign (an encoded `%2e%2e` would decode to `..`), no backslash, no control character or
 * white space, no `?` or `#`, and no segment longer than a file name may be.
 */

/** The longest file name most file systems allow, in bytes (NAME_MAX). */
export const MAX_SEGMENT_BYTES = 255
/** The longest route we write, in bytes: deep enough for any site, short of PATH_MAX with the output folder. */
export const MAX_SLUG_BYTES = 1024

const FORBIDDEN: [RegExp, string][] = [
  [/[\u0000-\u001f\u007f-\u009f]/, 'contains a control character'],
  [/\s/u, 'contains white space'],
  [/\\/, 'contains a backslash'],
  [/%/, 'contains a percent sign (percent-encoded characters are not allowed in slugs)'],
  [/[?#]/, 'contains ? or #, which end a URL path'],
  [/[<>"'`]/, 'contains a character reserved in HTML (< > " \' `)'],
]

const encoder = new TextEncoder()
/**
 * Whether `text` takes more than `max` bytes as UTF-8. A UTF-16 code unit takes at most three, so
 * almost every slug is told by its length alone, without encoding it.
 */
const longerThan = (text: string, max: number) => text.length * 3 > max && encoder.encode(text).length > max

/** The slug without the leading and trailing slashes Storyblok gives folders (`blog/` → `blog`). */
export function trimSlug(fullSlug: string): string {
  return fullSlug.replace(/^\/+|\/+$/g, '')
}

/** Why a full_slug cannot be a route, or `undefined` when it can (`''` is the root). */
export function slugProblem(fullSlug: string): string | undefined {
  const slug = trimSlug(fullSlug)
  if (slug === '') return undefined
  for (const [pattern, reason] of FORBIDDEN) if (pattern.test(slug)) return reason
  if (longerThan(slug, MAX_SLUG_BYTES)) return `is longer than ${MAX_SLUG_BYTES} bytes`
  for (const segment of slug.split('/')) {
    if (segment === '') return 'has an empty path segment (//)'
    if (segment === '.' || segment === '..') return `has a "${segment}" path segment`
    if (longerThan(segment, MAX_SEGMENT_BYTES)) return `has a path segment longer than ${MAX_SEGMENT_BYTES} bytes, more than a file name may be`
  }
  return undefined
}
