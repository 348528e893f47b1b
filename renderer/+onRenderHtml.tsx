/**
 * Server rendering of every page: React to a string inside the default layout, plus the head.
 * Vike adds the client entry and CSS. No pageContext is serialized into the HTML (passToClient is
 * empty): the browser reads the route's `_payload.json`, so each route's data exists once.
 */
import { renderToString } from 'react-dom/server'
import { dangerouslySkipEscape, escapeInject } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { headOf } from './head.ts'
import { PageRoot } from './PageRoot.tsx'

export function onRenderHtml(pageContext: PageContextServer) {
  const { title, description, canonical } = headOf(pageContext)
  const html = renderToString(<PageRoot pageContext={pageContext} />)
  return escapeInject`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${title}</title>
${description ? escapeInject`<meta name="description" content="${description}">\n` : ''}${canonical ? escapeInject`<link rel="canonical" href="${canonical}">\n` : ''}</head>
<body>
<div id="root"${pageContext.payload ? '' : dangerouslySkipEscape(' data-page="error"')}>${dangerouslySkipEscape(html)}</div>
</body>
</html>`
}
