/**
 * What rich text may contain once rendered: the elements the node and mark handlers produce, with
 * only the attributes they set, safe URL schemes, and colours as plain values. Anything an editor
 * (or a compromised CMS) smuggles in beyond that is dropped: script, raw HTML, event handlers,
 * `javascript:` links.
 */
import type { Root } from 'hast'
import { sanitize, type Schema } from 'hast-util-sanitize'
import { LANGUAGE_TAG } from '../language.ts'

const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\(\s*[\d.%\s,]+\))$/i
const ALIGNED = /^text-align: (left|center|right|justify)$/
const CELL_STYLE = /^(width: \d{1,5}px;)?( ?background-color: (#[0-9a-f]{3,8}|rgba?\([\d.%\s,]+\));)?$/i
/** One class token of a code block (`language-ts`, or a bare `ts`). */
export const CODE_CLASS = /^[\w+#.-]+$/

export const richTextSchema: Schema = {
  tagNames: [
    'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'img', 'hr', 'br',
    'strong', 'em', 'u', 's', 'sub', 'sup', 'mark', 'span', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  attributes: {
    // Paragraphs and headings may be aligned, with one of four values and nothing else.
    ...Object.fromEntries(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [tag, [['style', ALIGNED]]])),
    a: ['href', ['target', '_blank', '_self'], 'rel', 'title', ['hrefLang', LANGUAGE_TAG]],
    ol: ['start'],
    // A code block's classes as the editor set them, plain tokens only.
    code: [['className', CODE_CLASS]],
    img: ['src', 'srcSet', 'sizes', 'alt', 'title', 'width', 'height', ['loading', 'lazy'], ['className', 'emoji']],
    span: ['id', ['className', /^[\w-]+$/], ['style', new RegExp(`^color: ${COLOR.source.slice(1, -1)}$`, 'i')], ['dataType', 'emoji'], ['role', 'img'], 'ariaLabel'],
    mark: [['style', new RegExp(`^background-color: ${COLOR.source.slice(1, -1)}$`, 'i')]],
    // Table cells: spans, and a width in pixels and a background colour as Storyblok writes them.
    ...Object.fromEntries(['th', 'td'].map((tag) => [tag, ['colSpan', 'rowSpan', ['style', CELL_STYLE]]])),
  },
  protocols: {
    href: ['http', 'https', 'mailto', 'tel'],
    // cms/url-policy.ts already allowed only data:image/… among data URLs.
    src: ['http', 'https', 'data'],
  },
  // Anchor ids are meant to be linked to (`/page/#id`), so they keep their name.
  clobber: [],
  clobberPrefix: '',
  strip: ['script', 'style'],
}

export function sanitizeRichText(tree: Root): Root {
  return sanitize(tree, richTextSchema) as Root
}
