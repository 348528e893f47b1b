/**
 * The HTML document of a page: its head (renderer/document-head.ts) and the React tree rendered to
 * a string. Vike's onRenderHtml returns it in `npm run dev` (Vike then adds its asset tags), and the
 * build's render workers put the same tags in from the bundle's manifest
 * (scripts/engine/render/render-page.ts).
 */
import { renderToString } from 'react-dom/server'
import type { ViewContext } from './view-context.ts'
import { DOCUMENT_END, documentHead } from './document-head.ts'
import type { RenderedChrome } from './Layout.tsx'
import { PageRoot } from './PageRoot.tsx'
import { FooterContent, HeaderContent, type ChromeProps } from './SiteChrome.tsx'

export function renderDocument(pageContext: ViewContext): string {
  return documentHead(pageContext) + renderBody(pageContext) + DOCUMENT_END
}

/** What renderDocument puts between the head and DOCUMENT_END: the React tree as HTML. */
export function renderBody(pageContext: ViewContext): string {
  return renderToString(<PageRoot pageContext={pageContext} />)
}

/**
 * The insides of the header and the footer as HTML, as renderBody() writes them: the same for every
 * page of a site with the same marks (the current page in the navigation, the language switcher),
 * so a render worker renders them once per mark and hands them to the page (`pageContext.chrome`).
 * They are a quarter of a story page's elements.
 */
export function renderChrome(props: ChromeProps): RenderedChrome {
  return { header: renderToString(<HeaderContent {...props} />), footer: renderToString(<FooterContent shell={props.shell} />) }
}
