/**
 * One handler per rich-text node type (docs/behaviour.md, "Rich text"): each turns a Storyblok node
 * into hast. Unknown node types render their children; embedded `blok` nodes render nothing here
 * (the payload step renders them as blocks).
 */
import type { Element, ElementContent } from 'hast'
import type { RichTextNode } from '../content-model.ts'
import { safeUrl } from '../url-policy.ts'
import type { RichTextOptions } from './options.ts'
import { CODE_CLASS } from './sanitize.ts'

export type State = { options: RichTextOptions; inline: (nodes: RichTextNode[] | undefined) => ElementContent[] }
type Handler = (node: RichTextNode, state: State) => ElementContent[]

export function element(tagName: string, properties: Element['properties'], children: ElementContent[] = []): Element {
  return { type: 'element', tagName, properties, children }
}

function attr(node: RichTextNode, name: string): unknown {
  return node.attrs?.[name]
}

function string(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** An image URL the URL policy allows; a rejected one is reported and renders no image. */
function imageSrc(value: unknown, state: State): string | undefined {
  const src = string(value)
  const safe = safeUrl(src, 'image')
  if (src !== undefined && safe === undefined) state.options.onRejectedUrl?.(src)
  return safe
}

/** The child nodes of a node, whatever the CMS sent in their place. */
export function childNodes(nodes: unknown): RichTextNode[] {
  return Array.isArray(nodes) ? nodes.filter((node): node is RichTextNode => typeof node === 'object' && node !== null) : []
}

/** Block-level children: every child is handled on its own (no link grouping across blocks). */
export function blocks(nodes: RichTextNode[] | undefined, state: State): ElementContent[] {
  const result: ElementContent[] = []
  for (const node of childNodes(nodes)) append(result, handle(node, state))
  return result
}

/**
 * Appends rendered nodes to a list: a loop, not `push(...items)`, which overflows the stack when a
 * node of hostile content yields 100,000 children, nor `flatMap`, which made rich text a tenth slower.
 */
export function append(list: ElementContent[], items: ElementContent[]): void {
  for (const item of items) list.push(item)
}

const wrap =
  (tagName: string): Handler =>
  (node, state) => [element(tagName, {}, blocks(node.content, state))]

/** Alignments Storyblok's editor sets on paragraphs and headings (`attrs.textAlign`). */
const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify'])

/** `style="text-align: …"`, as Storyblok's own renderer writes it, for a known alignment only. */
function alignment(node: RichTextNode): Element['properties'] {
  const align = attr(node, 'textAlign')
  return typeof align === 'string' && ALIGNMENTS.has(align) ? { style: `text-align: ${align}` } : {}
}

/** Rows made only of header cells, at the start of a table, form its head (as Storyblok's renderer does). */
function isHeaderRow(row: RichTextNode): boolean {
  const cells = childNodes(row.content)
  return row.type === 'tableRow' && cells.length > 0 && cells.every((cell) => cell.type === 'tableHeader')
}

/** A colour the sanitizer lets through (cms/richtext/sanitize.ts), or nothing. */
const CELL_COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i

/** A cell's span and style: `colspan`/`rowspan` above 1, `width` from `colwidth`, `background-color`. */
function cellProperties(node: RichTextNode): Element['properties'] {
  const span = (name: string) => {
    const value = Number(attr(node, name))
    return Number.isInteger(value) && value > 1 && value <= 1000 ? value : undefined
  }
  const widths = attr(node, 'colwidth')
  const width = Array.isArray(widths) ? widths.reduce((sum: number, value) => sum + (Number.isInteger(value) && value > 0 ? value : 0), 0) : 0
  const background = string(attr(node, 'backgroundColor'))
  const style = [width > 0 && width <= 10_000 && `width: ${width}px;`, background && CELL_COLOR.test(background) && `background-color: ${background};`].filter(Boolean).join(' ')
  return { colSpan: span('colspan'), rowSpan: span('rowspan'), style: style || undefined }
}

const cell =
  (tagName: 'th' | 'td'): Handler =>
  (node, state) => [element(tagName, cellProperties(node), blocks(node.content, state))]

export const nodeHandlers: Record<string, Handler> = {
  doc: (node, state) => blocks(node.content, state),
  paragraph: (node, state) => [element('p', alignment(node), state.inline(node.content))],
  heading(node, state) {
    const level = Math.min(6, Math.max(1, Number(attr(node, 'level')) || 2))
    return [element(`h${level}`, alignment(node), state.inline(node.content))]
  },
  bullet_list: wrap('ul'),
  ordered_list(node, state) {
    const start = Number(attr(node, 'order'))
    return [element('ol', Number.isInteger(start) && start !== 1 ? { start } : {}, blocks(node.content, state))]
  },
  list_item: wrap('li'),
  blockquote: wrap('blockquote'),
  code_block(node) {
    // The class as the editor set it (Storyblok's renderer keeps `ts` as well as `language-ts`);
    // tokens that are not plain names are dropped here, and again by the sanitizer.
    const classes = (string(attr(node, 'class')) ?? '').split(/\s+/).filter((token) => CODE_CLASS.test(token))
    const code = childNodes(node.content).map((child) => (typeof child.text === 'string' ? child.text : '')).join('')
    return [element('pre', {}, [element('code', classes.length ? { className: classes } : {}, [{ type: 'text', value: code }])])]
  },
  horizontal_rule: () => [element('hr', {})],
  hard_break: () => [element('br', {})],
  // A marked text node outside a paragraph (directly under the document, as Storyblok's renderer
  // allows) gets its marks through the inline path; inside it, inline has taken the marks off.
  text: (node, state) => (Array.isArray(node.marks) && node.marks.length ? state.inline([node]) : [{ type: 'text', value: typeof node.text === 'string' ? node.text : '' }]),
  image(node, state) {
    const src = imageSrc(attr(node, 'src'), state)
    if (!src) return []
    const resized = state.options.image?.(src) ?? { src }
    return [
      element('img', {
        ...resized,
        alt: string(attr(node, 'alt')) ?? '',
        title: string(attr(node, 'title')),
        loading: 'lazy',
      }),
    ]
  },
  emoji(node, state) {
    const name = string(attr(node, 'name')) ?? 'emoji'
    const emoji = string(attr(node, 'emoji'))
    if (emoji) return [element('span', { dataType: 'emoji', role: 'img', ariaLabel: name }, [{ type: 'text', value: emoji }])]
    const fallback = imageSrc(attr(node, 'fallbackImage'), state)
    return fallback ? [element('img', { src: fallback, alt: name, className: ['emoji'] })] : []
  },
  table(node, state) {
    const rows = childNodes(node.content)
    let head = 0
    while (head < rows.length && isHeaderRow(rows[head]!)) head++
    const group = (tagName: string, part: RichTextNode[]) => (part.length ? [element(tagName, {}, blocks(part, state))] : [])
    return [element('table', {}, [...group('thead', rows.slice(0, head)), ...group('tbody', rows.slice(head))])]
  },
  tableRow: wrap('tr'),
  tableHeader: cell('th'),
  tableCell: cell('td'),
  // Blocks embedded in rich text render through the block registry: the payload step takes them
  // out of the document before this renderer runs (pages/trim-content.ts), so here they are empty.
  blok: () => [],
}

export function handle(node: RichTextNode, state: State): ElementContent[] {
  const handler = Object.hasOwn(nodeHandlers, node.type) ? nodeHandlers[node.type]! : undefined
  return handler ? handler(node, state) : blocks(node.content, state)
}
