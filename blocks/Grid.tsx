import { Blocks } from './parts/Blocks.tsx'
import type { BlockProps } from './types.ts'
import { useEditable } from './parts/editable.ts'
import { bloks } from './parts/fields.ts'

/** `grid`: its columns side by side, wrapping on narrow screens. */
export function Grid({ blok }: BlockProps<'grid'>) {
  return (
    <div className="grid" {...useEditable(blok)}>
      <Blocks items={bloks(blok.columns)} />
    </div>
  )
}
