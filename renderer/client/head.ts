/** Keeps the document head in step with the rendered view after a client-side navigation. */
import type { Head } from '../head.ts'

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string | undefined) {
  let element = document.head.querySelector<HTMLElement>(selector)
  if (value === undefined) return element?.remove()
  if (!element) document.head.append((element = create()))
  element.setAttribute(attribute, value)
}

export function applyHead({ title, description, canonical, prev, next }: Head): void {
  document.title = title
  setMeta('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }), 'content', description)
  for (const [rel, href] of [['canonical', canonical], ['prev', prev], ['next', next]] as const) {
    setMeta(`link[rel="${rel}"]`, () => Object.assign(document.createElement('link'), { rel }), 'href', href)
  }
}
