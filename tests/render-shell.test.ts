import { describe, expect, it } from 'vitest'
import { learnShell, withShell, withShellParts } from '../scripts/engine/render/render-page.ts'

const document = '<!DOCTYPE html>\n<html>\n<head>\n<title>A</title>\n</head>\n<body>\n<div id="root">page</div>\n</body>\n</html>'
const css = '<link rel="stylesheet" href="/assets/a.css">'
const script = '<script src="/assets/c.js" type="module" async></script>'
const vike = document.replace('<head>', `<head>${css}`).replace('</body>', `${script}</body>`)

describe('learnShell', () => {
  it("should learn Vike's two insertions and reproduce its page", () => {
    const shell = learnShell(vike, document)
    expect(shell).toEqual({ head: css, body: script })
    const other = document.replace('page', 'another page').replace('<title>A</title>', '<title>B</title>')
    expect(withShell(other, shell!)).toBe(other.replace('<head>', `<head>${css}`).replace('</body>', `${script}</body>`))
  })

  it('should refuse when Vike adds anything anywhere else', () => {
    expect(learnShell(vike.replace('<title>', '<meta name="x"><title>'), document)).toBeUndefined()
    // Per-page data inside the body (as Vike's client routing would add) must turn the fast path off too.
    expect(learnShell(vike.replace('page</div>', 'page</div><script>window.__data={}</script>'), document)).toBeUndefined()
    expect(learnShell('<html>nothing alike</html>', document)).toBeUndefined()
  })
})

describe('withShellParts', () => {
  const shell = { head: css, body: script }
  const head = '<!DOCTYPE html>\n<html>\n<head>\n<title>A</title>\n</head>\n<body>\n<div id="root">'
  const end = '</div>\n</body>\n</html>'

  it('should give the bytes withShell gives the whole document', () => {
    for (const body of ['page', '', '<p>&lt;head&gt; and &lt;/body&gt; as text</p>']) {
      expect(withShellParts(head, body, end, shell)).toBe(withShell(head + body + end, shell))
    }
  })

  it('should fall back to the whole document when a part lacks its marker', () => {
    expect(withShellParts('<html>', '<head></head><body>page', '</body></html>', shell)).toBe(withShell('<html><head></head><body>page</body></html>', shell))
    expect(withShellParts(head, 'page</div></body>', '</html>', shell)).toBe(withShell(`${head}page</div></body></html>`, shell))
  })
})
