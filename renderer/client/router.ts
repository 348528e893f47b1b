/**
 * Client-side navigation on `_payload.json`: a route's payload is fetched and rendered into the
 * page without a document load; title, meta, scroll position and focus follow. A route whose
 * payload is missing shows the 404 view; any other failure the 500 view. After a new deploy (see
 * freshness.ts) the next navigation is a full page load instead.
 */
import type { RoutePayload } from '../../pages/build-contract.ts'
import { siteFetch, statusOf } from './fetch.ts'
import { isStale } from './freshness.ts'
import { navigableLink, outsideSite, withTrailingSlash } from './links.ts'
import { guardedReload } from './reload.ts'
import { loadShell } from './shell.ts'
import { show, type View } from './view.tsx'

interface HistoryState {
  scroll?: number
}

let container: HTMLElement
let current = 0

/**
 * The view of a path. Every path is asked for, even one the running build did not have: a story
 * published since the page loaded has a payload now. Only a 404 of the payload means Not Found.
 */
export async function loadView(pathname: string): Promise<View> {
  const route = withTrailingSlash(pathname)
  // The shell comes once per visit (cached), in parallel with the first payload.
  const shell = loadShell().catch(() => undefined)
  try {
    const [payload, loaded] = await Promise.all([siteFetch<RoutePayload>(`${route}_payload.json`), shell])
    return loaded ? { payload, shell: loaded } : { error: 500, path: pathname }
  } catch (error) {
    return { error: statusOf(error) === 404 ? 404 : 500, path: pathname, shell: await shell }
  }
}

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
  const view = await loadView(url.pathname)
  // A newer click won the race: drop this one.
  if (navigation !== current) return
  if (push) {
    history.replaceState({ ...(history.state as HistoryState), scroll: window.scrollY }, '')
    history.pushState({} satisfies HistoryState, '', url.href)
  }
  show(container, view)
  scrollAfter(url, scroll)
  focusHeading()
}

export function startRouter(root: HTMLElement): void {
  container = root
  history.scrollRestoration = 'manual'
  document.addEventListener('click', (event) => {
    const url = navigableLink(event)
    if (!url) return
    event.preventDefault()
    void navigate(url)
  })
  window.addEventListener('popstate', (event) => {
    void navigate(new URL(location.href), { push: false, scroll: (event.state as HistoryState | null)?.scroll })
  })
}
