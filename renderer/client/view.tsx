/**
 * What the one React root shows: a story from its payload, or the 404/500 view. The first view is
 * hydrated from the server HTML; later ones are rendered into the same root.
 */
import { startTransition } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { ErrorView } from '../../pages/_error/ErrorView.tsx'
import type { RoutePayload, SiteShell } from '../../pages/build-contract.ts'
import { StoryView } from '../../pages/story/StoryView.tsx'
import { headOf } from '../head.ts'
import { PageRoot } from '../PageRoot.tsx'
import type { ViewContext } from '../view-context.ts'
import { applyHead } from './head.ts'

/** A story with the site's shell, or an error view (with the shell when it could be had). */
export type View = ({ payload: RoutePayload; editor?: boolean } | { error: 404 | 500; path: string }) & { shell?: SiteShell }

let root: Root | undefined

export function contextOf(view: View): ViewContext {
  if ('payload' in view) return { Page: StoryView, payload: view.payload, editor: view.editor, shell: view.shell }
  return { Page: ErrorView, is404: view.error === 404, urlPathname: view.path, missingPath: view.path, shell: view.shell }
}

/**
 * In a transition, so that React hydrates in slices of a few milliseconds and yields to the
 * browser between them: the page is already painted, and a long hydration task would block input.
 */
export function hydrate(container: HTMLElement, view: View): void {
  startTransition(() => {
    root = hydrateRoot(container, <PageRoot pageContext={contextOf(view)} />)
  })
}

export function show(container: HTMLElement, view: View): void {
  const pageContext = contextOf(view)
  if (!root) {
    // The static error pages are not hydrated: the first navigation away starts a fresh root.
    container.replaceChildren()
    root = createRoot(container)
  }
  // Synchronously, so that scroll and focus act on the new page.
  flushSync(() => root!.render(<PageRoot pageContext={pageContext} />))
  applyHead(headOf(pageContext))
}
