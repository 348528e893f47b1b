/**
 * What a push would change in a space: the model's components against the space's, matched by
 * name, their groups by name. A pure function of the two lists, so `diff` and `push` agree.
 */
import { isDeepStrictEqual } from 'node:util'
import type { SchemaComponent, SchemaGroup } from '../model/storyblok-schema.ts'

export interface ComponentChange {
  name: string
  /** `create` and `update` are pushed; `only-in-space` is deleted only with `--delete`. */
  change: 'create' | 'update' | 'only-in-space'
  /** What differs, one short phrase each. */
  details: string[]
  /**
   * What the space has that the model does not (a field, or a setting of a field, added by hand
   * in Storyblok): a push would drop it, so push stops unless forced.
   */
  handMade: string[]
}

/** Settings Storyblok adds to a field of its own accord, and empty ones, say nothing of the model. */
const IGNORED_SETTINGS = new Set(['id', 'pos'])
const isEmpty = (value: unknown) => value === undefined || value === null || value === false || value === '' || (Array.isArray(value) && value.length === 0)

const shown = (value: unknown) => JSON.stringify(value) ?? 'nothing'

function fieldDifferences(name: string, ours: Record<string, unknown>, theirs: Record<string, unknown>, details: string[], handMade: string[]): void {
  for (const [setting, value] of Object.entries(ours)) {
    if (setting === 'pos') continue
    if (!isDeepStrictEqual(value, theirs[setting]) && !(isEmpty(value) && isEmpty(theirs[setting]))) details.push(`${name}.${setting} ${shown(theirs[setting])} → ${shown(value)}`)
  }
  for (const [setting, value] of Object.entries(theirs)) {
    if (!Object.hasOwn(ours, setting) && !IGNORED_SETTINGS.has(setting) && !isEmpty(value)) handMade.push(`${name}.${setting} is ${shown(value)} in the space only`)
  }
}

function componentChange(ours: SchemaComponent, theirs: SchemaComponent, ourGroup: string | undefined, theirGroup: string | undefined): ComponentChange {
  const details: string[] = []
  const handMade: string[] = []
  for (const setting of ['display_name', 'is_root', 'is_nestable'] as const) {
    if (ours[setting] !== theirs[setting]) details.push(`${setting} ${shown(theirs[setting])} → ${shown(ours[setting])}`)
  }
  if (ourGroup !== theirGroup) details.push(`group ${shown(theirGroup ?? null)} → ${shown(ourGroup ?? null)}`)
  const theirFields = theirs.schema ?? {}
  const ourOrder = Object.keys(ours.schema)
  for (const field of ourOrder) {
    if (!Object.hasOwn(theirFields, field)) details.push(`adds field ${field} (${ours.schema[field]!.type})`)
    else fieldDifferences(field, ours.schema[field]!, theirFields[field]!, details, handMade)
  }
  for (const field of Object.keys(theirFields)) {
    if (!Object.hasOwn(ours.schema, field)) handMade.push(`field ${field} (${theirFields[field]?.type}) is in the space only`)
  }
  const theirOrder = Object.keys(theirFields)
    .filter((field) => Object.hasOwn(ours.schema, field))
    .sort((a, b) => Number(theirFields[a]!.pos ?? 0) - Number(theirFields[b]!.pos ?? 0))
  const common = ourOrder.filter((field) => Object.hasOwn(theirFields, field))
  if (!isDeepStrictEqual(common, theirOrder)) details.push(`field order ${theirOrder.join(', ')} → ${common.join(', ')}`)
  return { name: ours.name, change: 'update', details, handMade }
}

/**
 * Every component that differs, in the model's order, then those only the space has. `ours` names
 * groups by our uuids (`ourGroups`), `theirs` by the space's (`theirGroups`).
 */
export function diffComponents(ours: SchemaComponent[], ourGroups: SchemaGroup[], theirs: SchemaComponent[], theirGroups: SchemaGroup[]): ComponentChange[] {
  const groupName = (groups: SchemaGroup[]) => {
    const names = new Map(groups.map((group) => [group.uuid, group.name]))
    return (component: SchemaComponent) => (component.component_group_uuid ? (names.get(component.component_group_uuid) ?? component.component_group_name ?? undefined) : undefined)
  }
  const ourGroup = groupName(ourGroups)
  const theirGroup = groupName(theirGroups)
  const theirsByName = new Map(theirs.map((component) => [component.name, component]))
  const changes: ComponentChange[] = []
  for (const component of ours) {
    const existing = theirsByName.get(component.name)
    if (!existing) {
      changes.push({ name: component.name, change: 'create', details: [`${Object.keys(component.schema).length} fields`], handMade: [] })
      continue
    }
    const change = componentChange(component, existing, ourGroup(component), theirGroup(existing))
    if (change.details.length || change.handMade.length) changes.push(change)
  }
  const ourNames = new Set(ours.map((component) => component.name))
  for (const component of theirs) {
    if (!ourNames.has(component.name)) changes.push({ name: component.name, change: 'only-in-space', details: [], handMade: [] })
  }
  return changes
}
