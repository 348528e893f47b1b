/**
 * Inline content of a paragraph or heading. Consecutive nodes that carry the same link mark become
 * one `<a>` (Storyblok splits a link into one text node per formatting change).
 */
import type { ElementContent } from 'hast'
import type { RichTextMark, RichTextNode } from '../content-model.ts'
import { applyMarks, linkElement } from './marks.ts'
import { append, childNodes, handle, type State } from './nodes.ts'

function marksOf(node: RichTextNode): RichTextMark[] {
  return Array.isArray(node.marks) ? node.marks.filter((mark) => typeof mark === 'object' && mark !== null) : []
}

const linkIn = (marks: RichTextMark[]) => marks.find((mark) => mark.type === 'link')

/**
 * Links are "the same" when every attribute matches, in any order (only equality counts). Compared
 * field by field: serializing both marks' attributes for every linked text node was a tenth of
 * building a rich-text tree.
 */
function sameLink(a: RichTextMark, b: RichTextMark): boolean {
  if (a === b) return true
  const first = (a.attrs ?? {}) as Record<string, unknown>
  const second = (b.attrs ?? {}) as Record<string, unknown>
  const names = Object.keys(first)
  if (names.length !== Object.keys(second).length) return false
  for (const name of names) {
    if (!Object.hasOwn(second, name)) return false
    if (first[name] !== second[name] && JSON.stringify(first[name]) !== JSON.stringify(second[name])) return false
  }
  return true
}

/** A node with its marks but the link applied; a plain text node is its text. */
function renderInlineNode(node: RichTextNode, marks: RichTextMark[], state: State): ElementContent[] {
  const rendered: ElementContent[] = node.type === 'text' ? [{ type: 'text', value: typeof node.text === 'string' ? node.text : '' }] : handle(node, state)
  return marks.length ? applyMarks(rendered, marks.filter((mark) => mark.type !== 'link')) : rendered
}

export function inline(nodes: RichTextNode[] | undefined, state: State): ElementContent[] {
  const result: ElementContent[] = []
  const list = childNodes(nodes)
  for (let i = 0; i < list.length; ) {
    const marks = marksOf(list[i]!)
    const link = linkIn(marks)
    if (!link) {
      append(result, renderInlineNode(list[i]!, marks, state))
      i++
      continue
    }
    const rendered = renderInlineNode(list[i]!, marks, state)
    for (i++; i < list.length; i++) {
      const next = marksOf(list[i]!)
      const nextLink = linkIn(next)
      if (!nextLink || !sameLink(nextLink, link)) break
      append(rendered, renderInlineNode(list[i]!, next, state))
    }
    append(result, linkElement(link, state.options, rendered))
  }
  return result
}
