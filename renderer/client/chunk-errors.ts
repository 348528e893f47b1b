/**
 * A dynamic import that fails (its chunk is gone after a deploy, or the network dropped) reloads
 * the page once, under the reload-loop guard (docs/behaviour.md, "Build freshness and reloads").
 * Vite reports such failures as the `vite:preloadError` event.
 */
import { guardedReload } from './reload.ts'

export function reloadOnChunkErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (guardedReload()) event.preventDefault()
  })
}
