/**
 * The crawl boundary's check of block fields against the content model: a field whose value cannot
 * be what the model says (text that is a list, an option the site does not know) is read as empty
 * and reported, so that blocks can trust their prop types. Unknown fields and components are left
 * alone: editors add them at any time (docs/behaviour.md, "Broken content").
 */
import { blockName, type Blok } from '../content-model.ts'
import { eachBlok } from '../content-walk.ts'
import { COMPONENT_DEFINITIONS } from './index.ts'
import type { Field } from './fields.ts'

const FIELDS: ReadonlyMap<string, [string, Field][]> = new Map([...COMPONENT_DEFINITIONS].map(([name, component]) => [name, Object.entries(component.fields)]))

/** Checks every block of `content` in place; each problem is told as `<component>.<field> <what is wrong>; it is read as empty`. */
export function checkBlocks(content: Blok, problems: string[]): void {
  eachBlok(content, (blok) => {
    const fields = FIELDS.get(blockName(blok.component))
    if (!fields) return
    for (const [name, field] of fields) {
      if (!Object.hasOwn(blok, name)) continue
      const problem = field.problem(blok[name])
      if (problem === undefined) continue
      problems.push(`${blok.component}.${name} ${problem}; it is read as empty`)
      delete blok[name]
    }
  })
}
