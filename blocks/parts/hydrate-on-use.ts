/**
 * Controls whose behaviour is React's (the search button, the contact button) carry this marker.
 * A first visit loads no React: the page's HTML works on its own, and the first use of a marked
 * control hydrates the page and is then replayed (renderer/client/hydration.ts).
 */
export const HYDRATE_ON_USE = { 'data-hydrate-on-use': '' } as const

export const HYDRATE_ON_USE_SELECTOR = '[data-hydrate-on-use]'
