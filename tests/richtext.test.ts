/**
 * Rich text against hand-written HTML, node by node and mark by mark, plus an XSS corpus that must
 * come out inert. Longer than 200 lines because it is one case per node and mark: a table of
 * small cases reads better in one place than split by an arbitrary line count.
 */
import * as cheerio from 'cheerio'
import { describe, expect, it, vi } from 'vitest'
import type { RichTextMark, RichTextNode } from '../cms/content-model.ts'
import { NOT_A_DOCUMENT, renderRichText } from '../cms/richtext/index.ts'

const doc = (...content: RichTextNode[]) => ({ type: 'doc', content })
const p = (...content: RichTextNode[]): RichTextNode => ({ type: 'paragraph', content })
const text = (value: string, ...marks: RichTextMark[]): RichTextNode => ({ type: 'text', text: value, ...(marks.length ? { marks } : {}) })
const mark = (type: string, attrs?: Record<string, unknown>): RichTextMark => ({ type, ...(attrs ? { attrs } : {}) })
const link = (attrs: Record<string, unknown>) => mark('link', { uuid: null, anchor: null, target: null, linktype: 'url', ...attrs })

describe('renderRichText nodes', () => {
  it('should render a paragraph', () => {
    expect(renderRichText(doc(p(text('Hello'))))).toBe('<p>Hello</p>')
  })

  it('should render headings of every level, clamping others', () => {
    for (const level of [1, 2, 3, 4, 5, 6]) {
      expect(renderRichText(doc({ type: 'heading', attrs: { level }, content: [text('T')] }))).toBe(`<h${level}>T</h${level}>`)
    }
    expect(renderRichText(doc({ type: 'heading', attrs: { level: 9 }, content: [text('T')] }))).toBe('<h6>T</h6>')
  })

  it('should render bullet and ordered lists, with start', () => {
    const item = (value: string): RichTextNode => ({ type: 'list_item', content: [p(text(value))] })
    expect(renderRichText(doc({ type: 'bullet_list', content: [item('a'), item('b')] }))).toBe('<ul><li><p>a</p></li><li><p>b</p></li></ul>')
    expect(renderRichText(doc({ type: 'ordered_list', attrs: { order: 1 }, content: [item('a')] }))).toBe('<ol><li><p>a</p></li></ol>')
    expect(renderRichText(doc({ type: 'ordered_list', attrs: { order: 4 }, content: [item('d')] }))).toBe('<ol start="4"><li><p>d</p></li></ol>')
  })

  it('should render paragraph and heading alignment as Storyblok does, for the four alignments only', () => {
    expect(renderRichText(doc({ type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('C')] }))).toBe('<p style="text-align: center">C</p>')
    expect(renderRichText(doc({ type: 'heading', attrs: { level: 2, textAlign: 'right' }, content: [text('R')] }))).toBe('<h2 style="text-align: right">R</h2>')
    expect(renderRichText(doc({ type: 'paragraph', attrs: { textAlign: 'justify' }, content: [text('J')] }))).toBe('<p style="text-align: justify">J</p>')
    for (const textAlign of [null, 'start', 'center; background: url(x)', 'left" onclick="x']) {
      expect(renderRichText(doc({ type: 'paragraph', attrs: { textAlign }, content: [text('P')] }))).toBe('<p>P</p>')
    }
  })

  it('should keep code block classes that are not language-*, plain tokens only', () => {
    expect(renderRichText(doc({ type: 'code_block', attrs: { class: 'ts' }, content: [text('x')] }))).toBe('<pre><code class="ts">x</code></pre>')
    expect(renderRichText(doc({ type: 'code_block', attrs: { class: 'language-js line-numbers' }, content: [text('x')] }))).toBe('<pre><code class="language-js line-numbers">x</code></pre>')
    expect(renderRichText(doc({ type: 'code_block', attrs: { class: '" onmouseover="x' }, content: [text('x')] }))).toBe('<pre><code>x</code></pre>')
  })

  it('should render marks on text directly under the document, as Storyblok does', () => {
    expect(renderRichText(doc(text('bold', mark('bold')), text(' and '), text('link', link({ href: '/a/' }))))).toBe('<strong>bold</strong> and <a href="/a/">link</a>')
  })

  it('should render a blockquote', () => {
    expect(renderRichText(doc({ type: 'blockquote', content: [p(text('Quote'))] }))).toBe('<blockquote><p>Quote</p></blockquote>')
  })

  it('should render a code block with its language class, escaped', () => {
    expect(renderRichText(doc({ type: 'code_block', attrs: { class: 'language-ts' }, content: [text('a < b && c')] }))).toBe(
      '<pre><code class="language-ts">a &#x3C; b &#x26;&#x26; c</code></pre>',
    )
  })

  it('should render an image with src, alt and title, keeping src unless asked', () => {
    const image: RichTextNode = { type: 'image', attrs: { src: 'https://a.storyblok.com/f/1/800x600/abc/x.jpg', alt: 'A cat', title: 'Cat' } }
    expect(renderRichText(doc(image))).toBe('<img src="https://a.storyblok.com/f/1/800x600/abc/x.jpg" alt="A cat" title="Cat" loading="lazy">')
    expect(renderRichText(doc(image), { image: (src) => ({ src: `${src}/m/400x0` }) })).toContain('src="https://a.storyblok.com/f/1/800x600/abc/x.jpg/m/400x0"')
  })

  it('should render an emoji as text with a label, or its fallback image', () => {
    expect(renderRichText(doc(p({ type: 'emoji', attrs: { name: 'smile', emoji: '😄' } })))).toBe(
      '<p><span data-type="emoji" role="img" aria-label="smile">😄</span></p>',
    )
    expect(renderRichText(doc(p({ type: 'emoji', attrs: { name: 'smile', emoji: null, fallbackImage: 'https://e.example/s.png' } })))).toBe(
      '<p><img src="https://e.example/s.png" alt="smile" class="emoji"></p>',
    )
  })

  it('should render a horizontal rule and a hard break', () => {
    expect(renderRichText(doc({ type: 'horizontal_rule' }, p(text('a'), { type: 'hard_break' }, text('b'))))).toBe('<hr><p>a<br>b</p>')
  })

  it('should render 200,000 text nodes under one rejected link inside an unknown node without overflowing the stack', () => {
    const nodes = Array.from({ length: 200_000 }, (_, i) => text(`t${i} `, link({ href: 'javascript:alert(1)' })))
    const html = renderRichText(doc({ type: 'wrapper', content: [{ type: 'paragraph', content: nodes }] }), { onRejectedUrl: () => {} })
    expect(html.startsWith('<p>t0 t1 ')).toBe(true)
    expect(html.endsWith('t199999 </p>')).toBe(true)
  })

  it('should render the children of unknown nodes and nothing for embedded bloks', () => {
    expect(renderRichText(doc({ type: 'fancy_box', content: [p(text('inside'))] }))).toBe('<p>inside</p>')
    expect(renderRichText(doc({ type: 'blok', attrs: { body: [{ component: 'teaser' }] } }))).toBe('')
  })
})

describe('renderRichText tables (the fixtures of Storyblok’s renderer)', () => {
  const cell = (type: 'tableHeader' | 'tableCell', value: string, attrs?: Record<string, unknown>): RichTextNode => ({ type, ...(attrs ? { attrs } : {}), content: [p(text(value))] })
  const row = (...content: RichTextNode[]): RichTextNode => ({ type: 'tableRow', content })
  const table = (...content: RichTextNode[]) => doc({ type: 'table', content })

  it('should put leading rows of header cells in thead and the rest in tbody', () => {
    expect(renderRichText(table(row(cell('tableHeader', 'H1'), cell('tableHeader', 'H2')), row(cell('tableCell', 'C1'), cell('tableCell', 'C2'))))).toBe(
      '<table><thead><tr><th><p>H1</p></th><th><p>H2</p></th></tr></thead><tbody><tr><td><p>C1</p></td><td><p>C2</p></td></tr></tbody></table>',
    )
    expect(renderRichText(table(row(cell('tableCell', 'A'), cell('tableCell', 'B'))))).toBe('<table><tbody><tr><td><p>A</p></td><td><p>B</p></td></tr></tbody></table>')
  })

  it('should render spans above 1, and width and background colour as a style', () => {
    expect(renderRichText(table(row(cell('tableCell', 'Merged', { colspan: 2, rowspan: 2 }))))).toBe('<table><tbody><tr><td colspan="2" rowspan="2"><p>Merged</p></td></tr></tbody></table>')
    expect(renderRichText(table(row(cell('tableCell', 'cell', { backgroundColor: 'rgb(204, 255, 204)' }), cell('tableCell', 'cell2', { colwidth: [200], colspan: 2, backgroundColor: 'rgb(204, 255, 204)' }), cell('tableCell', 'cell3', { colwidth: [300] }))))).toBe(
      '<table><tbody><tr><td style="background-color: rgb(204, 255, 204);"><p>cell</p></td><td colspan="2" style="width: 200px; background-color: rgb(204, 255, 204);"><p>cell2</p></td><td style="width: 300px;"><p>cell3</p></td></tr></tbody></table>',
    )
    expect(renderRichText(table(row({ type: 'tableHeader', attrs: { colspan: 1, rowspan: 1, colwidth: [100] }, content: [p(text('THead'))] })))).toBe('<table><thead><tr><th style="width: 100px;"><p>THead</p></th></tr></thead></table>')
  })

  it('should drop a colour or size that is not one, keeping the cell', () => {
    for (const attrs of [{ backgroundColor: 'red; background-image: url(javascript:x)' }, { colwidth: ['100px;x'] }, { colspan: '2" onclick="x' }]) {
      expect(renderRichText(table(row(cell('tableCell', 'x', attrs))))).toBe('<table><tbody><tr><td><p>x</p></td></tr></tbody></table>')
    }
  })
})

describe('renderRichText marks', () => {
  const cases: [RichTextMark, string][] = [
    [mark('bold'), '<strong>x</strong>'],
    [mark('italic'), '<em>x</em>'],
    [mark('underline'), '<u>x</u>'],
    [mark('strike'), '<s>x</s>'],
    [mark('code'), '<code>x</code>'],
    [mark('subscript'), '<sub>x</sub>'],
    [mark('superscript'), '<sup>x</sup>'],
    [mark('highlight', { color: '#fff59d' }), '<mark style="background-color: #fff59d">x</mark>'],
    [mark('highlight'), '<mark>x</mark>'],
    [mark('textStyle', { color: '#5f5129' }), '<span style="color: #5f5129">x</span>'],
    [mark('styled', { class: 'lead' }), '<span class="lead">x</span>'],
    [mark('anchor', { id: 'intro' }), '<span id="intro">x</span>'],
  ]
  for (const [given, expected] of cases) {
    it(`should render the ${given.type} mark${given.attrs ? ' with attributes' : ''}`, () => {
      expect(renderRichText(doc(p(text('x', given))))).toBe(`<p>${expected}</p>`)
    })
  }

  // Expected HTML as @storyblok/richtext 5.3.1 renders the same documents.
  it('should nest several marks as @storyblok/richtext does, the first innermost', () => {
    expect(renderRichText(doc(p(text('x', mark('bold'), mark('italic')))))).toBe('<p><em><strong>x</strong></em></p>')
    expect(renderRichText(doc(p(text('x', mark('italic'), mark('bold')))))).toBe('<p><strong><em>x</em></strong></p>')
    expect(renderRichText(doc(p(text('x', mark('bold'), mark('styled', { class: 'c' })))))).toBe('<p><span class="c"><strong>x</strong></span></p>')
    expect(renderRichText(doc(p(text('x', mark('code'), mark('strike'), mark('underline')))))).toBe('<p><u><s><code>x</code></s></u></p>')
    expect(renderRichText(doc(p(text('x', mark('anchor', { id: 'h' }), mark('bold')))))).toBe('<p><strong><span id="h">x</span></strong></p>')
  })

  it('should keep the link outermost around marks, as @storyblok/richtext does', () => {
    expect(renderRichText(doc(p(text('x', mark('bold'), link({ href: '/a' }), mark('italic')))))).toBe('<p><a href="/a"><em><strong>x</strong></em></a></p>')
  })

  it('should ignore unknown marks', () => {
    expect(renderRichText(doc(p(text('x', mark('sparkle')))))).toBe('<p>x</p>')
  })
})

describe('renderRichText links', () => {
  // Expected HTML as @storyblok/richtext 5.3.1 renders the same documents.
  it('should keep a link\'s title, as @storyblok/richtext does', () => {
    expect(renderRichText(doc(p(text('x', link({ href: 'https://e.com', title: 'Tip' })))))).toBe('<p><a href="https://e.com" title="Tip">x</a></p>')
    expect(renderRichText(doc(p(text('x', link({ href: '/a', title: '' })))))).toBe('<p><a href="/a">x</a></p>')
    expect(renderRichText(doc(p(text('x', link({ href: '/a', title: '"><script>' })))))).toBe('<p><a href="/a" title="&#x22;><script>">x</a></p>')
  })

  it('should add an anchor to story links only, as @storyblok/richtext does', () => {
    expect(renderRichText(doc(p(text('x', link({ href: '/a', anchor: 'top', linktype: undefined })))))).toBe('<p><a href="/a">x</a></p>')
    expect(renderRichText(doc(p(text('x', link({ href: '/a', anchor: 'top' })))))).toBe('<p><a href="/a">x</a></p>')
    expect(renderRichText(doc(p(text('x', link({ href: '/a', anchor: 'top', linktype: 'asset' })))))).toBe('<p><a href="/a">x</a></p>')
    expect(renderRichText(doc(p(text('x', link({ href: '/a', anchor: 'top', linktype: 'story' })))))).toBe('<p><a href="/a#top">x</a></p>')
    expect(renderRichText(doc(p(text('x', link({ href: '', anchor: 'top', linktype: 'story' })))))).toBe('<p><a href="#top">x</a></p>')
  })

  it('should render url links, with rel on _blank', () => {
    expect(renderRichText(doc(p(text('site', link({ href: 'https://example.com', target: '_blank' })))))).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a></p>',
    )
    // _self is the browser's default: no attribute needed.
    expect(renderRichText(doc(p(text('site', link({ href: 'https://example.com', target: '_self' })))))).toBe(
      '<p><a href="https://example.com">site</a></p>',
    )
  })

  it('should resolve story links to the current route, with anchor, falling back to the stored href', () => {
    const story = link({ href: '/old-slug', uuid: 'u-1', linktype: 'story', anchor: 'team' })
    expect(renderRichText(doc(p(text('about', story))), { links: { 'u-1': '/about/' } })).toBe('<p><a href="/about/#team">about</a></p>')
    expect(renderRichText(doc(p(text('about', story))))).toBe('<p><a href="/old-slug#team">about</a></p>')
  })

  it('should ask a links function for each story link, rendering the text alone when it has no route', () => {
    const asked: string[] = []
    const links = (uuid: string) => (asked.push(uuid), uuid === 'u-1' ? '/about/' : undefined)
    const story = (uuid: string) => link({ href: '/old-slug', uuid, linktype: 'story' })
    expect(renderRichText(doc(p(text('about', story('u-1')), text(' gone', story('u-2')))), { links })).toBe('<p><a href="/about/">about</a> gone</p>')
    expect(asked).toEqual(['u-1', 'u-2'])
  })

  it('should render email links as mailto: and asset links as their URL', () => {
    expect(renderRichText(doc(p(text('mail', link({ href: 'hi@example.com', linktype: 'email' })))))).toBe('<p><a href="mailto:hi@example.com">mail</a></p>')
    expect(renderRichText(doc(p(text('pdf', link({ href: 'https://a.storyblok.com/f/1/doc.pdf', linktype: 'asset' })))))).toBe(
      '<p><a href="https://a.storyblok.com/f/1/doc.pdf">pdf</a></p>',
    )
  })

  it('should merge adjacent text sharing one link into one <a>', () => {
    const shared = link({ href: 'https://example.com/one' })
    expect(renderRichText(doc(p(text('bold ', mark('bold'), shared), text('plain', shared), text(' after'))))).toBe(
      '<p><a href="https://example.com/one"><strong>bold </strong>plain</a> after</p>',
    )
    expect(renderRichText(doc(p(text('a', link({ href: 'https://a.example' })), text('b', link({ href: 'https://b.example' })))))).toBe(
      '<p><a href="https://a.example">a</a><a href="https://b.example">b</a></p>',
    )
  })
})

describe('renderRichText custom link attributes', () => {
  it('should keep title, hreflang and known rel tokens, and drop every other custom attribute', () => {
    const custom = { title: 'Our "studio"', hreflang: 'de-AT', rel: 'nofollow evil sponsored', onclick: 'alert(1)', style: 'color: red', href: 'javascript:alert(1)' }
    const html = renderRichText(doc(p(text('studio', link({ href: 'https://example.org/', target: '_blank', custom })))))
    const a = cheerio.load(html)('a')
    expect(a.attr('href')).toBe('https://example.org/')
    expect(a.attr('title')).toBe('Our "studio"')
    expect(a.attr('hreflang')).toBe('de-AT')
    expect(a.attr('rel')).toBe('nofollow sponsored noopener noreferrer')
    expect(a.attr('target')).toBe('_blank')
    expect(html).not.toMatch(/onclick|style|javascript|evil/)
  })

  it('should drop an hreflang that is not a language tag', () => {
    const html = renderRichText(doc(p(text('x', link({ href: '/a/', custom: { hreflang: 'de" onclick="x' } })))))
    expect(html).toBe('<p><a href="/a/">x</a></p>')
  })
})

describe('renderRichText input', () => {
  it('should warn and return an empty string without a content array', () => {
    const warn = vi.fn()
    expect(renderRichText({ type: 'doc' }, { warn })).toBe('')
    expect(renderRichText('<p>html</p>', { warn })).toBe('')
    expect(warn).toHaveBeenCalledTimes(2)
    expect(warn).toHaveBeenCalledWith(NOT_A_DOCUMENT)
  })

  it('should warn and return an empty string for an empty field (undefined, null, "")', () => {
    const warn = vi.fn()
    for (const empty of [null, undefined, '']) expect(renderRichText(empty, { warn })).toBe('')
    expect(warn).toHaveBeenCalledTimes(3)
    expect(warn).toHaveBeenCalledWith(NOT_A_DOCUMENT)
  })

  it('should render a document with no nodes as nothing, silently', () => {
    const warn = vi.fn()
    expect(renderRichText(doc(), { warn })).toBe('')
    expect(warn).not.toHaveBeenCalled()
  })

  it('should survive malformed nodes', () => {
    const broken = [null, p(text('ok')), { type: 'paragraph', content: 'nope' }, p({ type: 'text', text: 5 } as unknown as RichTextNode, text('!', 'bold' as unknown as RichTextMark))]
    expect(renderRichText(doc(...(broken as RichTextNode[])))).toBe('<p>ok</p><p></p><p>!</p>')
  })
})

describe('renderRichText XSS corpus', () => {
  const hostile: [string, RichTextNode[]][] = [
    ['script in text', [p(text('<script>alert(1)</script>'))]],
    ['javascript: link', [p(text('x', link({ href: 'javascript:alert(1)' })))]],
    ['JaVaScRiPt: with entities', [p(text('x', link({ href: 'jav&#x09;ascript:alert(1)' })))]],
    ['javascript: story fallback', [p(text('x', link({ href: 'javascript:alert(1)', linktype: 'story', uuid: 'none' })))]],
    ['data: link', [p(text('x', link({ href: 'data:text/html,<script>alert(1)</script>' })))]],
    ['vbscript: email', [p(text('x', link({ href: 'vbscript:msgbox', linktype: 'url' })))]],
    ['onerror image', [{ type: 'image', attrs: { src: 'x" onerror="alert(1)', alt: '"><script>alert(1)</script>' } }]],
    ['javascript: image', [{ type: 'image', attrs: { src: 'javascript:alert(1)' } }]],
    ['style injection in colour', [p(text('x', mark('textStyle', { color: 'red; background: url(javascript:alert(1))' })))]],
    ['highlight expression', [p(text('x', mark('highlight', { color: 'expression(alert(1))' })))]],
    ['class breaking out', [p(text('x', mark('styled', { class: '" onclick="alert(1)' })))]],
    ['anchor id with quotes', [p(text('x', mark('anchor', { id: '"><img src=x onerror=alert(1)>' })))]],
    ['code block language', [{ type: 'code_block', attrs: { class: '" onmouseover="alert(1)' }, content: [text('x')] }]],
    ['target abuse', [p(text('x', link({ href: 'https://ok.example', target: '" onclick="alert(1)' })))]],
    ['raw html node', [{ type: 'html', attrs: { html: '<img src=x onerror=alert(1)>' }, content: [text('<b>no</b>')] }]],
    ['entity tricks', [p(text('&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;'))]],
    ['emoji fallback javascript', [p({ type: 'emoji', attrs: { name: 'x', fallbackImage: 'javascript:alert(1)' } })]],
  ]

  /** Checks the parsed DOM, as a browser would see it: escaped text in attribute values is harmless. */
  function expectInert(html: string) {
    const $ = cheerio.load(html)
    expect($('script, style, iframe, object, embed')).toHaveLength(0)
    $('*').each((_, element) => {
      for (const [name, value] of Object.entries((element as { attribs: Record<string, string> }).attribs)) {
        expect(name, html).not.toMatch(/^on/i)
        if (name === 'href' || name === 'src') expect(value.replace(/[\s\u0000-\u001f]/g, ''), html).not.toMatch(/^(javascript|vbscript|data):/i)
        if (name === 'style') {
          expect(value, html).toMatch(/^(background-)?color: [#\w(),.% ]+$/)
          expect(value, html).not.toMatch(/expression|url\(/i)
        }
      }
    })
  }

  for (const [name, content] of hostile) {
    it(`should make ${name} inert`, () => {
      expectInert(renderRichText(doc(...content)))
    })
  }

  it('should keep hostile text as text', () => {
    expect(renderRichText(doc(p(text('<script>alert(1)</script>'))))).toBe('<p>&#x3C;script>alert(1)&#x3C;/script></p>')
  })
})
