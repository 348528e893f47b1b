/** A list of nested blocks, each rendered through the environment's `Block`. */
import type { Blok } from '../../cms/content-model.ts'
import { useBlockEnv } from '../environment.tsx'

/** With `priorityFirst`, the first block may load its image eagerly (it opens the page). */
export function Blocks({ items, priorityFirst = false }: { items: Blok[]; priorityFirst?: boolean }) {
  const { Block } = useBlockEnv()
  return (
    <>
      {items.map((blok, index) => (
        <Block key={blok._uid} blok={blok} priority={priorityFirst && index === 0} />
      ))}
    </>
  )
}
