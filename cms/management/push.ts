/**
 * `npm run schema -- push`: creates and updates the space's components to match the model, by
 * name, after creating the groups they are filed in. It checks everything before its first write:
 * a component changed by hand in the space stops it (unless forced), and nothing is deleted
 * without `--delete`. A push stopped midway has written whole components only; run it again.
 */
import { COMPONENT_DEFINITIONS } from '../model/index.ts'
import { schemaComponents, schemaGroups, type SchemaComponent, type SchemaGroup } from '../model/storyblok-schema.ts'
import { ManagementError, type ManagementClient } from './client.ts'
import { diffComponents, type ComponentChange } from './diff.ts'

export interface PushOptions {
  /** Overwrite what was changed by hand in the space. */
  force?: boolean
  /** Delete the components the model does not have. */
  delete?: boolean
  log: (line: string) => void
}

export interface PushResult {
  groupsCreated: string[]
  created: string[]
  updated: string[]
  deleted: string[]
  /** Components only the space has, left in place (no `--delete`). */
  kept: string[]
}

/** The one line that stops a push over changes made by hand. */
export function handMadeMessage(changes: ComponentChange[], spaceId: number): string {
  const [first, ...others] = changes.filter((change) => change.handMade.length)
  if (!first) return ''
  const more = others.length ? ` (and ${others.length} more component${others.length === 1 ? '' : 's'}: ${others.map((change) => change.name).join(', ')})` : ''
  return `Component "${first.name}" was changed by hand in space ${spaceId}: ${first.handMade.join('; ')}${more}. Add it to cms/model/components.ts, or push with --force to overwrite it. Nothing was pushed.`
}

/** The space's block library, and what a push would change in it (`npm run schema -- diff` prints it). */
export async function spaceChanges(client: ManagementClient): Promise<{ theirs: SchemaComponent[]; theirGroups: SchemaGroup[]; changes: ComponentChange[] }> {
  const [theirs, theirGroups] = await Promise.all([client.components(), client.groups()])
  return { theirs, theirGroups, changes: diffComponents(schemaComponents(), schemaGroups(), theirs, theirGroups) }
}

export async function pushSchema(client: ManagementClient, spaceId: number, options: PushOptions): Promise<PushResult> {
  const { theirs, theirGroups, changes } = await spaceChanges(client)
  if (!options.force && changes.some((change) => change.handMade.length)) throw new ManagementError(handMadeMessage(changes, spaceId))

  const result: PushResult = { groupsCreated: [], created: [], updated: [], deleted: [], kept: [] }
  const total = changes.filter((change) => change.change !== 'only-in-space' || options.delete).length
  let done = 0
  try {
    const groupUuids = new Map(theirGroups.map((group) => [group.name, group.uuid]))
    const needed = new Set(changes.filter((change) => change.change !== 'only-in-space').map((change) => COMPONENT_DEFINITIONS.get(change.name)!.group))
    for (const name of needed) {
      if (groupUuids.has(name)) continue
      groupUuids.set(name, (await client.createGroup(name)).uuid)
      result.groupsCreated.push(name)
      options.log(`  created group ${name}`)
    }
    // Filed in the space's groups (by name), which all exist now.
    const filed = new Map(schemaComponents((group) => groupUuids.get(group) ?? null).map((component) => [component.name, component]))
    const existing = new Map(theirs.map((component) => [component.name, component]))
    for (const change of changes) {
      if (change.change === 'create') {
        await client.createComponent(filed.get(change.name)!)
        result.created.push(change.name)
        options.log(`  created ${change.name}`)
      } else if (change.change === 'update') {
        const current = existing.get(change.name)!
        await client.updateComponent(current.id!, { ...keptSettings(current), ...filed.get(change.name)! })
        result.updated.push(change.name)
        options.log(`  updated ${change.name}: ${[...change.details, ...change.handMade.map((made) => `overwrote: ${made}`)].join('; ')}`)
      } else if (options.delete) {
        await client.deleteComponent(existing.get(change.name)!.id!)
        result.deleted.push(change.name)
        options.log(`  deleted ${change.name}`)
      } else {
        result.kept.push(change.name)
        continue
      }
      done++
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new ManagementError(`${message.replace(/\.$/, '')}. ${done} of ${total} changes were pushed, each component whole: run the push again to finish.`)
  }
  return result
}

/**
 * Settings of a component that the model does not define and editors set in the block library
 * (its icon, colour, preview): sent back unchanged with an update, so that a push keeps them
 * whether the API replaces a component or merges into it.
 */
const EDITOR_SETTINGS = ['image', 'preview_field', 'preview_tmpl', 'icon', 'color', 'internal_tag_ids', 'content_type_asset_preview'] as const

function keptSettings(component: SchemaComponent): Partial<SchemaComponent> {
  return Object.fromEntries(EDITOR_SETTINGS.filter((setting) => component[setting] !== undefined).map((setting) => [setting, component[setting]]))
}
