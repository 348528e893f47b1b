/**
 * renderChrome (renderer/document.tsx): a page given its header and footer as HTML rendered apart
 * is the page rendered whole, byte for byte, which is what lets render workers render them once per
 * mark (scripts/engine/render/worker.ts, withChrome) and what the browser's hydration needs.
 */
import type { PageContext } from 'vike/types'
import { describe, expect, it } from 'vitest'
import type { Alternate, SiteShell } from '../pages/build-contract.ts'
import { renderBody, renderChrome } from '../renderer/document.tsx'
import { payloadWith } from './helpers/render.tsx'

const shell: SiteShell = {
  site: { name: 'Ateliers <Nord> & Söhne' },
  nav: [
    { label: 'Work', route: '/work/' },
    { label: 'About & team', route: '/about/' },
  ],
  footer: [{ label: 'Imprint', route: '/imprint/' }],
}

function pageAt(route: string, alternates?: Alternate[]): PageContext {
  const payload = payloadWith({ _uid: 'b1', component: 'text', text: 'Hello' }, { route, alternates })
  return { Page: () => <p>Body of {route}</p>, payload, shell } as unknown as PageContext
}

describe('renderChrome', () => {
  it('should give the bytes of the whole page, for a page the navigation marks and one it does not', () => {
    for (const route of ['/work/', '/journal/post/']) {
      const page = pageAt(route)
      expect(renderBody({ ...page, chrome: renderChrome({ shell, route }) })).toBe(renderBody(page))
    }
  })

  it('should give the bytes of the whole page with a language switcher and without a footer', () => {
    const alternates = [
      { language: 'en', route: '/about/' },
      { language: 'de', route: '/de/about/' },
    ]
    const bare = { ...shell, footer: [] }
    const page = { ...pageAt('/about/', alternates), shell: bare } as PageContext
    expect(renderBody({ ...page, chrome: renderChrome({ shell: bare, route: '/about/', alternates }) })).toBe(renderBody(page))
  })

  it("should differ from the page when made for another page's mark, which the worker's check catches", () => {
    const page = pageAt('/work/')
    expect(renderBody({ ...page, chrome: renderChrome({ shell, route: '/about/' }) })).not.toBe(renderBody(page))
  })
})
