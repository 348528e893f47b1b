/**
 * The HTML document of a page: its head (renderer/document-head.ts) and the React tree rendered to
 * a string. Vike's onRenderHtml returns it (Vike then adds its asset tags), and the build's render
 * workers use it directly for story pages (see scripts/render-page.ts).
 */
import { renderToString } from 'react-dom/server'
import type { PageContext } from 'vike/types'
import { DOCUMENT_END, documentHead } from './document-head.ts'
import { PageRoot } from './PageRoot.tsx'

export function renderDocument(pageContext: PageContext): string {
  return documentHead(pageContext) + renderBody(pageContext) + DOCUMENT_END
}

/** What renderDocument puts between the head and DOCUMENT_END: the React tree as HTML. */
export function renderBody(pageContext: PageContext): string {
  return renderToString(<PageRoot pageContext={pageContext} />)
}
