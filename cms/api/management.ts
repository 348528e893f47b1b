/**
 * The embedded API's part of Storyblok's Management API that `npm run schema` uses: a space's
 * components (GET, POST, PUT, DELETE) and component groups (GET, POST), authorized by the space's
 * management token in the `Authorization` header. Kept in memory for as long as the server runs.
 */
import { randomUUID } from 'node:crypto'
import { isObject } from '../content-walk.ts'
import type { SchemaComponent, SchemaGroup } from '../model/storyblok-schema.ts'
import type { DeliveryAnswer } from './delivery.ts'
import type { Space } from './space.ts'

const NOT_FOUND: DeliveryAnswer = { status: 404, body: ['This record could not be found'] }
const NOT_ALLOWED: DeliveryAnswer = { status: 405, body: { error: 'Method Not Allowed' } }
const TAKEN: DeliveryAnswer = { status: 422, body: { name: ['has already been taken'] } }
const BLANK: DeliveryAnswer = { status: 422, body: { name: ["can't be blank"] } }

let nextId = 1

/** A component as sent, stored with what the API adds: id, dates, the group's name beside its uuid. */
function stored(space: Space, sent: Record<string, unknown>, name: string, id: number, createdAt: string): SchemaComponent {
  const groupUuid = typeof sent.component_group_uuid === 'string' ? sent.component_group_uuid : null
  return {
    ...sent,
    id,
    name,
    display_name: typeof sent.display_name === 'string' ? sent.display_name : name,
    is_root: sent.is_root === true,
    is_nestable: sent.is_nestable === true,
    schema: isObject(sent.schema) ? (sent.schema as SchemaComponent['schema']) : {},
    component_group_uuid: groupUuid,
    component_group_name: space.component_groups?.find((group) => group.uuid === groupUuid)?.name ?? null,
    created_at: createdAt,
    updated_at: new Date().toISOString(),
  }
}

function groupAnswer(groups: SchemaGroup[], method: string, body: unknown): DeliveryAnswer {
  if (method === 'GET') return { status: 200, body: { component_groups: groups } }
  if (method !== 'POST') return NOT_ALLOWED
  const name = isObject(body) && isObject(body.component_group) ? body.component_group.name : undefined
  if (typeof name !== 'string' || name === '') return BLANK
  if (groups.some((group) => group.name === name)) return TAKEN
  const group: SchemaGroup = { id: nextId++, name, uuid: randomUUID(), parent_id: null, parent_uuid: null }
  groups.push(group)
  return { status: 201, body: { component_group: group } }
}

/**
 * One component (`at`, its index) or, without one, the list. A PUT replaces the component with what
 * it sends: the stricter reading of the API, so that a push must send back what it means to keep
 * (cms/management/push.ts).
 */
function componentAnswer(space: Space, components: SchemaComponent[], at: number | undefined, method: string, body: unknown): DeliveryAnswer {
  const sent = isObject(body) && isObject(body.component) ? body.component : undefined
  const current = at === undefined ? undefined : components[at]!
  const name = sent?.name ?? current?.name
  if (method === 'GET') return current ? { status: 200, body: { component: current } } : { status: 200, body: { components } }
  if (method === 'DELETE' && current) return { status: 200, body: { component: components.splice(at!, 1)[0] } }
  // POST makes a component on the list; PUT replaces one.
  const allowed = (method === 'POST' && !current) || (method === 'PUT' && current)
  if (!sent || !allowed) return NOT_ALLOWED
  if (typeof name !== 'string' || name === '') return BLANK
  if (components.some((component) => component.name === name && component !== current)) return TAKEN
  const component = stored(space, sent, name, current?.id ?? nextId++, String(current?.created_at ?? new Date().toISOString()))
  if (current) components[at!] = component
  else components.push(component)
  return { status: current ? 200 : 201, body: { component } }
}

/** Answers `/v1/<path>`; `body` is the parsed request body of a POST or PUT. */
export function answerManagement(space: Space, method: string, path: string, authorization: string | undefined, body: unknown): DeliveryAnswer {
  if (!space.tokens.management || authorization !== space.tokens.management) return { status: 401, body: { error: 'Unauthorized' } }
  const route = /^spaces\/(\d+)\/(components|component_groups)(?:\/(\d+))?$/.exec(path)
  if (!route || Number(route[1]) !== space.id) return NOT_FOUND
  const [, , collection, id] = route
  if (collection === 'component_groups') return id === undefined ? groupAnswer((space.component_groups ??= []), method, body) : NOT_FOUND
  const components = (space.components ??= [])
  const at = id === undefined ? undefined : components.findIndex((component) => component.id === Number(id))
  return at === -1 ? NOT_FOUND : componentAnswer(space, components, at, method, body)
}
