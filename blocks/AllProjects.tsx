import { projectsLimit } from '../cms/content-model.ts'
import { PROJECTS_PER_PAGE } from '../pages/pagination.ts'
import { useBlockEnv } from './environment.tsx'
import { CardList } from './parts/Card.tsx'
import { useEditable } from './parts/editable.ts'
import { text } from './parts/fields.ts'
import type { BlockProps } from './types.ts'

/**
 * `all-projects`: published projects as cards, newest first, up to `limit` (empty = all). A list
 * longer than a page continues on pages of their own (pages/pagination.ts): the payload holds this
 * page's window of the list, and the block shows its part of that window and links to the
 * neighbouring pages.
 */
export function AllProjects({ blok }: BlockProps) {
  const { projects, pagination } = useBlockEnv()
  const editable = useEditable(blok)
  const limit = projectsLimit(blok.limit)
  const start = pagination ? (pagination.page - 1) * PROJECTS_PER_PAGE : 0
  const shown = projects.slice(0, Math.max(0, Math.min(limit, start + projects.length) - start))
  // A short list belongs to the story's first page only.
  if (start > 0 && shown.length === 0) return null
  const heading = text(blok.title)
  const pages = limit > PROJECTS_PER_PAGE && pagination && (pagination.prev || pagination.next) ? pagination : undefined
  return (
    <section className="all-projects" aria-label={heading ? undefined : 'Projects'} {...editable}>
      {heading ? <h2>{heading}</h2> : null}
      <CardList cards={shown} />
      {pages ? (
        <nav className="pagination" aria-label="More projects">
          {pages.prev ? <a href={pages.prev} rel="prev">Newer projects</a> : null}
          <span>Page {pages.page}</span>
          {pages.next ? <a href={pages.next} rel="next">Older projects</a> : null}
        </nav>
      ) : null}
    </section>
  )
}
