/** Text and attribute values written into the HTML the renderer builds by hand (the document head). */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

const ESCAPED = /[&<>"']/g
const NEEDS_ESCAPING = /[&<>"']/

export function escapeHtml(text: string): string {
  // Most values need nothing: a `test` is cheaper than a replace that finds nothing.
  return NEEDS_ESCAPING.test(text) ? text.replace(ESCAPED, (character) => ENTITIES[character]!) : text
}
