// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { navigableLink, withTrailingSlash } from '../renderer/client/links.ts'

function clickOn(attributes: Record<string, string>, init: MouseEventInit = {}): URL | undefined {
  const link = document.createElement('a')
  for (const [key, value] of Object.entries(attributes)) link.setAttribute(key, value)
  link.textContent = 'link'
  document.body.append(link)
  let result: URL | undefined
  link.addEventListener('click', (event) => {
    result = navigableLink(event)
    event.preventDefault()
  })
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }))
  return result
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('navigableLink', () => {
  it('should take over plain clicks on same-origin routes', () => {
    expect(clickOn({ href: '/about/' })?.pathname).toBe('/about/')
    expect(clickOn({ href: '/blog/2025/post' })?.pathname).toBe('/blog/2025/post')
    expect(clickOn({ href: '/about/', target: '_self' })?.pathname).toBe('/about/')
  })

  it('should leave modified clicks and other buttons to the browser', () => {
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      expect(clickOn({ href: '/about/' }, init), JSON.stringify(init)).toBeUndefined()
    }
  })

  it('should leave links to another language (hreflang) to the browser: that page has its own shell', () => {
    expect(clickOn({ href: '/de/ueber-uns/', hreflang: 'de' })).toBeUndefined()
  })

  it('should leave new tabs, downloads, other origins, files and same-page hashes to the browser', () => {
    expect(clickOn({ href: '/about/', target: '_blank' })).toBeUndefined()
    expect(clickOn({ href: '/about/', download: '' })).toBeUndefined()
    expect(clickOn({ href: 'https://elsewhere.example/about/' })).toBeUndefined()
    expect(clickOn({ href: 'mailto:hi@example.com' })).toBeUndefined()
    expect(clickOn({ href: '/demo-assets/1200x800/x.svg' })).toBeUndefined()
    expect(clickOn({ href: `${location.pathname}#section` })).toBeUndefined()
    expect(clickOn({})).toBeUndefined()
  })

  it('should normalise routes to a trailing slash', () => {
    expect(withTrailingSlash('/about')).toBe('/about/')
    expect(withTrailingSlash('/')).toBe('/')
  })
})
