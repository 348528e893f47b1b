/**
 * What the list blocks (`all-projects`, `all-articles`) share: the part of this page's window of
 * their list that they show, and the links to the neighbouring pages of a long list
 * (pages/pagination.ts). The payload holds this page's window; a block with a smaller `limit`
 * than its story's longest list shows its own part of it.
 */
import type { ReactNode } from 'react'
import { projectsLimit, type Blok, type ListedType } from '../../cms/content-model.ts'
import { STORIES_PER_PAGE } from '../../pages/pagination.ts'
import { fill } from '../../pages/words.ts'
import type { StoryCard } from '../../pages/build-contract.ts'
import { useBlockEnv } from '../environment.tsx'
import type { ItemHeading } from './Card.tsx'
import { useEditable } from './editable.ts'
import { text } from './fields.ts'

export interface ListLabels {
  /** The list's accessible name when it has no title. */
  name: string
  newer: string
  older: string
  /** The pagination's accessible name. */
  more: string
}

/** `children` gets the cards to show and the heading level of each card's title. */
export function StoryList({ blok, type, labels, children }: { blok: Blok; type: ListedType; labels: ListLabels; children: (cards: StoryCard[], heading: ItemHeading) => ReactNode }) {
  const { lists, pagination, words } = useBlockEnv()
  const editable = useEditable(blok)
  const cards = lists[type] ?? []
  const limit = projectsLimit(blok.limit)
  const start = pagination ? (pagination.page - 1) * STORIES_PER_PAGE : 0
  const shown = cards.slice(0, Math.max(0, Math.min(limit, start + cards.length) - start))
  // A short list belongs to the story's first page only.
  if (start > 0 && shown.length === 0) return null
  const heading = text(blok.title)
  const pages = limit > STORIES_PER_PAGE && pagination && (pagination.prev || pagination.next) ? pagination : undefined
  return (
    // Cards repeat other pages' words: search finds those pages, not the list.
    <section className={`story-list list-${type}`} aria-label={heading ? undefined : labels.name} data-pagefind-ignore="" {...editable}>
      {heading ? <h2>{heading}</h2> : null}
      {children(shown, heading ? 'h3' : 'h2')}
      {pages ? (
        <nav className="pagination" aria-label={labels.more}>
          {pages.prev ? <a href={pages.prev} rel="prev">{labels.newer}</a> : null}
          <span>{fill(words.page, { page: pages.page })}</span>
          {pages.next ? <a href={pages.next} rel="next">{labels.older}</a> : null}
        </nav>
      ) : null}
    </section>
  )
}
