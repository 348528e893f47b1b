import type { Blok } from '../cms/content-model.ts'
import { Blocks } from './Block.tsx'
import { bloks, text } from './parts/fields.ts'
import { Image } from './parts/Image.tsx'
import { usePublishedDate, useStoryName } from './parts/story.ts'

/** Content type `article`: title, publication date, lead image, teaser as the lead, body blocks. */
export function Article({ blok }: { blok: Blok }) {
  const storyName = useStoryName()
  const published = usePublishedDate()
  const teaser = text(blok.teaser)
  return (
    <article className="article">
      <header className="prose">
        <h1 dir="auto">{text(blok.title) ?? storyName}</h1>
        {published ? (
          <p className="meta">
            Published <time dateTime={published}>{published}</time>
          </p>
        ) : null}
        {teaser ? <p className="lead">{teaser}</p> : null}
      </header>
      <Image asset={blok.image} eager />
      <Blocks items={bloks(blok.body)} />
    </article>
  )
}
