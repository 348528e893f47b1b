/**
 * Client-side navigation on `_payload.json`: a route's payload is fetched and rendered into the
 * page without a document load; title, meta, scroll position and focus follow. A route whose
 * payload is missing shows the 404 view; any other failure the 500 view. After a new deploy (see
 * freshness.ts) the next navigation is a full page load instead.
 */
import { isStale } from './freshness.ts'
import { loadViewModule, reactRunsPage } from './hydration.ts'
import { loadView } from './load-view.ts'
import { navigableLink, outsideSite } from './links.ts'
import { guardedReload } from './reload.ts'
import { loadShell } from './shell.ts'

interface HistoryState {
  scroll?: number
}

let container: HTMLElement
let current = 0
/** The path and query of the page shown: a history step that changes only the hash stays on it. */
let shown = ''

/** Moves focus to the new page's heading so screen readers announce it, without scrolling. */
function focusHeading(): void {
  const heading = container.querySelector<HTMLElement>('main h1') ?? container.querySelector<HTMLElement>('main')
  if (!heading) return
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus({ preventScroll: true })
}

function scrollAfter(url: URL, scroll: number | undefined): void {
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null
  if (target) target.scrollIntoView()
  else window.scrollTo(0, scroll ?? 0)
}

export async function navigate(url: URL, { push = true, scroll }: { push?: boolean; scroll?: number } = {}): Promise<void> {
  if (isStale() && guardedReload(url.href)) return
  // A page of another language's site has its own shell and <html lang>: load it in full.
  if (outsideSite(url.pathname, (await loadShell().catch(() => undefined))?.site.home)) return location.assign(url.href)
  const navigation = ++current
  const [view, react] = await Promise.all([loadView(url.pathname), loadViewModule().catch(() => undefined)])
  // A newer click won the race: drop this one.
  if (navigation !== current) return
  // React's chunk could not be had (a deploy removed it, or the network dropped): a full load.
  if (!react) return location.assign(url.href)
  if (push) {
    history.replaceState({ ...(history.state as HistoryState), scroll: window.scrollY }, '')
    history.pushState({} satisfies HistoryState, '', url.href)
  }
  react.show(container, view)
  reactRunsPage()
  shown = url.pathname + url.search
  scrollAfter(url, scroll)
  focusHeading()
}

export function startRouter(root: HTMLElement): void {
  container = root
  shown = location.pathname + location.search
  history.scrollRestoration = 'manual'
  document.addEventListener('click', (event) => {
    const url = navigableLink(event)
    if (!url) return
    event.preventDefault()
    void navigate(url)
  })
  window.addEventListener('popstate', (event) => {
    // Chromium fires popstate for a fragment link too, such as the no-script menu's `#site-menu`.
    if (location.pathname + location.search === shown) return
    void navigate(new URL(location.href), { push: false, scroll: (event.state as HistoryState | null)?.scroll })
  })
}
