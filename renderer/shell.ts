import type { SiteShell } from '../pages/build-contract.ts'
import type { ViewContext } from './view-context.ts'

const NO_SHELL: SiteShell = { nav: [], footer: [], site: { name: '' } }

/** The site-wide shell of a page: its settings and navigation. */
export function shellOf(pageContext: Pick<ViewContext, 'shell'>): SiteShell {
  return pageContext.shell ?? NO_SHELL
}
