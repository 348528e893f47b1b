/**
 * The visual-editor marker the delivery API adds to every block: an HTML comment naming the
 * component, space, block uid and story id.
 */
import type { Blok } from '../content-model.ts'
import { eachBlok } from '../content-walk.ts'

export function editableMarker(blok: Blok, spaceId: number, storyId: number): string {
  const info = { name: blok.component, space: String(spaceId), uid: blok._uid, id: String(storyId) }
  return `<!--#storyblok#${JSON.stringify(info)}-->`
}

/**
 * Gives every block in `value` its `_editable` marker, in place: the caller passes the fresh copy
 * the translation step made (cms/api/translate.ts), so the stored story is never touched and the
 * content is not copied a second time for every answer.
 */
export function addEditableMarkers(value: unknown, spaceId: number, storyId: number): void {
  eachBlok(value, (blok) => {
    blok._editable = editableMarker(blok, spaceId, storyId)
  })
}
