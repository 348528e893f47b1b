/**
 * A rich-text field. The payload step rendered it to sanitized HTML with `renderRichText` (one
 * hast tree, sanitized, serialized), so the browser needs no rich-text code: the component only
 * places that HTML, identical on the server and at hydration. Blocks embedded in the text come
 * as content beside the HTML (pages/trim-content.ts) and render through the block registry where
 * the HTML marks their place.
 */
import { BLOK_MARK_END, BLOK_MARK_START, type RenderedRichText } from '../../pages/build-contract.ts'
import { useBlockEnv } from '../environment.tsx'

const MARK = new RegExp(`${BLOK_MARK_START}(\\d+)${BLOK_MARK_END}`)

function isRendered(value: unknown): value is RenderedRichText {
  return typeof value === 'object' && value !== null && (value as RenderedRichText).type === 'html' && typeof (value as RenderedRichText).html === 'string'
}

export function RichText({ doc }: { doc: unknown }) {
  const { Block } = useBlockEnv()
  if (!isRendered(doc) || doc.html === '') return null
  if (!doc.bloks?.length) return <div className="prose" dangerouslySetInnerHTML={{ __html: doc.html }} />
  // split() with a capturing group alternates HTML and the numbers of block lists.
  const parts = doc.html.split(MARK)
  return (
    <div className="prose">
      {parts.map((part, at) =>
        at % 2 === 0 ? (
          part ? <div key={at} className="prose-part" dangerouslySetInnerHTML={{ __html: part }} /> : null
        ) : (
          <div key={at} className="prose-blok">
            {(doc.bloks![Number(part)] ?? []).map((blok) => (
              <Block key={blok._uid} blok={blok} />
            ))}
          </div>
        ),
      )}
    </div>
  )
}
