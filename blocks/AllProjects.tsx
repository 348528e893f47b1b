import type { Blok } from '../cms/content-model.ts'
import { useBlockEnv } from './environment.tsx'
import { CardList } from './parts/Card.tsx'
import { number, text } from './parts/fields.ts'

/** `all-projects`: every published project as a card, newest first, up to `limit` (empty = all). */
export function AllProjects({ blok }: { blok: Blok }) {
  const { projects } = useBlockEnv()
  const limit = number(blok.limit)
  const shown = limit !== undefined && limit > 0 ? projects.slice(0, limit) : projects
  return (
    <section className="all-projects">
      {text(blok.title) ? <h2>{text(blok.title)}</h2> : null}
      <CardList cards={shown} />
    </section>
  )
}
