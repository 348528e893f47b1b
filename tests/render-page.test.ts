/** scripts/engine/render/render-page.ts: the client bundle's tags, from its manifest, in a page's document. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { pageAssets, withAssets } from '../scripts/engine/render/render-page.ts'
import { tempDir } from './helpers/build.ts'

const head = '<!DOCTYPE html>\n<html>\n<head>\n<title>A</title>\n</head>\n<body>\n<div id="root">'
const end = '</div>\n</body>\n</html>'

describe('pageAssets', () => {
  it("should make the entry's stylesheet and module script tags from the client manifest", () => {
    const dir = tempDir('page-assets')
    writeFileSync(join(dir, 'assets.json'), JSON.stringify({ 'renderer/+client.ts': { file: 'assets/entries/c.1.js', css: ['assets/static/t.2.css'] }, 'other.ts': { file: 'x.js' } }))
    expect(pageAssets(dir)).toEqual({ head: '<link rel="stylesheet" type="text/css" href="/assets/static/t.2.css">', end: '<script src="/assets/entries/c.1.js" type="module" async></script>' })
    rmSync(dir, { recursive: true, force: true })
  })

  it('should announce every chunk the entry imports statically, through other chunks too, and none it imports on demand', () => {
    const dir = tempDir('page-assets')
    const manifest = {
      'renderer/+client.ts': { file: 'assets/entries/c.1.js', imports: ['_a.js', '_b.js'], dynamicImports: ['editor.ts'] },
      '_a.js': { file: 'assets/chunks/a.js', imports: ['_c.js'] },
      '_b.js': { file: 'assets/chunks/b.js', imports: ['_c.js'], dynamicImports: ['dialog.tsx'] },
      '_c.js': { file: 'assets/chunks/c.js' },
      'editor.ts': { file: 'assets/chunks/editor.js', imports: ['_d.js'] },
      '_d.js': { file: 'assets/chunks/d.js' },
      'dialog.tsx': { file: 'assets/chunks/dialog.js' },
    }
    writeFileSync(join(dir, 'assets.json'), JSON.stringify(manifest))
    const preloads = [...pageAssets(dir).end.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1])
    expect(preloads).toEqual(['/assets/chunks/a.js', '/assets/chunks/c.js', '/assets/chunks/b.js'])
    expect(pageAssets(dir).end).toMatch(/^<script src="\/assets\/entries\/c\.1\.js" type="module" async><\/script><link rel="modulepreload"/)
    rmSync(dir, { recursive: true, force: true })
  })

  it('should say what to do when the manifest has no client entry', () => {
    const dir = tempDir('page-assets')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'assets.json'), JSON.stringify({ '__proto__': { file: 'x.js' } }))
    expect(() => pageAssets(dir)).toThrow(/names no chunk for renderer\/\+client\.ts: build again with --full/)
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('withAssets', () => {
  const assets = { head: '<link rel="stylesheet" href="/a.css">', end: '<script src="/c.js" type="module" async></script>' }

  it('should put the styles right after <head> and the script right before </body>', () => {
    expect(withAssets(head, 'page', end, assets)).toBe(`${head}page${end}`.replace('<head>', `<head>${assets.head}`).replace('</body>', `${assets.end}</body>`))
  })

  it('should leave text that looks like tags in the body alone', () => {
    const body = '&lt;/body&gt; and &lt;head&gt;'
    expect(withAssets(head, body, end, assets)).toContain(`<div id="root">${body}</div>`)
  })

  it('should refuse a document without <head> or </body>', () => {
    expect(() => withAssets('<html>', 'page', end, assets)).toThrow(/without <head> or <\/body>/)
    expect(() => withAssets(head, 'page', '</html>', assets)).toThrow(/without <head> or <\/body>/)
  })
})
