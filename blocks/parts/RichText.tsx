/** Rich-text field as React. Provisional: plain paragraphs until the unified/hast renderer lands. */
import type { RichTextNode } from '../../cms/content-model.ts'

function plain(node: RichTextNode): string {
  return node.text ?? (node.content ?? []).map(plain).join('')
}

export function RichText({ doc }: { doc: unknown }) {
  const content = (doc as { content?: unknown })?.content
  if (!Array.isArray(content)) return null
  return (
    <div className="prose">
      {(content as RichTextNode[]).map((node, index) => (
        <p key={index}>{plain(node)}</p>
      ))}
    </div>
  )
}
