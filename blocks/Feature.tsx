import type { BlockProps } from './types.ts'
import { useEditable } from './parts/editable.ts'
import { text } from './parts/fields.ts'
import { Image } from './parts/Image.tsx'

/** `feature`: a named point with optional text and image. */
export function Feature({ blok }: BlockProps<'feature'>) {
  return (
    <div className="feature" {...useEditable(blok)}>
      <Image asset={blok.image} sizes="(min-width: 960px) 25vw, 50vw" />
      {text(blok.name) ? <h3 dir="auto">{text(blok.name)}</h3> : null}
      {text(blok.text) ? <p dir="auto">{text(blok.text)}</p> : null}
    </div>
  )
}
