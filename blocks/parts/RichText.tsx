/**
 * A rich-text field. The payload step rendered it to sanitized HTML with `renderRichText` (one
 * hast tree, sanitized, serialized), so the browser needs no rich-text code: the component only
 * places that HTML, identical on the server and at hydration.
 */
import type { RenderedRichText } from '../../pages/route-payload.ts'

function isRendered(value: unknown): value is RenderedRichText {
  return typeof value === 'object' && value !== null && (value as RenderedRichText).type === 'html' && typeof (value as RenderedRichText).html === 'string'
}

export function RichText({ doc }: { doc: unknown }) {
  if (!isRendered(doc) || doc.html === '') return null
  return <div className="prose" dangerouslySetInnerHTML={{ __html: doc.html }} />
}
