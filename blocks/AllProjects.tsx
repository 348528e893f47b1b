import type { BlockProps } from './types.ts'
import { useBlockEnv } from './environment.tsx'
import { CardList } from './parts/Card.tsx'
import { useEditable } from './parts/editable.ts'
import { text } from './parts/fields.ts'
import { projectsLimit } from '../cms/content-model.ts'

/** `all-projects`: every published project as a card, newest first, up to `limit` (empty = all). */
export function AllProjects({ blok }: BlockProps) {
  const { projects } = useBlockEnv()
  const shown = projects.slice(0, projectsLimit(blok.limit))
  const heading = text(blok.title)
  return (
    <section className="all-projects" aria-label={heading ? undefined : 'Projects'} {...useEditable(blok)}>
      {heading ? <h2>{heading}</h2> : null}
      <CardList cards={shown} />
    </section>
  )
}
