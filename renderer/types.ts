/**
 * What `npm run dev` hands Vike's renderPage() for each route (pageContextInit), visible on
 * `pageContext` in every hook and component: the fields of renderer/view-context.ts.
 */
import type React from 'react'
import type { RoutePayload, SiteShell } from '../pages/build-contract.ts'

declare global {
  namespace Vike {
    interface PageContext {
      /** The `+Page` component of the matched page. */
      Page?: () => React.ReactNode
      /** The route's payload; absent for error pages. */
      payload?: RoutePayload
      /** What every page shares: site settings and navigation (absent only in a bare test render). */
      shell?: SiteShell
      /** URL of the build's shell file, written into the page for the browser to fetch once. */
      shellFile?: string
      /** The path the 404 view names; the static 404.html leaves it empty for the browser to fill. */
      missingPath?: string
      /** Rendering for the visual editor (draft content, editor markers, placeholders). */
      editor?: boolean
      /**
       * The header's and the footer's insides, rendered once for every story page with the same
       * marks by the build's render workers (scripts/engine/render/worker.ts); never in the browser.
       */
      chrome?: import('./Layout.tsx').RenderedChrome
    }
  }
}

export {}

declare global {
  /** Draft settings baked into preview builds; `null` in production builds. */
  const __PREVIEW_CONFIG__: import('../cms/preview-config.ts').PreviewConfig | null
}
