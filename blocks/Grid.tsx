import type { Blok } from '../cms/content-model.ts'
import { Blocks } from './Block.tsx'
import { bloks } from './parts/fields.ts'

/** `grid`: its columns side by side, wrapping on narrow screens. */
export function Grid({ blok }: { blok: Blok }) {
  return (
    <div className="grid">
      <Blocks items={bloks(blok.columns)} />
    </div>
  )
}
