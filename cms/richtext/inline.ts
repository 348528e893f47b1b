/**
 * Inline content of a paragraph or heading. Consecutive nodes that carry the same link mark become
 * one `<a>` (Storyblok splits a link into one text node per formatting change).
 */
import type { ElementContent } from 'hast'
import type { RichTextMark, RichTextNode } from '../content-model.ts'
import { applyMarks, linkElement } from './marks.ts'
import { childNodes, handle, type State } from './nodes.ts'

function marksOf(node: RichTextNode): RichTextMark[] {
  return Array.isArray(node.marks) ? node.marks.filter((mark) => typeof mark === 'object' && mark !== null) : []
}

function linkOf(node: RichTextNode): RichTextMark | undefined {
  return marksOf(node).find((mark) => mark.type === 'link')
}

/** Links are "the same" when every attribute matches. */
function linkKey(mark: RichTextMark | undefined): string | undefined {
  return mark ? JSON.stringify(Object.entries(mark.attrs ?? {}).sort(([a], [b]) => a.localeCompare(b))) : undefined
}

function renderInlineNode(node: RichTextNode, state: State): ElementContent[] {
  const marks = marksOf(node).filter((mark) => mark.type !== 'link')
  return applyMarks(handle({ ...node, marks: undefined }, state), marks)
}

export function inline(nodes: RichTextNode[] | undefined, state: State): ElementContent[] {
  const result: ElementContent[] = []
  const list = childNodes(nodes)
  for (let i = 0; i < list.length; ) {
    const link = linkOf(list[i]!)
    const key = linkKey(link)
    let end = i + 1
    while (key !== undefined && end < list.length && linkKey(linkOf(list[end]!)) === key) end++
    const rendered = list.slice(i, end).flatMap((node) => renderInlineNode(node, state))
    if (link) result.push(...linkElement(link, state.options, rendered))
    else result.push(...rendered)
    i = end
  }
  return result
}
