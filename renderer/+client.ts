/**
 * The browser entry (Vike's `+client`): pages are HTML-only as far as Vike is concerned
 * (`clientHooks: false`), so no Vike client runtime ships; this file is the whole runtime. It
 * hydrates the prerendered page from its `_payload.json` and the build's shell file (the HTML
 * carries no copy of the data), then takes over navigation, watches for new deploys and reloads on
 * chunk errors. The static 404/500 pages are not hydrated; their links still navigate through the
 * router.
 */
import { addAnalytics } from './client/analytics.ts'
import { reloadOnChunkErrors } from './client/chunk-errors.ts'
import { inEditor } from './client/editor/bridge.ts'
import { watchFreshness } from './client/freshness.ts'
import { loadView, startRouter } from './client/router.ts'
import { loadShell } from './client/shell.ts'
import { hydrate } from './client/view.tsx'

/** The static 404.html answers every missing path: it names the one asked for. */
function showMissingPath() {
  const slot = document.getElementById('missing-path')
  if (!slot || slot.textContent) return
  try {
    slot.textContent = decodeURI(location.pathname)
  } catch {
    slot.textContent = location.pathname
  }
}

async function start(container: HTMLElement) {
  reloadOnChunkErrors()
  startRouter(container)
  // This entry's own URL names the code running the page (content-hashed in a build).
  watchFreshness(import.meta.url)
  if (container.dataset.page === 'error') {
    showMissingPath()
    return void loadShell().then(({ site }) => addAnalytics(site.analytics), () => {})
  }
  const view = await loadView(location.pathname)
  if (!('payload' in view)) return
  hydrate(container, view)
  // Only inside Storyblok's visual editor: the editor code (and, in preview builds, the preview
  // token) is a separate chunk that visitors never download.
  const { payload, shell } = view
  if (inEditor()) void import('./client/editor/editor.ts').then(({ startEditor }) => startEditor(container, payload, shell!))
  else addAnalytics(shell?.site.analytics)
}

const container = document.getElementById('root')
if (container) void start(container)
