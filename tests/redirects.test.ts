/** Redirects: the editors' datasource, moved stories, and the `_redirects` file (pages/redirects.ts). */
import { describe, expect, it } from 'vitest'
import { editorRedirects, movedStoryRedirects, notFoundRules, parseRedirectsFile, redirectsFile, redirectTable, type Redirect } from '../pages/redirects.ts'

const ROUTES = new Set(['/', '/about/', '/projects/', '/projects/kiln/', '/blog/'])

describe('editorRedirects', () => {
  it('should read name → value entries, 301 unless the value names a status', () => {
    const warnings: string[] = []
    expect(editorRedirects([{ name: '/work', value: '/projects/' }, { name: '/jobs', value: '/about/ 302' }, { name: '/shop', value: 'https://shop.example/' }], warnings)).toEqual([
      { from: '/work', to: '/projects/', status: 301 },
      { from: '/jobs', to: '/about/', status: 302 },
      { from: '/shop', to: 'https://shop.example/', status: 301 },
    ])
    expect(warnings).toEqual([])
  })

  it('should leave out, with a warning naming the entry, what is not a redirect', () => {
    const warnings: string[] = []
    const entries = [
      { name: 'work', value: '/projects/' },
      { name: '/a/../b', value: '/' },
      { name: '/x', value: 'javascript:alert(1)' },
      { name: '/y', value: '/about/ 200' },
      { name: '/z', value: '/about/ 301 extra' },
      { name: '/q', value: '' },
    ]
    expect(editorRedirects(entries, warnings)).toEqual([])
    expect(warnings).toHaveLength(6)
    expect(warnings[0]).toMatch(/^Redirect "work" → "\/projects\/" is left out: "work" is not a path of the site/)
    expect(warnings[2]).toContain('neither a path of the site nor an http(s) URL')
    expect(warnings[3]).toContain('301, 302, 307, 308')
  })
})

describe('movedStoryRedirects', () => {
  it("should send a moved story's old route to its new one and keep earlier ones", () => {
    const before = new Map([['/blog/old/', { uuid: 'u1' }], ['/about/', { uuid: 'u2' }], ['/projects/page/2/', { uuid: 'u3' }]])
    const after = new Map([['/blog/new/', { uuid: 'u1' }], ['/about/', { uuid: 'u2' }], ['/projects/', { uuid: 'u3' }]])
    const earlier: Redirect[] = [{ from: '/older/', to: '/blog/old/', status: 301, auto: true }, { from: '/editor/', to: '/', status: 302 }]
    expect(movedStoryRedirects(before, after, earlier)).toEqual([
      { from: '/blog/old/', to: '/blog/new/', status: 301, auto: true },
      { from: '/projects/page/2/', to: '/projects/', status: 301, auto: true },
      { from: '/older/', to: '/blog/old/', status: 301, auto: true },
    ])
  })
})

describe('redirectTable', () => {
  it('should follow chains to their end, so a visitor is redirected once', () => {
    const table = redirectTable([{ from: '/a', to: '/b', status: 301 }, { from: '/b', to: '/about/', status: 302 }], ROUTES, [])
    expect(table).toEqual([{ from: '/a', to: '/about/', status: 301 }, { from: '/b', to: '/about/', status: 302 }])
  })

  it('should leave out loops, redirects from live pages and repeated paths, with warnings', () => {
    const warnings: string[] = []
    const table = redirectTable(
      [
        { from: '/a', to: '/b/', status: 301 },
        { from: '/b', to: '/a', status: 301 },
        { from: '/about', to: '/', status: 301 },
        { from: '/c', to: '/', status: 301 },
        { from: '/c/', to: '/blog/', status: 301 },
      ],
      ROUTES,
      warnings,
    )
    expect(table).toEqual([{ from: '/c', to: '/', status: 301 }])
    expect(warnings.join('\n')).toMatch(/"\/a" is left out: it leads in a loop/)
    expect(warnings.join('\n')).toMatch(/"\/about" is left out: a page lives at that path/)
    expect(warnings.join('\n')).toMatch(/"\/c\/" appears more than once/)
  })

  it("should let an editor's redirect win over a made one, and drop a made one whose target went away", () => {
    const table = redirectTable(
      [
        { from: '/old/', to: '/about/', status: 302 },
        { from: '/old/', to: '/blog/', status: 301, auto: true },
        { from: '/gone/', to: '/no-longer/', status: 301, auto: true },
      ],
      ROUTES,
      [],
    )
    expect(table).toEqual([{ from: '/old/', to: '/about/', status: 302 }])
  })

  it('should warn when a redirect leads to a path where the build has no page', () => {
    const warnings: string[] = []
    redirectTable([{ from: '/x', to: '/nowhere/', status: 301 }, { from: '/feed', to: '/feed.xml', status: 301 }], ROUTES, warnings)
    expect(warnings).toEqual(['Redirect "/x" leads to "/nowhere/", where the build has no page.'])
  })
})

describe('redirectsFile and parseRedirectsFile', () => {
  it('should write both spellings of a route, percent-encoded, and read them back', () => {
    const text = redirectsFile([{ from: '/über', to: '/about/', status: 301 }, { from: '/old.html', to: 'https://example.com/', status: 308 }])
    expect(text).toBe('/%C3%BCber /about/ 301\n/%C3%BCber/ /about/ 301\n/old.html https://example.com/ 308\n')
    const table = parseRedirectsFile(`# a comment\n${text}/bad\n/x /y 999\n/z /zürich 301\n`)
    expect([...table]).toEqual([
      ['/über', { to: '/about/', status: 301 }],
      ['/old.html', { to: 'https://example.com/', status: 308 }],
    ])
  })

  it('should give each language folder its Netlify 404 rule, which our own servers leave to the nearest 404.html', () => {
    const rules = notFoundRules(['de', 'pt-br'])
    expect(rules).toBe('/de/* /de/404.html 404\n/pt-br/* /pt-br/404.html 404\n')
    expect(parseRedirectsFile(rules).size).toBe(0)
  })

  it('should normalize an external target to a valid Location (punycode host, encoded path)', () => {
    expect(editorRedirects([{ name: '/shop', value: 'https://bücher.example/straße' }], [])).toEqual([{ from: '/shop', to: 'https://xn--bcher-kva.example/stra%C3%9Fe', status: 301 }])
  })

  it('should write nothing for no redirects', () => {
    expect(redirectsFile([])).toBe('')
  })
})
