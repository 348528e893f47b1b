import { imageAsset } from '../cms/image.ts'
import type { BlockProps } from './types.ts'
import { useEditable } from './parts/editable.ts'
import { text } from './parts/fields.ts'
import { Image } from './parts/Image.tsx'

/** `teaser`: a headline with optional text and image; the page's opening teaser is its hero. */
export function Teaser({ blok, priority }: BlockProps<'teaser'>) {
  return (
    <section className={`teaser${imageAsset(blok.image) !== undefined ? ' has-image' : ''}`} {...useEditable(blok)}>
      <div className="teaser-text">
        {text(blok.headline) ? <h2 dir="auto">{text(blok.headline)}</h2> : null}
        {text(blok.text) ? <p dir="auto">{text(blok.text)}</p> : null}
      </div>
      <Image asset={blok.image} priority={priority} sizes="(min-width: 960px) 50vw, 100vw" />
    </section>
  )
}
