/**
 * Renders any block through the registry. An unregistered block renders nothing for visitors (the
 * build lists it once in its summary; the browser logs it) and a visible placeholder in the editor.
 */
import type { Blok } from '../cms/content-model.ts'
import { useBlockEnv } from './environment.tsx'
import { useEditable } from './parts/editable.ts'
import { resolveBlock } from './registry.ts'
import type { BlockProps } from './types.ts'

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
