import { Blocks } from './parts/Blocks.tsx'
import type { BlockProps } from './types.ts'
import { useEditable } from './parts/editable.ts'
import { bloks, text } from './parts/fields.ts'
import { Image } from './parts/Image.tsx'
import { usePublishedDate, useStoryName } from './parts/story.ts'
import { useBlockEnv } from './environment.tsx'
import { readableDate } from '../pages/words.ts'

/** Content type `article`: title, publication date, the teaser as lead, lead image, body blocks. */
export function Article({ blok }: BlockProps<'article'>) {
  const storyName = useStoryName()
  const published = usePublishedDate()
  const { words } = useBlockEnv()
  const teaser = text(blok.teaser)
  return (
    <article className="article" {...useEditable(blok)}>
      <header className="prose">
        <h1 dir="auto">{text(blok.title) ?? storyName}</h1>
        {published ? (
          <p className="meta">
            {`${words.published} `}
            <time dateTime={published}>{readableDate(published, words)}</time>
          </p>
        ) : null}
        {teaser ? <p className="lead" dir="auto">{teaser}</p> : null}
      </header>
      <Image asset={blok.image} priority className="lead-image" />
      <Blocks items={bloks(blok.body)} />
    </article>
  )
}
