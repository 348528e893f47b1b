/**
 * The visual-editor marker the delivery API adds to every block: an HTML comment naming the
 * component, space, block uid and story id.
 */
import type { Blok } from '../content-model.ts'
import { isBlok } from '../content-walk.ts'

export function editableMarker(blok: Blok, spaceId: number, storyId: number): string {
  const info = { name: blok.component, space: String(spaceId), uid: blok._uid, id: String(storyId) }
  return `<!--#storyblok#${JSON.stringify(info)}-->`
}


/** Returns a deep copy of `value` in which every block carries its `_editable` marker. */
export function withEditableMarkers<T>(value: T, spaceId: number, storyId: number): T {
  if (Array.isArray(value)) return value.map((item) => withEditableMarkers(item, spaceId, storyId)) as T
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value)) copy[key] = withEditableMarkers(field, spaceId, storyId)
  if (isBlok(value)) copy._editable = editableMarker(value, spaceId, storyId)
  return copy as T
}
