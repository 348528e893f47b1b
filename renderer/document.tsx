/**
 * The HTML document of a page: its head (renderer/document-head.ts) and the React tree rendered to
 * a string. Vike's onRenderHtml returns it (Vike then adds its asset tags), and the build's render
 * workers use it directly for story pages (see scripts/engine/render/render-page.ts).
 */
import { renderToString } from 'react-dom/server'
import type { PageContext } from 'vike/types'
import { DOCUMENT_END, documentHead } from './document-head.ts'
import type { RenderedChrome } from './Layout.tsx'
import { PageRoot } from './PageRoot.tsx'
import { FooterContent, HeaderContent, type ChromeProps } from './SiteChrome.tsx'

export function renderDocument(pageContext: PageContext): string {
  return documentHead(pageContext) + renderBody(pageContext) + DOCUMENT_END
}

/** What renderDocument puts between the head and DOCUMENT_END: the React tree as HTML. */
export function renderBody(pageContext: PageContext): string {
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
