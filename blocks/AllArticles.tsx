import { Image } from './parts/Image.tsx'
import { readableDate } from '../pages/words.ts'
import { useBlockEnv } from './environment.tsx'
import { StoryList } from './parts/StoryList.tsx'
import type { BlockProps } from './types.ts'

/**
 * `all-articles`: the journal. Published articles, newest first, each with its date, teaser and
 * image, up to `limit` (empty = all), long lists paginated like `all-projects`. An article
 * without an image keeps its text in the same column, so the list never jumps.
 */
export function AllArticles({ blok }: BlockProps<'all-articles'>) {
  const { words } = useBlockEnv()
  return (
    <StoryList blok={blok} type="article" labels={{ name: words.articles, newer: words.newerArticles, older: words.olderArticles, more: words.moreArticles }}>
      {(cards, Heading) => (
        <ol className="entries">
          {cards.map((card) => (
            <li key={card.uuid} className="entry">
              <div className="entry-image">
                <Image asset={card.content.image} sizes="(min-width: 600px) 14rem, 100vw" />
              </div>
              <div className="entry-body">
                <Heading>
                  <a href={card.route}>{card.content.title ?? card.name}</a>
                </Heading>
                {card.first_published_at ? (
                  <p className="meta">
                    <time dateTime={card.first_published_at.slice(0, 10)}>{readableDate(card.first_published_at, words)}</time>
                  </p>
                ) : null}
                {card.content.description ? <p dir="auto">{card.content.description}</p> : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </StoryList>
  )
}
