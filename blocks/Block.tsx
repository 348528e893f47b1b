/**
 * Renders any block through the registry. An unregistered block renders nothing for visitors (the
 * build lists it once in its summary; the browser logs it) and a visible placeholder in the editor.
 */
import type { Blok } from '../cms/content-model.ts'
import { useBlockEnv } from './environment.tsx'
import { useEditable } from './parts/editable.ts'
import { resolveBlock } from './registry.ts'

export interface BlockProps {
  blok: Blok
  /** The block opens the page: its image is the likely largest paint, so load it eagerly. */
  priority?: boolean
}

function UnknownBlock({ blok }: { blok: Blok }) {
  const env = useBlockEnv()
  const editable = useEditable(blok)
  if (typeof window !== 'undefined') {
    console.error(`Block component "${blok.component}" is not registered (story "${env.story}").`)
  }
  if (!env.editor) return null
  return (
    <div className="unknown-block" role="note" {...editable}>
      Unknown block “{blok.component}”: add a component for it to blocks/registry.ts.
    </div>
  )
}

export function Block({ blok, priority }: BlockProps) {
  const Component = resolveBlock(blok.component)
  return Component ? <Component blok={blok} priority={priority} /> : <UnknownBlock blok={blok} />
}

/** A list of blocks; with `priorityFirst`, the first one may load its image eagerly. */
export function Blocks({ items, priorityFirst = false }: { items: Blok[]; priorityFirst?: boolean }) {
  return (
    <>
      {items.map((blok, index) => (
        <Block key={blok._uid} blok={blok} priority={priorityFirst && index === 0} />
      ))}
    </>
  )
}
