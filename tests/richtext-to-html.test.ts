/**
 * cms/richtext/to-html.ts against hast-util-to-html, the serializer it stands in for: the same
 * bytes for every rich-text document of the demo space with the hostile-content fixtures, of a
 * generated space, and for hand-made trees with every kind of attribute value and every character
 * that needs escaping.
 */
import type { Element, ElementContent, Root } from 'hast'
import { toHtml } from 'hast-util-to-html'
import { describe, expect, it } from 'vitest'
import { richTextToHast } from '../cms/richtext/index.ts'
import { sanitizedToHtml } from '../cms/richtext/to-html.ts'
import { generateSpace } from '../scripts/bench/generate-space.ts'
import { hostileSpace } from './helpers/space.ts'

/** Every rich-text document in a value (story content, translated fields included). */
function documents(value: unknown, found: unknown[] = []): unknown[] {
  if (typeof value !== 'object' || value === null) return found
  const node = value as { type?: unknown; content?: unknown }
  if (node.type === 'doc' && Array.isArray(node.content)) found.push(value)
  else for (const key in value) documents((value as Record<string, unknown>)[key], found)
  return found
}

/** Each document's sanitized tree, as the payload step makes it (links resolved to a route). */
function trees(stories: { content: unknown }[]): Root[] {
  const options = { links: () => '/linked/', image: (src: string) => ({ src, srcSet: `${src} 640w, ${src} 1280w`, sizes: '100vw' }), warn: () => {} }
  return stories.flatMap((story) => documents(story.content)).map((doc) => richTextToHast(doc, options))
}

const element = (tagName: string, properties: Element['properties'], ...children: ElementContent[]): Element => ({ type: 'element', tagName, properties, children })
const text = (value: string): ElementContent => ({ type: 'text', value })
const root = (...children: ElementContent[]): Root => ({ type: 'root', children })

describe('sanitizedToHtml', () => {
  it('should write what hast-util-to-html writes for every document of the demo space and the hostile fixtures', () => {
    const all = trees(hostileSpace().stories)
    expect(all.length).toBeGreaterThan(20)
    for (const tree of all) expect(sanitizedToHtml(tree)).toBe(toHtml(tree))
  })

  it('should write what hast-util-to-html writes for every document of a generated space', () => {
    const all = trees(generateSpace(300, 7).stories)
    expect(all.length).toBeGreaterThan(300)
    for (const tree of all) expect(sanitizedToHtml(tree)).toBe(toHtml(tree))
  })

  it('should escape text and attribute values as hast-util-to-html does', () => {
    const nasty = 'a<b>&c"d\'e`f\0g=h/i\tj'
    const tree = root(text(nasty), element('a', { href: nasty, title: nasty, dataType: nasty, ariaLabel: nasty }, text(nasty)))
    expect(sanitizedToHtml(tree)).toBe(toHtml(tree))
    expect(sanitizedToHtml(tree)).toContain('a&#x3C;b>&#x26;c"d')
  })

  it('should write every kind of property value as hast-util-to-html does', () => {
    const tree = root(
      element('img', { src: 'x.png', width: 640, height: Number.NaN, alt: '', title: null, loading: undefined, className: ['emoji', 'big'] } as unknown as Element['properties']),
      element('td', { colSpan: 2, rowSpan: 0, style: 'width: 10px;' }, text('cell')),
      element('a', { rel: ['noopener', 'noreferrer'], hrefLang: 'de', target: '_blank' }, text('x')),
      // Kinds no sanitized tree has, for completeness: booleans, an overloaded boolean, a comma-separated list.
      element('span', { hidden: true, download: '', accept: ['a', 'b'], checked: false, id: 'x' }),
      element('br', {}),
      element('hr', {}, text('void with children')),
      element('br', {}, text(''), text('')),
      element('P', {}, text('upper')),
    )
    expect(sanitizedToHtml(tree)).toBe(toHtml(tree))
  })

  it('should refuse a node the sanitizer never lets through', () => {
    expect(() => sanitizedToHtml({ type: 'root', children: [{ type: 'comment', value: 'x' }] })).toThrow(/"comment" node is not part of a sanitized tree/)
  })
})
