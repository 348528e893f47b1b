import type { Blok } from '../cms/content-model.ts'
import { text } from './parts/fields.ts'
import { Image } from './parts/Image.tsx'

/** `feature`: a named point with optional text and image. */
export function Feature({ blok }: { blok: Blok }) {
  return (
    <div className="feature">
      <Image asset={blok.image} />
      <h3 dir="auto">{text(blok.name)}</h3>
      {text(blok.text) ? <p>{text(blok.text)}</p> : null}
    </div>
  )
}
