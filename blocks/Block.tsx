/**
 * Renders any block through the registry. An unregistered block renders nothing for visitors (the
 * build lists it once in its summary; the browser logs it) and a visible placeholder in the editor.
 */
import type { Blok } from '../cms/content-model.ts'
import { useBlockEnv } from './environment.tsx'
import { resolveBlock } from './registry.ts'

export function Block({ blok }: { blok: Blok }) {
  const env = useBlockEnv()
  const Component = resolveBlock(blok.component)
  if (Component) return <Component blok={blok} />
  if (typeof window !== 'undefined') {
    console.error(`Block component "${blok.component}" is not registered (story "${env.story}").`)
  }
  return env.editor ? <div className="unknown-block" role="note">Unknown block: {blok.component}</div> : null
}

export function Blocks({ items }: { items: Blok[] }) {
  return (
    <>
      {items.map((blok) => (
        <Block key={blok._uid} blok={blok} />
      ))}
    </>
  )
}
