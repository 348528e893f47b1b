/**
 * The catch-all route: any path, captured as one `slug` parameter that may span several segments
 * (docs/behaviour.md, "Routes and error pages"). The build renders only the routes it crawled, so a
 * path without a payload is a 404, and so is a path no Storyblok slug could have (cms/slug.ts).
 */
import type { PageContext } from 'vike/types'
import { isValidSlug, slugOf } from '../routes.ts'

export function route(pageContext: PageContext) {
  const slug = slugOf(pageContext.urlPathname)
  if (!isValidSlug(slug)) return false
  if (pageContext.payload?.route !== (slug ? `/${slug}/` : '/')) return false
  return { routeParams: { slug } }
}
