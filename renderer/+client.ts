/**
 * The browser entry (Vike's `+client`): pages are HTML-only as far as Vike is concerned
 * (`clientHooks: false`), so no Vike client runtime ships; this file is the whole runtime. It
 * takes over navigation, watches for new deploys, reloads on chunk errors and adds analytics.
 * React is not part of it: it loads on demand (client/hydration.ts), except inside the visual
 * editor, where the page is hydrated from its `_payload.json` and the build's shell file at once.
 */
// Every page's stylesheet, linked from its HTML: it belongs to the entry, not to React's chunk.
import './theme.css'
import { addAnalytics } from './client/analytics.ts'
import { reloadOnChunkErrors } from './client/chunk-errors.ts'
import { inEditor } from './client/editor/bridge.ts'
import { watchFreshness } from './client/freshness.ts'
import { hydrateOnUse, loadViewModule, loadViewOnIntent } from './client/hydration.ts'
import { loadView } from './client/load-view.ts'
import { startRouter } from './client/router.ts'
import { loadShell } from './client/shell.ts'

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
  if (container.dataset.page === 'error') showMissingPath()
  else if (inEditor()) return startInEditor(container)
  else {
    hydrateOnUse(container)
    loadViewOnIntent()
  }
  container.dataset.runtime = 'ready'
  await loadShell().then(({ site }) => addAnalytics(site.analytics), () => {})
}

/**
 * Only inside Storyblok's visual editor: the editor code (and, in preview builds, the preview
 * token) is a separate chunk that visitors never download. No analytics there.
 */
async function startInEditor(container: HTMLElement) {
  const [view, { hydrate }] = await Promise.all([loadView(location.pathname), loadViewModule()])
  if (!('payload' in view)) return
  await hydrate(container, view)
  container.dataset.runtime = 'ready'
  const { startEditor } = await import('./client/editor/editor.ts')
  await startEditor(container, view.payload, view.shell!)
}

const container = document.getElementById('root')
if (container) void start(container)
