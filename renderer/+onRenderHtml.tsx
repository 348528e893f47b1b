/**
 * Server rendering of every page: the document of renderer/document.tsx, to which Vike adds the
 * client entry and CSS. No pageContext is serialized into the HTML (passToClient is empty): the
 * browser reads the route's `_payload.json`, so each route's data exists once.
 */
import { dangerouslySkipEscape } from 'vike/server'
import type { PageContextServer } from 'vike/types'
import { renderDocument } from './document.tsx'

export function onRenderHtml(pageContext: PageContextServer) {
  return dangerouslySkipEscape(renderDocument(pageContext))
}
