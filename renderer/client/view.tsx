/**
 * What the one React root shows: a story from its payload, or the 404/500 view. Loaded on demand
 * (renderer/client/hydration.ts): the page is hydrated on the first use of a control that needs
 * React, or rendered afresh by the first navigation; later views go into the same root.
 */
import { startTransition, useEffect, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { ErrorView } from '../../pages/_error/ErrorView.tsx'
import { StoryView } from '../../pages/story/StoryView.tsx'
import { headOf } from '../head.ts'
import { PageRoot } from '../PageRoot.tsx'
import type { ViewContext } from '../view-context.ts'
import { applyHead } from './head.ts'
import type { View } from './load-view.ts'

let root: Root | undefined

export function contextOf(view: View): ViewContext {
  if ('payload' in view) return { Page: StoryView, payload: view.payload, editor: view.editor, shell: view.shell }
  return { Page: ErrorView, is404: view.error === 404, urlPathname: view.path, missingPath: view.path, shell: view.shell }
}

/** Calls `done` once the tree has been committed (a parent's effect runs after its children's). */
function Committed({ done, children }: { done: () => void; children: ReactNode }) {
  useEffect(done, [done])
  return children
}

const nothing = () => {}

/** Every render has the same root components, so that the first view after hydration updates the page instead of remounting it. */
const tree = (pageContext: ViewContext, committed = nothing) => (
  <Committed done={committed}>
    <PageRoot pageContext={pageContext} />
  </Committed>
)

/**
 * Resolves once hydrated. In a transition, so that React hydrates in slices of a few milliseconds
 * and yields to the browser between them: the page is already painted.
 */
export function hydrate(container: HTMLElement, view: View): Promise<void> {
  if (root) return Promise.resolve()
  return new Promise((resolve) => {
    startTransition(() => {
      root = hydrateRoot(container, tree(contextOf(view), resolve))
    })
  })
}

export function show(container: HTMLElement, view: View): void {
  const pageContext = contextOf(view)
  if (!root) {
    // A page left without hydrating (a static error page, or one whose visitor used no React
    // control) is replaced by a fresh root.
    container.replaceChildren()
    root = createRoot(container)
  }
  // Synchronously, so that scroll and focus act on the new page.
  flushSync(() => root!.render(tree(pageContext)))
  applyHead(headOf(pageContext))
}
