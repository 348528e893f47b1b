/**
 * Full page loads the runtime triggers on its own (a new deploy, a chunk that failed to load), with
 * the reload-loop guard of docs/behaviour.md: none within 10 s of the previous one, across page loads.
 */
export const RELOAD_GUARD_MS = 10_000
const KEY = 'storyblok-static:reload-at'

function lastReload(): number {
  try {
    return Number(sessionStorage.getItem(KEY)) || 0
  } catch {
    return 0
  }
}

/** Loads `url` (default: this page) unless the runtime did so less than 10 s ago; says whether it did. */
export function guardedReload(url?: string): boolean {
  if (Date.now() - lastReload() < RELOAD_GUARD_MS) return false
  try {
    sessionStorage.setItem(KEY, String(Date.now()))
  } catch {
    // Without sessionStorage there is no guard across loads; reloading once is still right.
  }
  if (url) location.assign(url)
  else location.reload()
  return true
}
