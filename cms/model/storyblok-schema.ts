/**
 * The content model as Storyblok stores it: component objects of the Management API and the block
 * library's folders (component groups), in the files Storyblok CLI 4 pulls and pushes
 * (`components.json` and `groups.json`, each a JSON array).
 */
import { createHash } from 'node:crypto'
import { COMPONENT_GROUPS, COMPONENTS, type ComponentGroup } from './components.ts'
import type { FieldSchema } from './fields.ts'

export interface SchemaField extends FieldSchema {
  pos: number
}

/** A component as the Management API sends and takes it (the fields this project sets, and `id` once stored). */
export interface SchemaComponent {
  id?: number
  name: string
  display_name: string
  is_root: boolean
  is_nestable: boolean
  component_group_uuid: string | null
  /** Sent by the Management API beside the uuid; never set by a push. */
  component_group_name?: string | null
  schema: Record<string, SchemaField>
  [setting: string]: unknown
}

/** A component group (a folder of the block library). */
export interface SchemaGroup {
  id?: number
  name: string
  uuid: string
  parent_id: number | null
  parent_uuid: string | null
}

/**
 * A group's uuid in our files: the same on every run, so that the files only change when the model
 * does. A space gives its own groups their own uuids; a push matches groups by name.
 */
export function groupUuid(name: string): string {
  const hex = createHash('sha1').update(`storyblok-static component group ${name}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export function schemaGroups(): SchemaGroup[] {
  return COMPONENT_GROUPS.map((name) => ({ name, uuid: groupUuid(name), parent_id: null, parent_uuid: null }))
}

/** Every component of the model, in the model's order, grouped by `uuidOf` (our files' uuids by default). */
export function schemaComponents(uuidOf: (group: ComponentGroup) => string | null = groupUuid): SchemaComponent[] {
  return Object.entries(COMPONENTS).map(([name, component]) => ({
    name,
    display_name: component.display_name,
    is_root: component.kind !== 'nestable',
    is_nestable: component.kind === 'nestable',
    component_group_uuid: uuidOf(component.group),
    schema: Object.fromEntries(Object.entries(component.fields).map(([field, definition], pos) => [field, { ...definition.schema, pos }])),
  }))
}
