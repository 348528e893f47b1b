/**
 * Which clicks the router takes over: plain left clicks on same-origin links to a route. Modified
 * clicks, other buttons, `target`, `download`, hash links on the same page, files, other origins
 * and links to another language (`hreflang`: its page has its own shell and `<html lang>`) keep
 * the browser's behaviour; so do links out of a language's folder (outsideSite), which lead to the
 * default language's version of a page the language lacks.
 */
/** The route a path names: routes always end in a slash. */
export function withTrailingSlash(pathname: string): string {
  return pathname.endsWith('/') ? pathname : `${pathname}/`
}

export function navigableLink(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined
  const anchor = (event.target as Element | null)?.closest?.('a')
  if (!anchor || !anchor.hasAttribute('href') || anchor.hasAttribute('download') || anchor.hasAttribute('hreflang')) return undefined
  const target = anchor.getAttribute('target')
  if (target && target !== '_self') return undefined
  const url = new URL(anchor.href, location.href)
  if (url.origin !== location.origin || !/^https?:$/.test(url.protocol)) return undefined
  if (url.hash && url.pathname === location.pathname && url.search === location.search) return undefined
  // Files (images, PDFs, 404.html …) are not routes.
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return undefined
  return url
}

/** Whether a path lies outside the site of the page's shell: another language's site (`home` is `/de/` on the German one). */
export function outsideSite(pathname: string, home: string | undefined): boolean {
  return !!home && home !== '/' && !withTrailingSlash(pathname).startsWith(home)
}
