/** Lets the build render the generic 500 page through the same pipeline as every other page. */
import { render } from 'vike/abort'
import type { PageContext } from 'vike/types'

export function guard(pageContext: PageContext) {
  if (pageContext.renderServerError) throw render(500, 'Rendering the static 500 page')
}
