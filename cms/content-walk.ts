/**
 * Walks story content: the embedded API uses it to resolve relations and links, the payload step to
 * trim content and collect link targets. One walker, so both agree on what a link is.
 */
import type { Blok } from './content-model.ts'

/** A JSON object: not null, not a list. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isBlok(value: unknown): value is Blok {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blok).component === 'string' &&
    typeof (value as Blok)._uid === 'string'
  )
}

/**
 * Visits every object in a content tree (blocks, fields, rich-text nodes and marks), looking into
 * arrays; `visit` returning false skips the object's fields. Plain loops: builds walk every story
 * several times, and forEach with a closure per array took a third longer; `for…in` instead of
 * `Object.values` makes no array per object, which halved a walk of the space. Content is parsed
 * JSON, whose objects have no inherited enumerable fields for `for…in` to find.
 */
function eachObject(value: unknown, visit: (object: Record<string, unknown>) => boolean | void): void {
  if (typeof value !== 'object' || value === null) return
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) eachObject(value[i], visit)
    return
  }
  if (visit(value as Record<string, unknown>) === false) return
  for (const field in value) eachObject((value as Record<string, unknown>)[field], visit)
}

/** A rich-text text node (`{ type: 'text', text, marks? }`): a leaf, as far as blocks go. */
function isTextNode(object: Record<string, unknown>): boolean {
  return object.type === 'text' && typeof object.text === 'string'
}

/**
 * Visits every block in a content tree, including blocks nested in fields and rich text. Text
 * nodes and their marks hold no blocks the renderer would show, and they are a third of a
 * story's objects: the walk does not look inside them, which halves its time.
 */
export function eachBlok(value: unknown, visit: (blok: Blok) => void): void {
  eachObject(value, (object) => {
    if (isBlok(object)) visit(object)
    else if (isTextNode(object)) return false
  })
}

/**
 * The story uuid an object links to, if it is a story link: a multilink field
 * (`{ linktype: 'story', id }`) or a rich-text link mark (`{ type: 'link', attrs: { linktype, uuid } }`).
 */
export function storyLinkTarget(value: Record<string, unknown>): string | undefined {
  if (value.linktype === 'story' && typeof value.id === 'string' && value.id) return value.id
  if (value.type === 'link' && typeof value.attrs === 'object' && value.attrs !== null) {
    const attrs = value.attrs as Record<string, unknown>
    if (attrs.linktype === 'story' && typeof attrs.uuid === 'string' && attrs.uuid) return attrs.uuid
  }
  return undefined
}

/** Every story uuid linked from a content tree, in first-seen order. */
export function storyLinkUuids(content: unknown): string[] {
  const found = new Set<string>()
  eachObject(content, (object) => {
    const target = storyLinkTarget(object)
    if (target) found.add(target)
  })
  return [...found]
}

/**
 * The ids of the assets a content tree shows: asset fields (`{ id, filename }`, also inside
 * multi-asset lists) and rich-text images (`{ type: 'image', attrs: { id } }`). An
 * `asset.replaced` webhook names an asset by this id (scripts/server/webhook.ts).
 */
export function assetIds(content: unknown): number[] {
  const found = new Set<number>()
  eachObject(content, (object) => {
    if (typeof object.filename === 'string' && typeof object.id === 'number' && object.id > 0) found.add(object.id)
    else if (object.type === 'image' && typeof object.attrs === 'object' && object.attrs !== null) {
      const id = (object.attrs as Record<string, unknown>).id
      if (typeof id === 'number' && id > 0) found.add(id)
    } else if (isTextNode(object)) return false
  })
  return [...found]
}

/** Story uuids referenced by `component.field` relation fields (e.g. `project.related`). */
export function relationUuids(content: unknown, relations: string[]): string[] {
  const found = new Set<string>()
  eachBlok(content, (blok) => {
    for (const relation of relations) {
      const [component, field] = relation.split('.')
      if (blok.component !== component || !field) continue
      const value = blok[field]
      for (const uuid of Array.isArray(value) ? value : [value]) if (typeof uuid === 'string' && uuid) found.add(uuid)
    }
  })
  return [...found]
}

/**
 * Shrinks crawled content in place, for a build that holds every story: resolved relations
 * (`component.field` entries the client turned into story objects) become their uuids again, and
 * the editor markers (`_editable`, some 90 bytes per block) go, since published output never
 * carries them.
 */
export function compactForBuild(content: unknown, relations: string[]): void {
  eachBlok(content, (blok) => {
    delete blok._editable
    for (const relation of relations) {
      const [component, field] = relation.split('.')
      const value = blok[field!]
      if (blok.component !== component || !Array.isArray(value)) continue
      blok[field!] = value.map((entry) => (typeof entry === 'object' && entry !== null && typeof entry.uuid === 'string' ? entry.uuid : entry))
    }
  })
}
