import type { BlockProps } from './Block.tsx'
import { useBlockEnv } from './environment.tsx'
import { CardList } from './parts/Card.tsx'
import { useEditable } from './parts/editable.ts'
import { number, text } from './parts/fields.ts'

/** `all-projects`: every published project as a card, newest first, up to `limit` (empty = all). */
export function AllProjects({ blok }: BlockProps) {
  const { projects } = useBlockEnv()
  const limit = number(blok.limit)
  const shown = limit !== undefined && limit > 0 ? projects.slice(0, Math.floor(limit)) : projects
  const heading = text(blok.title)
  return (
    <section className="all-projects" aria-label={heading ? undefined : 'Projects'} {...useEditable(blok)}>
      {heading ? <h2>{heading}</h2> : null}
      <CardList cards={shown} />
    </section>
  )
}
