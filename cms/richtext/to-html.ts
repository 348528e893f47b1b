/**
 * The sanitized rich-text tree to HTML: the bytes hast-util-to-html makes with its default options,
 * for the only trees it is given, the ones sanitize.ts lets through (HTML elements, their
 * attributes, text). tests/richtext-to-html.test.ts holds it to hast-util-to-html byte for byte on
 * every rich-text document of the demo space, of the hostile-content fixtures and of a generated
 * space.
 *
 * Why not hast-util-to-html itself: it serializes any hast (SVG, optional tag omission, quote
 * choice, comments, doctypes, raw nodes) and pays for that on every node, with an options object
 * per text node and attribute. Rich text is most of a story's bytes, and its serialization was the
 * build's largest single item (measured 2026-11-23: 0.45 s of the main thread at 5,000 stories,
 * a third of that here). Attribute names and kinds still come from
 * property-information and void elements from html-void-elements, as hast-util-to-html has them.
 */
import type { Element, Properties, Root, RootContent } from 'hast'
import { htmlVoidElements } from 'html-void-elements'
import { find, html } from 'property-information'

const VOIDS = new Set(htmlVoidElements)

/** What a character becomes in a reference: hexadecimal, as stringify-entities writes it by default. */
const reference = (character: string) => `&#x${character.charCodeAt(0).toString(16).toUpperCase()};`

// The characters hast-util-to-html encodes (neither parse errors nor dangerous characters allowed).
/** In text: `<` and `&`. */
const TEXT_ESCAPES = /[<&]/g
/** In a double-quoted attribute value. */
const VALUE_ESCAPES = /[\0"&'`]/g
const VALUE_NEEDS_ESCAPES = /[\0"&'`]/
/** In an attribute name. */
const NAME_ESCAPES = /[\0\t\n\f\r "&'/<=>`]/g

// Most text and values have nothing to encode: two `indexOf` scans (or a `test`) are cheaper than a
// replace that finds nothing.
const escapeText = (value: string) => (value.indexOf('<') === -1 && value.indexOf('&') === -1 ? value : value.replace(TEXT_ESCAPES, reference))
const escapeValue = (value: string) => (VALUE_NEEDS_ESCAPES.test(value) ? value.replace(VALUE_ESCAPES, reference) : value)

type Info = ReturnType<typeof find>

/** Each property's attribute name (escaped) and kind, looked up once per property name. */
const attributes = new Map<string, { name: string; info: Info }>()

function attributeOf(property: string): { name: string; info: Info } {
  let known = attributes.get(property)
  if (!known) {
    const info = find(html, property)
    attributes.set(property, (known = { name: info.attribute.replace(NAME_ESCAPES, reference), info }))
  }
  return known
}

/** One attribute, or `''` when the value says it is absent (as hast-util-to-html decides). */
function attribute(property: string, raw: Properties[string]): string {
  const { name, info } = attributeOf(property)
  let value: unknown = raw
  if (info.overloadedBoolean && (value === info.attribute || value === '')) value = true
  else if ((info.boolean || info.overloadedBoolean) && (typeof value !== 'string' || value === info.attribute || value === '')) value = Boolean(value)
  if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) return ''
  if (value === true) return ` ${name}`
  // Token lists as comma-separated-tokens and space-separated-tokens write them.
  const text = Array.isArray(value) ? (info.commaSeparated ? value.join(', ') : value.join(' ')).trim() : String(value)
  return ` ${name}="${escapeValue(text)}"`
}

/** Whether the parts from `start` on are all empty. */
function emptyFrom(parts: string[], start: number): boolean {
  for (let at = start; at < parts.length; at++) if (parts[at]) return false
  return true
}

function element(node: Element, out: string[]): void {
  let open = `<${node.tagName}`
  for (const property in node.properties) open += attribute(property, node.properties[property])
  out.push(`${open}>`)
  const start = out.length
  children(node.children, out)
  // A void element with children (no sanitized tree has one) is written with them, and closed.
  if (VOIDS.has(node.tagName.toLowerCase()) && emptyFrom(out, start)) return
  out.push(`</${node.tagName}>`)
}

function children(nodes: RootContent[], out: string[]): void {
  for (const node of nodes) {
    if (node.type === 'element') element(node, out)
    else if (node.type === 'text') out.push(escapeText(node.value))
    // Comments, doctypes and raw HTML never get past the sanitizer (sanitize.ts).
    else throw new Error(`Rich text: a "${node.type}" node is not part of a sanitized tree.`)
  }
}

/**
 * Serializes a tree that sanitize.ts produced. Its parts are joined once, at the end: a string
 * grown by `+=` is a tree of the pieces (V8's cons strings), flattened piece by piece when the
 * payload's JSON is made.
 */
export function sanitizedToHtml(tree: Root): string {
  const out: string[] = []
  children(tree.children, out)
  return out.join('')
}
