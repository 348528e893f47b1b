/**
 * What a page's document and React tree are made from, wherever it is rendered: Vike's pageContext
 * in `npm run dev` (it carries all of this, renderer/types.ts), a page of the build's render pool,
 * the browser's next view. One type, so that each passes what it has without a cast.
 */
import type React from 'react'
import type { RoutePayload, SiteShell } from '../pages/build-contract.ts'
import type { RenderedChrome } from './Layout.tsx'

export interface ViewContext {
  /** The page's view: the story view, or the error view. */
  Page?: () => React.ReactNode
  /** The route's payload; absent for error pages. */
  payload?: RoutePayload
  /** What every page shares: site settings and navigation (absent only in a bare test render). */
  shell?: SiteShell
  /** URL of the build's shell file, written into the page for the browser to fetch once. */
  shellFile?: string
  /** Error pages: true for a 404, false for a 500. */
  is404?: boolean | null
  urlPathname?: string
  /** The path the 404 view names; the static 404.html leaves it empty for the browser to fill. */
  missingPath?: string
  /** Rendering for the visual editor (draft content, editor markers, placeholders). */
  editor?: boolean
  /** The header's and footer's insides, rendered once per mark by the build's render workers. */
  chrome?: RenderedChrome
}
