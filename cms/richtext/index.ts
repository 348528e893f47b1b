/**
 * Storyblok rich text → HTML, through one sanitized hast tree, serialized as hast-util-to-html
 * would (to-html.ts says why not with it).
 * It runs once per build, in the payload step (pages/payload.ts); the React `<RichText>` component
 * only places the HTML, so the visitor's JavaScript holds no renderer or sanitizer.
 */
import type { Root } from 'hast'
import type { RichTextNode } from '../content-model.ts'
import { inline } from './inline.ts'
import { blocks, type State } from './nodes.ts'
import type { RichTextOptions } from './options.ts'
import { sanitizeRichText } from './sanitize.ts'
import { sanitizedToHtml } from './to-html.ts'

export type { RichTextOptions } from './options.ts'

export const NOT_A_DOCUMENT = 'Rich text: expected a document with a content array; rendering nothing.'

/**
 * The document's nodes; anything without a content array, an empty field (`null`, `undefined`,
 * `""`) included, is a warning (docs/behaviour.md, "Rich text"). The payload step calls the
 * renderer only for documents, so empty fields of real spaces never get here and builds stay quiet.
 */
function contentOf(doc: unknown, options: RichTextOptions): RichTextNode[] | undefined {
  const content = doc === null || doc === undefined ? undefined : (doc as { content?: unknown }).content
  if (Array.isArray(content)) return content as RichTextNode[]
  ;(options.warn ?? console.warn)(NOT_A_DOCUMENT)
  return undefined
}

/** The sanitized hast tree of a rich-text document (empty for anything that is not one). */
export function richTextToHast(doc: unknown, options: RichTextOptions = {}): Root {
  const content = contentOf(doc, options)
  if (!content) return { type: 'root', children: [] }
  const state: State = { options, inline: (nodes) => inline(nodes, state) }
  return sanitizeRichText({ type: 'root', children: blocks(content, state) })
}

/** Renders a rich-text document to an HTML string; `''` for anything that is not a document. */
export function renderRichText(doc: unknown, options: RichTextOptions = {}): string {
  return sanitizedToHtml(richTextToHast(doc, options))
}
