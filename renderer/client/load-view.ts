/** A route's view: its payload and the site's shell, or the error it answered with. */
import type { RoutePayload, SiteShell } from '../../pages/build-contract.ts'
import { siteFetch, statusOf } from './fetch.ts'
import { withTrailingSlash } from './links.ts'
import { loadShell } from './shell.ts'

/** A story with the site's shell, or an error view (with the shell when it could be had). */
export type View = ({ payload: RoutePayload; editor?: boolean } | { error: 404 | 500; path: string }) & { shell?: SiteShell }

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
