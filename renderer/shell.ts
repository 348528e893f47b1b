import type { PageContext } from 'vike/types'
import type { SiteShell } from '../pages/build-contract.ts'

const NO_SHELL: SiteShell = { nav: [], footer: [], site: { name: '' } }

/** The site-wide shell of a page: its settings and navigation. */
export function shellOf(pageContext: Pick<PageContext, 'shell'>): SiteShell {
  return pageContext.shell ?? NO_SHELL
}
