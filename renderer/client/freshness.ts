/**
 * Build freshness (docs/behaviour.md, "Build freshness and reloads"): `builds/latest.json` is
 * fetched 1 s after the browser is first idle (not at all on slow-2g) and then every 60 minutes.
 * When it names another build than the first one seen, or a client script other than the one
 * running this page (a deploy changed the code, even before the first fetch), the next navigation
 * is a full page load.
 *
 * The build id is deliberately not written into pages: incremental builds keep unchanged pages, and
 * an id baked into them would make every navigation after a deploy a full load. The client script's
 * path identifies the code instead: it is content-hashed, so it changes exactly when the code does,
 * and a page knows its own from `import.meta.url`.
 */
import { LATEST_BUILD_PATH, type LatestBuild } from '../../pages/build-contract.ts'
import { siteFetch } from './fetch.ts'

export const POLL_INTERVAL_MS = 60 * 60 * 1000
export const FIRST_CHECK_DELAY_MS = 1000

interface State {
  /** Path of the client script this page runs (`/assets/entries/renderer_client.<hash>.js`). */
  client?: string
  running?: string
  stale: boolean
}

const state: State = { stale: false }

export function isStale(): boolean {
  return state.stale
}

async function check(): Promise<void> {
  try {
    const latest = await siteFetch<LatestBuild>(`/${LATEST_BUILD_PATH}`, { cache: 'no-store' })
    if (latest.client && state.client && latest.client !== state.client) state.stale = true
    if (state.running === undefined) state.running = latest.id
    else if (latest.id !== state.running) state.stale = true
  } catch {
    // Offline or mid-deploy: the next poll tries again.
  }
}

function slowConnection(): boolean {
  const connection = (navigator as { connection?: { effectiveType?: string } }).connection
  return connection?.effectiveType === 'slow-2g'
}

/** `clientScript`: the URL of the running client entry (its `import.meta.url`). */
export function watchFreshness(clientScript: string): void {
  state.client = new URL(clientScript, location.href).pathname
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1))
  if (!slowConnection()) whenIdle(() => setTimeout(check, FIRST_CHECK_DELAY_MS))
  setInterval(check, POLL_INTERVAL_MS)
}
