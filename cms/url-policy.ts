/**
 * The one URL policy of the site: which URLs from the CMS may become an `href` or a `src`. It is
 * applied when payloads are built (pages/payload.ts, cms/richtext), so the HTML, the payloads and
 * the editor preview carry the same URLs, and a rejected one never reaches the browser at all.
 *
 * Allowed: relative URLs (`/about/`, `#top`, `?q`, `//host/x`), `http:`, `https:`, `mailto:` and
 * `tel:`; for images also `data:image/…`. Everything else (`javascript:`, `vbscript:`,
 * `data:text/html`, `file:` …) is rejected, in any case, with leading spaces or control characters,
 * tabs or newlines inside the scheme, or the scheme spelt with HTML character references
 * (`javascript&colon;`, `&#106;avascript:`), which a careless renderer could decode.
 */
import { own } from './own.ts'

/** What the URL is for: an image may also be a `data:image/…` URL. */
export type UrlUse = 'link' | 'image'

const LINK_SCHEMES = new Set(['http', 'https', 'mailto', 'tel'])
const IMAGE_SCHEMES = new Set(['http', 'https'])
const SCHEME = /^([a-z][a-z\d+.-]*):/i
const NAMED_REFERENCES: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', sol: '/', amp: '&', num: '#', lpar: '(', rpar: ')' }

/** A character that asParsed() or decodeReferences() would act on. */
const UNUSUAL = /[\u0000-\u0020&]/

/** What a URL parser sees: leading and trailing C0 controls and spaces trimmed, tabs and newlines removed. */
function asParsed(url: string): string {
  return url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '')
}

/** Decodes numeric and the scheme-relevant named character references (with or without `;`). */
function decodeReferences(url: string): string {
  return url.replace(/&(#x[\da-f]+|#\d+|[a-z]+);?/gi, (whole, reference: string) => {
    if (reference[0] === '#') {
      const code = reference[1] === 'x' || reference[1] === 'X' ? Number.parseInt(reference.slice(2), 16) : Number(reference.slice(1))
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return own(NAMED_REFERENCES, reference.toLowerCase()) ?? whole
  })
}

function allowedScheme(url: string, use: UrlUse): boolean {
  // A control character left inside is no part of any URL an editor means.
  if (/[\u0000-\u001f\u007f]/.test(url)) return false
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) return true
  if (use === 'image' && scheme === 'data') return /^data:image\/[a-z\d.+-]+[;,]/i.test(url)
  return (use === 'image' ? IMAGE_SCHEMES : LINK_SCHEMES).has(scheme)
}

/**
 * The URL as the site may use it (trimmed, tabs and newlines removed), or `undefined` when the
 * policy rejects it. Empty input is `undefined` too: there is nothing to link to.
 */
export function safeUrl(url: unknown, use: UrlUse): string | undefined {
  if (typeof url !== 'string') return undefined
  // Without spaces, controls or `&`, the URL is its own parsed and decoded form: one check is
  // enough. Nearly every URL of a site is such, and the three rewrites took most of the time.
  if (!UNUSUAL.test(url)) return url !== '' && allowedScheme(url, use) ? url : undefined
  const parsed = asParsed(url)
  if (parsed === '') return undefined
  const decoded = asParsed(decodeReferences(parsed))
  return allowedScheme(parsed, use) && allowedScheme(decoded, use) ? parsed : undefined
}

/** A rejected URL, for the build summary: the policy's reason and what was given, shortened. */
export function rejectedUrlNote(url: string): string {
  const shown = url.length > 60 ? `${url.slice(0, 57)}…` : url
  return `unsafe URL ${JSON.stringify(shown)} removed (allowed: http, https, mailto, tel, relative; data:image only for images)`
}
