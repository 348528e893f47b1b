/**
 * What the rest of the code reads from the content model (cms/model/components.ts): names, fields
 * and types derived from the one definition, so that nothing keeps a copy to fall out of step.
 */
import type { CONTENT_TYPES, SITE_CONFIG } from '../content-model.ts'
import { COMPONENTS, type ComponentDefinition, type ComponentName } from './components.ts'
import type { Field } from './fields.ts'

export { COMPONENTS, COMPONENT_GROUPS, type ComponentDefinition, type ComponentName, type ComponentGroup } from './components.ts'

type Components = typeof COMPONENTS

/** The components a page renders through the block registry: all but the site settings' own. */
export type BlockName = { [Name in ComponentName]: Components[Name]['group'] extends 'Settings' ? never : Name }[ComponentName]
export const BLOCK_NAMES = (Object.keys(COMPONENTS) as ComponentName[]).filter((name): name is BlockName => COMPONENTS[name].group !== 'Settings')

export type FieldsOf<Name extends ComponentName> = Components[Name]['fields']

/** A field's value as the delivery API sends it. */
export type FieldValue<F> = F extends Field<infer Value> ? Value : never

/** The component definitions by technical name, for names that come from content (never a plain object lookup). */
export const COMPONENT_DEFINITIONS: ReadonlyMap<string, ComponentDefinition> = new Map(Object.entries(COMPONENTS))

/** The fields of asset type, in every component that has one (the payload step repairs older shapes of them). */
export const ASSET_FIELDS: ReadonlySet<string> = new Set(
  [...COMPONENT_DEFINITIONS.values()].flatMap((component) => Object.entries(component.fields).filter(([, field]) => field.schema.type === 'asset').map(([name]) => name)),
)

// The compiler holds the names other modules keep for the browser's sake (cms/content-model.ts)
// equal to the model's: an edit of one that misses the other fails `npm run typecheck`.
type PageTypes = { [Name in ComponentName]: Components[Name]['kind'] extends 'page' ? Name : never }[ComponentName]
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const pageTypesAgree: Same<PageTypes, (typeof CONTENT_TYPES)[number]> = true
const settingsAgree: Same<typeof SITE_CONFIG, Extract<ComponentName, typeof SITE_CONFIG>> = true
void [pageTypesAgree, settingsAgree]
