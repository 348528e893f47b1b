/**
 * One page through Vike's renderPage(), checked: the expected status and no rendering error (the
 * static 500 page is reached through the abort its guard throws). Used by the render workers.
 */
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { storyLabel } from '../../../cms/story-shape.ts'
import { SERVER_ENTRY, SERVER_RENDERER } from '../bundles/layout.ts'

export type RenderPage = (typeof import('vike/server'))['renderPage']

/** Names the story as every per-story message of the build does: `Story "<full_slug>" (id N): …`. */
export class RenderError extends Error {
  constructor(route: string, story: { full_slug: string; id: number } | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(story ? `${storyLabel(story)}: rendering ${route} failed: ${reason}` : `Rendering ${route} failed: ${reason}`)
    this.name = 'RenderError'
  }
}

/**
 * Vike's renderPage() for the build in `bundleDir`, ready to render: the server entry registers
 * the build with Vike, and Vike's global context (the pages, their configs and routes), which its
 * first renderPage() would make, is made now. The runtime is the server bundle's own copy
 * (SERVER_RENDERER, see scripts/engine/bundles/process.mjs), the one the entry registers with.
 */
export async function loadRenderer(bundleDir: string): Promise<RenderPage> {
  const load = (file: string) => import(pathToFileURL(join(bundleDir, file)).href)
  await load(SERVER_ENTRY)
  const vike = (await load(SERVER_RENDERER)) as typeof import('vike/server')
  await vike.getGlobalContextAsync(true)
  return vike.renderPage
}

export async function renderChecked(
  renderPage: RenderPage,
  init: Record<string, unknown> & { urlOriginal: string },
  expected: number,
  story?: { full_slug: string; id: number },
): Promise<string> {
  const pageContext = await renderPage(init)
  const status = pageContext.httpResponse?.statusCode
  const asked = expected === 500 && pageContext.abortStatusCode === 500 && pageContext.pageId === '/pages/_error'
  if ((pageContext.errorWhileRendering && !asked) || status !== expected || !pageContext.httpResponse) {
    throw new RenderError(init.urlOriginal, story, pageContext.errorWhileRendering ?? `status ${status}, expected ${expected}`)
  }
  return pageContext.httpResponse.body
}

/** What Vike adds to a page's document: its CSS after `<head>`, its client entry before `</body>`. */
export interface VikeShell {
  head: string
  body: string
}

/** Inserts Vike's additions into a document from renderer/document.tsx. */
export function withShell(document: string, shell: VikeShell): string {
  const headAt = document.indexOf('<head>') + '<head>'.length
  const bodyAt = document.lastIndexOf('</body>')
  return document.slice(0, headAt) + shell.head + document.slice(headAt, bodyAt) + shell.body + document.slice(bodyAt)
}

/**
 * withShell(head + body + end), the same bytes, without joining the parts first (a search of the
 * whole document would copy it). `<head>` is the head's, and the last `</body>` the end's: the
 * body is React's, which writes neither (text is escaped).
 */
export function withShellParts(head: string, body: string, end: string, shell: VikeShell): string {
  const headAt = head.indexOf('<head>') + '<head>'.length
  const bodyAt = end.lastIndexOf('</body>')
  if (headAt < '<head>'.length || bodyAt < 0) return withShell(head + body + end, shell)
  return head.slice(0, headAt) + shell.head + head.slice(headAt) + body + end.slice(0, bodyAt) + shell.body + end.slice(bodyAt)
}

/**
 * Learns Vike's additions from one page it rendered and our document for the same page; returns
 * nothing unless our document plus those additions is exactly Vike's page, so a Vike that ever
 * adds anything else (per-page data, another position) turns the fast path off instead of
 * producing different pages.
 */
export function learnShell(vikeHtml: string, document: string): VikeShell | undefined {
  const headAt = document.indexOf('<head>') + '<head>'.length
  const bodyAt = document.lastIndexOf('</body>')
  if (headAt < '<head>'.length || bodyAt < headAt || !vikeHtml.startsWith(document.slice(0, headAt))) return undefined
  const rest = vikeHtml.slice(headAt)
  const middle = document.slice(headAt, bodyAt)
  const middleAt = rest.indexOf(middle)
  const tail = document.slice(bodyAt)
  if (middleAt < 0 || !rest.endsWith(tail)) return undefined
  const shell = { head: rest.slice(0, middleAt), body: rest.slice(middleAt + middle.length, rest.length - tail.length) }
  return withShell(document, shell) === vikeHtml ? shell : undefined
}
