import { imageAsset } from '../cms/image.ts'
import type { BlockProps } from './types.ts'
import { useEditable } from './parts/editable.ts'
import { text } from './parts/fields.ts'
import { Image } from './parts/Image.tsx'
import { RichText } from './parts/RichText.tsx'

/** `article-block`: a titled section of rich text with an image on the left or right (default). */
export function ArticleBlock({ blok }: BlockProps<'article-block'>) {
  const side = blok.image_position === 'left' ? 'left' : 'right'
  const withImage = imageAsset(blok.image) !== undefined
  return (
    <section className={`article-block image-${side}${withImage ? ' has-image' : ''}`} {...useEditable(blok)}>
      <div>
        {text(blok.title) ? <h2 dir="auto">{text(blok.title)}</h2> : null}
        <RichText doc={blok.text} />
      </div>
      {withImage ? (
        <div className="article-block-image">
          <Image asset={blok.image} sizes="(min-width: 960px) 50vw, 100vw" />
        </div>
      ) : null}
    </section>
  )
}
