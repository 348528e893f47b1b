/** What the sitemap and the feed share: XML-safe text, and dates as both formats want them. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/**
 * Escapes the five XML specials and drops characters XML 1.0 does not allow (control characters
 * other than tab and line breaks, lone surrogates): a story title with one would otherwise make the
 * whole file unreadable to a feed reader or crawler.
 */
export function escapeXml(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '').replace(/[&<>"']/g, (character) => ENTITIES[character]!)
}

/** An ISO 8601 datetime (what sitemaps and Atom both accept), or nothing for a value that is not a date. */
export function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined
  const time = Date.parse(value)
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}
