/**
 * One handler per rich-text mark (docs/behaviour.md, "Rich text"): each wraps already-rendered
 * content. Link marks are applied by `inline.ts`, which merges adjacent text sharing one link into
 * one `<a>`.
 */
import type { ElementContent } from 'hast'
import type { RichTextMark } from '../content-model.ts'
import { withAnchor } from '../links.ts'
import { LANGUAGE_TAG } from '../language.ts'
import { own } from '../own.ts'
import { safeUrl } from '../url-policy.ts'
import { element } from './nodes.ts'
import type { RichTextOptions } from './options.ts'

type MarkHandler = (children: ElementContent[], mark: RichTextMark) => ElementContent[]

function attr(mark: RichTextMark, name: string): string | undefined {
  const value = mark.attrs?.[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

const wrap =
  (tagName: string): MarkHandler =>
  (children) => [element(tagName, {}, children)]

export const markHandlers: Record<string, MarkHandler> = {
  bold: wrap('strong'),
  italic: wrap('em'),
  underline: wrap('u'),
  strike: wrap('s'),
  code: wrap('code'),
  subscript: wrap('sub'),
  superscript: wrap('sup'),
  highlight: (children, mark) => {
    const color = attr(mark, 'color')
    return [element('mark', color ? { style: `background-color: ${color}` } : {}, children)]
  },
  // Storyblok's text colour mark.
  textStyle: (children, mark) => {
    const color = attr(mark, 'color')
    return color ? [element('span', { style: `color: ${color}` }, children)] : children
  },
  styled: (children, mark) => {
    const name = attr(mark, 'class')
    return name ? [element('span', { className: [name] }, children)] : children
  },
  anchor: (children, mark) => {
    const id = attr(mark, 'id')
    return id ? [element('span', { id }, children)] : children
  },
}

/** Applies marks, the first one innermost as @storyblok/richtext does; unknown marks are ignored. */
export function applyMarks(children: ElementContent[], marks: RichTextMark[]): ElementContent[] {
  return marks.reduce<ElementContent[]>((inner, mark) => {
    const handler = Object.hasOwn(markHandlers, mark.type) ? markHandlers[mark.type] : undefined
    return handler ? handler(inner, mark) : inner
  }, children)
}

/** Where a link mark points as the editor set it (story links go to the linked story's current route). */
function intendedHref(mark: RichTextMark, options: RichTextOptions): string | undefined {
  const href = attr(mark, 'href')
  const anchor = attr(mark, 'anchor')
  switch (attr(mark, 'linktype')) {
    case 'story': {
      const uuid = attr(mark, 'uuid')
      // A story that is not published has no route: its stale href must not be linked.
      if (uuid && options.links) {
        const route = typeof options.links === 'function' ? options.links(uuid) : own(options.links, uuid)
        return route ? withAnchor(route, anchor) : undefined
      }
      return href ? withAnchor(href, anchor) : anchor ? `#${anchor}` : undefined
    }
    case 'email':
      return href ? (href.startsWith('mailto:') ? href : `mailto:${href}`) : undefined
    default:
      // Only story links take their anchor, as in @storyblok/richtext.
      return href
  }
}

/** Where a link mark points, if anywhere the URL policy allows. */
export function linkHref(mark: RichTextMark, options: RichTextOptions): string | undefined {
  const href = intendedHref(mark, options)
  const safe = safeUrl(href, 'link')
  if (href !== undefined && safe === undefined) options.onRejectedUrl?.(href)
  return safe
}

/** Link types an editor may add to `rel` (custom attributes); anything else is dropped. */
const REL_TOKENS = new Set(['nofollow', 'sponsored', 'ugc', 'external', 'me', 'noopener', 'noreferrer'])

/**
 * The custom attributes an editor set on a link (`attrs.custom`, which Storyblok's renderer puts
 * on the `<a>` as they are) that are safe to keep: `title`, `hreflang` and known `rel` tokens.
 * Others (event handlers, `style`, another `href`) are dropped.
 */
function customAttributes(mark: RichTextMark): { title?: string; hrefLang?: string; rel: string[] } {
  const custom = mark.attrs?.custom
  const { title, hreflang, rel } = typeof custom === 'object' && custom !== null ? (custom as Record<string, unknown>) : {}
  return {
    ...(typeof title === 'string' && title.trim() ? { title } : {}),
    ...(typeof hreflang === 'string' && LANGUAGE_TAG.test(hreflang) ? { hrefLang: hreflang } : {}),
    rel: typeof rel === 'string' ? rel.toLowerCase().split(/\s+/).filter((token) => REL_TOKENS.has(token)) : [],
  }
}

/** The link around its content; a link that leads nowhere (unpublished story, rejected URL) is its text alone. */
export function linkElement(mark: RichTextMark, options: RichTextOptions, children: ElementContent[]): ElementContent[] {
  const href = linkHref(mark, options)
  if (href === undefined) return children
  const { rel: customRel, ...custom } = customAttributes(mark)
  const title = attr(mark, 'title')?.trim()
  const blank = attr(mark, 'target') === '_blank'
  const rel = [...new Set([...customRel, ...(blank ? ['noopener', 'noreferrer'] : [])])]
  return [element('a', { href, ...(title ? { title } : {}), ...custom, ...(blank ? { target: '_blank' } : {}), ...(rel.length ? { rel } : {}) }, children)]
}
