/** A rich-text field as React elements, from the same sanitized tree `renderRichText` serializes. */
import { toJsxRuntime } from 'hast-util-to-jsx-runtime'
import { Fragment, jsx, jsxs } from 'react/jsx-runtime'
import { responsiveImage } from '../../cms/image.ts'
import { richTextToHast } from '../../cms/richtext/index.ts'
import { useBlockEnv } from '../environment.tsx'

const PROSE_SIZES = '(min-width: 960px) 72ch, 100vw'

export function RichText({ doc }: { doc: unknown }) {
  const { links } = useBlockEnv()
  const tree = richTextToHast(doc, { links, image: (src) => responsiveImage(src, PROSE_SIZES) })
  if (tree.children.length === 0) return null
  return <div className="prose">{toJsxRuntime(tree, { Fragment, jsx, jsxs })}</div>
}
