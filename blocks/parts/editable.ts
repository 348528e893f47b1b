/**
 * The visual editor finds blocks by `data-blok-c` / `data-blok-uid`, derived from the `_editable`
 * comment the CMS adds to each block (what @storyblok/js's storyblokEditable produces). Only content
 * rendered for the editor carries them: published payloads have no `_editable`, and the
 * environment must say `editor`.
 */
import type { Blok } from '../../cms/content-model.ts'
import { useBlockEnv } from '../environment.tsx'

export type EditableAttributes = { 'data-blok-c'?: string; 'data-blok-uid'?: string }

const MARKER = /^<!--#storyblok#(.*)-->$/s

export function editableAttributes(blok: Blok): EditableAttributes {
  if (typeof blok._editable !== 'string') return {}
  const match = MARKER.exec(blok._editable)
  if (!match?.[1]) return {}
  try {
    const info = JSON.parse(match[1]) as { id?: unknown; uid?: unknown }
    return { 'data-blok-c': match[1], 'data-blok-uid': `${String(info.id)}-${String(info.uid)}` }
  } catch {
    return {}
  }
}

export function useEditable(blok: Blok): EditableAttributes {
  return useBlockEnv().editor ? editableAttributes(blok) : {}
}
