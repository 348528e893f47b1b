/**
 * React, on demand. A first visit runs only the page runtime (router, freshness, analytics): the
 * prerendered HTML works without React (the menu opens by CSS, the contact button is a mailto:
 * link where the site has an address). React and the blocks load when a visitor first needs them:
 * a navigation renders the next page with them, and the first use of a control marked
 * HYDRATE_ON_USE (search, contact) hydrates the page, then is replayed. A pointer or focus on a
 * link fetches them ahead, so a navigation rarely waits for them.
 */
import { HYDRATE_ON_USE_SELECTOR } from '../../blocks/parts/hydrate-on-use.ts'
import { isSearchShortcut } from '../search/shortcut.ts'
import { loadView } from './load-view.ts'

type ViewModule = typeof import('./view.tsx')

let viewModule: Promise<ViewModule> | undefined
let hydration: Promise<void> | undefined
/** Removes hydrateOnUse's listeners. */
let stopHydratingOnUse = () => {}

/** React and the page code (one chunk and its imports), fetched once. */
export function loadViewModule(): Promise<ViewModule> {
  if (!viewModule) {
    viewModule = import('./view.tsx')
    // A failed fetch is tried again by the next call.
    viewModule.catch(() => (viewModule = undefined))
  }
  return viewModule
}

/**
 * Hydrates the page in `container` from its payload, once (a page React already shows stays as it
 * is); rejects if the payload or React cannot be had, and the next call tries again.
 */
export function hydrateNow(container: HTMLElement): Promise<void> {
  if (!hydration) {
    const attempt = Promise.all([loadView(location.pathname), loadViewModule()]).then(([view, { hydrate }]) => {
      if (!('payload' in view)) throw new Error(`no payload for ${location.pathname}`)
      return hydrate(container, view)
    })
    hydration = attempt
    // Unless a navigation made React run the page meanwhile (reactRunsPage).
    attempt.catch(() => hydration === attempt && (hydration = undefined))
  }
  return hydration
}

/** React runs the page now (the router rendered a view with it): no control needs hydrating any more. */
export function reactRunsPage(): void {
  hydration = Promise.resolve()
  stopHydratingOnUse()
}

/** Fetches React ahead when a pointer or focus reaches a link to another page of the site: a navigation is likely to follow. */
export function loadViewOnIntent(): void {
  const ahead = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[href]')
    if (!link || link.origin !== location.origin || link.pathname === location.pathname) return
    document.removeEventListener('pointerover', ahead)
    document.removeEventListener('focusin', ahead)
    void loadViewModule().catch(() => {})
  }
  document.addEventListener('pointerover', ahead)
  document.addEventListener('focusin', ahead)
}

/**
 * The first click on a marked control, or the search shortcut, hydrates the page and is replayed
 * on it. Should hydration fail, the click is replayed on the HTML as it is (a mailto: link still
 * opens the mail program), and the next use tries again.
 */
export function hydrateOnUse(container: HTMLElement): void {
  const listen = () => {
    document.addEventListener('click', onClick, true)
    document.addEventListener('keydown', onKey)
  }
  stopHydratingOnUse = () => {
    document.removeEventListener('click', onClick, true)
    document.removeEventListener('keydown', onKey)
  }
  const replay = (again: () => void) => {
    stopHydratingOnUse()
    // The replay goes first, so that it is not taken for a use again.
    void hydrateNow(container).then(again, () => {
      again()
      if (!hydration) listen()
    })
  }
  const onClick = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest?.<HTMLElement>(HYDRATE_ON_USE_SELECTOR)
    if (!control || event.button !== 0) return
    event.preventDefault()
    event.stopImmediatePropagation()
    replay(() => control.click())
  }
  const onKey = (event: KeyboardEvent) => {
    // Only where the page has a search button: it declares the shortcut.
    if (!isSearchShortcut(event) || !container.querySelector('[aria-keyshortcuts="/"]')) return
    event.preventDefault()
    replay(() => document.dispatchEvent(new KeyboardEvent('keydown', { key: '/' })))
  }
  listen()
}
