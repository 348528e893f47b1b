/** Keeps the document head in step with the rendered view after a client-side navigation. */
import type { Head } from '../head.ts'

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string | undefined) {
  let element = document.head.querySelector<HTMLElement>(selector)
  if (value === undefined) return element?.remove()
  if (!element) document.head.append((element = create()))
  element.setAttribute(attribute, value)
}

/** What only crawlers read (renderer/share.ts): the next page's would be stale, so it goes. */
const CRAWLER_TAGS = 'meta[property], meta[name^="twitter:"], script[type="application/ld+json"]'

export function applyHead({ title, description, canonical, prev, next, alternates = [] }: Head): void {
  document.title = title
  for (const element of document.head.querySelectorAll(CRAWLER_TAGS)) element.remove()
  for (const element of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) element.remove()
  for (const { hreflang, href } of alternates) document.head.append(Object.assign(document.createElement('link'), { rel: 'alternate', hreflang, href }))
  setMeta('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }), 'content', description)
  for (const [rel, href] of [['canonical', canonical], ['prev', prev], ['next', next]] as const) {
    setMeta(`link[rel="${rel}"]`, () => Object.assign(document.createElement('link'), { rel }), 'href', href)
  }
}
