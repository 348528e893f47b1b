import type { Blok } from '../cms/content-model.ts'
import { text } from './parts/fields.ts'
import { Image } from './parts/Image.tsx'

/** `teaser`: a headline with optional text and image. */
export function Teaser({ blok }: { blok: Blok }) {
  return (
    <section className="teaser">
      <h2 dir="auto">{text(blok.headline)}</h2>
      {text(blok.text) ? <p>{text(blok.text)}</p> : null}
      <Image asset={blok.image} />
    </section>
  )
}
