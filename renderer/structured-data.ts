/**
 * JSON-LD structured data of a story page (docs/behaviour.md, "Sharing and structured data"):
 * Organization on the home page, Article on articles (headline, image, dates, the site as author), and BreadcrumbList from
 * the folder path. URLs in structured data must be absolute, so without `SITE_URL` the breadcrumbs
 * are left out and the others carry no URL. Server HTML only, like the share tags (renderer/share.ts).
 */
import type { RoutePayload, SiteInfo } from '../pages/build-contract.ts'
import { storyTitle } from './head.ts'
import type { Share } from './share.ts'

type Thing = Record<string, unknown>

const CONTEXT = 'https://schema.org'
/** Google shows at most 110 characters of an Article's headline. */
export const HEADLINE_LENGTH = 110

const absolute = (route: string, site: SiteInfo) => (site.url ? new URL(route, site.url).href : undefined)
const defined = (thing: Thing): Thing => Object.fromEntries(Object.entries(thing).filter(([, value]) => value !== undefined))

function organization(site: SiteInfo, described = false): Thing {
  return defined({ '@type': 'Organization', name: site.name, url: absolute(site.home ?? '/', site), description: described ? site.description : undefined })
}

function headline(text: string): string {
  return text.length <= HEADLINE_LENGTH ? text : `${text.slice(0, HEADLINE_LENGTH - 1).trimEnd()}…`
}

export function structuredData(payload: RoutePayload, site: SiteInfo, share: Share): Thing[] {
  const things: Thing[] = []
  // The home page of the site, or of the language's site (`/de/`).
  if (payload.route === (site.home ?? '/')) things.push({ '@context': CONTEXT, ...organization(site, true) })
  if (share.type === 'article') {
    things.push(
      defined({
        '@context': CONTEXT,
        '@type': 'Article',
        // What Google's Article guide asks for; the description and URL are in the page's head already.
        headline: headline(storyTitle(payload)),
        image: share.image ? [share.image.url] : undefined,
        datePublished: share.published,
        dateModified: share.modified ?? share.published,
        author: organization(site),
      }),
    )
  }
  if (site.url && payload.breadcrumbs?.length) {
    const trail = [...payload.breadcrumbs, { label: storyTitle(payload), route: payload.route }]
    things.push({
      '@context': CONTEXT,
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((crumb, at) => ({ '@type': 'ListItem', position: at + 1, name: crumb.label, item: absolute(crumb.route, site) })),
    })
  }
  return things
}

/**
 * A JSON-LD `<script>`. JSON can hold `</script>` or `<!--` in a string, which would end the
 * element early: every `<`, `>` and `&` is written as a JSON escape instead.
 */
export function jsonLdScript(thing: Thing): string {
  const json = JSON.stringify(thing).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return `<script type="application/ld+json">${json}</script>\n`
}
