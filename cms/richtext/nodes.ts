/**
 * One handler per rich-text node type (docs/behaviour.md, "Rich text"): each turns a Storyblok node
 * into hast. Unknown node types render their children; embedded `blok` nodes render nothing here.
 */
import type { Element, ElementContent } from 'hast'
import type { RichTextNode } from '../content-model.ts'
import { safeUrl } from '../url-policy.ts'
import type { RichTextOptions } from './options.ts'

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
  return childNodes(nodes).flatMap((node) => handle(node, state))
}

const wrap =
  (tagName: string): Handler =>
  (node, state) => [element(tagName, {}, blocks(node.content, state))]

const inlineWrap =
  (tagName: string): Handler =>
  (node, state) => [element(tagName, {}, state.inline(node.content))]

export const nodeHandlers: Record<string, Handler> = {
  doc: (node, state) => blocks(node.content, state),
  paragraph: inlineWrap('p'),
  heading(node, state) {
    const level = Math.min(6, Math.max(1, Number(attr(node, 'level')) || 2))
    return [element(`h${level}`, {}, state.inline(node.content))]
  },
  bullet_list: wrap('ul'),
  ordered_list(node, state) {
    const start = Number(attr(node, 'order'))
    return [element('ol', Number.isInteger(start) && start !== 1 ? { start } : {}, blocks(node.content, state))]
  },
  list_item: wrap('li'),
  blockquote: wrap('blockquote'),
  code_block(node) {
    const language = string(attr(node, 'class'))
    const code = childNodes(node.content).map((child) => (typeof child.text === 'string' ? child.text : '')).join('')
    return [element('pre', {}, [element('code', language ? { className: [language] } : {}, [{ type: 'text', value: code }])])]
  },
  horizontal_rule: () => [element('hr', {})],
  hard_break: () => [element('br', {})],
  text: (node) => [{ type: 'text', value: typeof node.text === 'string' ? node.text : '' }],
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
  // Blocks embedded in rich text are not part of this site's content model.
  blok: () => [],
}

export function handle(node: RichTextNode, state: State): ElementContent[] {
  const handler = Object.hasOwn(nodeHandlers, node.type) ? nodeHandlers[node.type]! : undefined
  return handler ? handler(node, state) : blocks(node.content, state)
}
