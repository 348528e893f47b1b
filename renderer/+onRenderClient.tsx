/**
 * The browser runtime: hydrate the prerendered page from its `_payload.json` (the HTML carries no
 * copy of the data), then take over navigation, watch for new deploys and reload on chunk errors.
 * The static 404/500 pages are not hydrated; their links still navigate through the router.
 */
import type { PageContextClient } from 'vike/types'
import { reloadOnChunkErrors } from './client/chunk-errors.ts'
import { watchFreshness } from './client/freshness.ts'
import { loadView, startRouter } from './client/router.ts'
import { hydrate } from './client/view.tsx'
import { inEditor } from './client/editor/bridge.ts'

export async function onRenderClient(pageContext: PageContextClient) {
  const container = document.getElementById('root')
  if (!container) return
  reloadOnChunkErrors()
  startRouter(container)
  watchFreshness()
  if (pageContext.pageId?.endsWith('/_error')) return
  const view = await loadView(location.pathname)
  if (!('payload' in view)) return
  hydrate(container, view)
  // Only inside Storyblok's visual editor: the editor code (and, in preview builds, the preview
  // token) is a separate chunk that visitors never download.
  if (inEditor()) void import('./client/editor/editor.ts').then(({ startEditor }) => startEditor(container, view.payload))
}
