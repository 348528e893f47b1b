import type { PageContext } from 'vike/types'
import type { SiteShell } from './types.ts'

/** Navigation and site name: from the payload for stories, from the build's shell for error pages. */
export function shellOf(pageContext: PageContext): SiteShell {
  const source = pageContext.payload ?? pageContext.shell
  return { nav: source?.nav ?? [], site: source?.site ?? { name: '' } }
}
