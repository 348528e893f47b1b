/**
 * One page through Vike's renderPage(), checked: the expected status and no rendering error (the
 * static 500 page is reached through the abort its guard throws). Used by the render workers.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export type RenderPage = (typeof import('vike/server'))['renderPage']

export class RenderError extends Error {
  constructor(route: string, story: string | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(`Rendering ${route}${story ? ` (story "${story}")` : ''} failed: ${reason}`)
    this.name = 'RenderError'
  }
}

export async function loadRenderer(bundleDir: string): Promise<RenderPage> {
  // The server entry registers the build with Vike; renderPage() then renders from it.
  await import(pathToFileURL(join(bundleDir, 'server', 'entry.mjs')).href)
  return (await import('vike/server')).renderPage
}

export async function renderChecked(
  renderPage: RenderPage,
  init: Record<string, unknown> & { urlOriginal: string },
  expected: number,
  story?: string,
): Promise<string> {
  const pageContext = await renderPage(init)
  const status = pageContext.httpResponse?.statusCode
  const asked = expected === 500 && pageContext.abortStatusCode === 500 && pageContext.pageId === '/pages/_error'
  if ((pageContext.errorWhileRendering && !asked) || status !== expected || !pageContext.httpResponse) {
    throw new RenderError(init.urlOriginal, story, pageContext.errorWhileRendering ?? `status ${status}, expected ${expected}`)
  }
  return pageContext.httpResponse.body
}
