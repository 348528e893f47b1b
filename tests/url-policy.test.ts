/** The site's one URL policy (cms/url-policy.ts), case by case. */
import { describe, expect, it } from 'vitest'
import { safeUrl } from '../cms/url-policy.ts'

describe('safeUrl', () => {
  it('should allow http, https, mailto, tel and relative URLs', () => {
    for (const url of ['https://example.com/a?b#c', 'HTTP://example.com', 'mailto:a@b.c', 'tel:+4312345', '/about/', 'about', '#top', '?q=1', '//cdn.example.com/x.png', '../up']) {
      expect(safeUrl(url, 'link'), url).toBe(url)
    }
  })

  it('should reject script-bearing and unknown schemes in any case', () => {
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'vbscript:msgbox(1)', 'VBScript:x', 'data:text/html,<script>', 'file:///etc/passwd', 'foo:bar']) {
      expect(safeUrl(url, 'link'), url).toBeUndefined()
    }
  })

  it('should see through leading spaces and control characters, and tabs or newlines inside the scheme', () => {
    for (const url of [' javascript:x', '\t\nvbscript:x', '\u0001javascript:x', 'java\tscript:x', 'java\nscript:x', 'jav\u0000ascript:x']) {
      expect(safeUrl(url, 'link'), JSON.stringify(url)).toBeUndefined()
    }
    expect(safeUrl('  https://example.com/  ', 'link')).toBe('https://example.com/')
  })

  it('should reject a DEL character inside a URL that has nothing to trim or decode', () => {
    for (const url of ['java\u007fscript:x', 'https://example.com/\u007f']) expect(safeUrl(url, 'link'), JSON.stringify(url)).toBeUndefined()
  })

  it('should see through character references that spell a scheme', () => {
    for (const url of ['javascript&colon;alert(1)', '&#106;avascript:alert(1)', 'jav&#x61;script:x', 'jav&#97script:x', 'vbscript&#58;x', 'java&Tab;script:x']) {
      expect(safeUrl(url, 'link'), url).toBeUndefined()
    }
    expect(safeUrl('https://example.com/?a=1&amp;b=2', 'link')).toBe('https://example.com/?a=1&amp;b=2')
  })

  it('should allow data:image URLs for images only', () => {
    expect(safeUrl('data:image/png;base64,iVBORw0KGgo=', 'image')).toBe('data:image/png;base64,iVBORw0KGgo=')
    expect(safeUrl('data:image/svg+xml,<svg/>', 'image')).toBe('data:image/svg+xml,<svg/>')
    expect(safeUrl('data:image/png;base64,iVBORw0KGgo=', 'link')).toBeUndefined()
    expect(safeUrl('data:text/html;base64,PHNjcmlwdD4=', 'image')).toBeUndefined()
    expect(safeUrl('mailto:a@b.c', 'image')).toBeUndefined()
  })

  it('should treat empty and non-string input as no URL', () => {
    for (const url of ['', '   ', null, undefined, 42, {}]) expect(safeUrl(url, 'link')).toBeUndefined()
  })
})
