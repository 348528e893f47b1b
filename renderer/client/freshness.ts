/**
 * Build freshness (SPEC.md sections 4 and 9): `builds/latest.json` is fetched 1 s after the browser
 * is first idle (not at all on slow-2g) and then every 60 minutes. The first id seen is the running
 * build; when a later one differs, the next navigation is a full page load.
 *
 * The build id is deliberately not written into pages: incremental builds keep unchanged pages, and
 * an id baked into them would make every navigation after a deploy a full load.
 */
import { siteFetch } from './fetch.ts'

export const POLL_INTERVAL_MS = 60 * 60 * 1000
export const FIRST_CHECK_DELAY_MS = 1000

export interface BuildMeta {
  id: string
  routes: string[]
}

interface State {
  running?: string
  stale: boolean
  routes?: Set<string>
}

const state: State = { stale: false }

export function isStale(): boolean {
  return state.stale
}

/** Routes of the running build, once its manifest arrived (until then every route is tried). */
export function knownRoutes(): Set<string> | undefined {
  return state.routes
}

async function check(): Promise<void> {
  try {
    const latest = await siteFetch<{ id: string }>('/builds/latest.json', { cache: 'no-store' })
    if (state.running === undefined) {
      state.running = latest.id
      const meta = await siteFetch<BuildMeta>(`/builds/meta/${encodeURIComponent(latest.id)}.json`)
      state.routes = new Set(meta.routes)
    } else if (latest.id !== state.running) {
      state.stale = true
    }
  } catch {
    // Offline or mid-deploy: the next poll tries again.
  }
}

function slowConnection(): boolean {
  const connection = (navigator as { connection?: { effectiveType?: string } }).connection
  return connection?.effectiveType === 'slow-2g'
}

export function watchFreshness(): void {
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1))
  if (!slowConnection()) whenIdle(() => setTimeout(check, FIRST_CHECK_DELAY_MS))
  setInterval(check, POLL_INTERVAL_MS)
}
