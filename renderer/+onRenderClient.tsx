/**
 * Hydration: the HTML carries no data, so the browser fetches the same `_payload.json` the server
 * rendered from and hydrates with it. Error pages stay static.
 */
import { hydrateRoot } from 'react-dom/client'
import type { PageContextClient } from 'vike/types'
import type { RoutePayload } from '../pages/payload.ts'
import { PageRoot } from './PageRoot.tsx'

export async function onRenderClient(pageContext: PageContextClient) {
  const root = document.getElementById('root')
  if (!root || pageContext.pageId?.endsWith('/_error')) return
  const route = location.pathname.endsWith('/') ? location.pathname : `${location.pathname}/`
  const response = await fetch(`${route}_payload.json`)
  if (!response.ok) return
  const payload = (await response.json()) as RoutePayload
  hydrateRoot(root, <PageRoot pageContext={{ ...pageContext, payload }} />)
}
