import { Blocks, type BlockProps } from './Block.tsx'
import { useEditable } from './parts/editable.ts'
import { bloks } from './parts/fields.ts'

/** `grid`: its columns side by side, wrapping on narrow screens. */
export function Grid({ blok }: BlockProps) {
  return (
    <div className="grid" {...useEditable(blok)}>
      <Blocks items={bloks(blok.columns)} />
    </div>
  )
}
