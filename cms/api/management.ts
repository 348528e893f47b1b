/**
 * The embedded API's part of Storyblok's Management API that `npm run schema` uses: a space's
 * components (GET, POST, PUT, DELETE) and component groups (GET, POST), authorized by the space's
 * management token in the `Authorization` header. Kept in memory for as long as the server runs.
 */
import { randomUUID } from 'node:crypto'
import type { SchemaComponent, SchemaGroup } from '../model/storyblok-schema.ts'
import type { DeliveryAnswer } from './delivery.ts'
import type { Space } from './space.ts'

const NOT_FOUND: DeliveryAnswer = { status: 404, body: ['This record could not be found'] }
const TAKEN: DeliveryAnswer = { status: 422, body: { name: ['has already been taken'] } }

let nextId = 1

function stamp(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, '.000Z')
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A component as sent, stored with what the API adds (id, dates, the group's name beside its uuid). */
function stored(space: Space, sent: Record<string, unknown>, id: number, createdAt: string): SchemaComponent {
  const groupUuid = typeof sent.component_group_uuid === 'string' ? sent.component_group_uuid : null
  const group = space.component_groups?.find((item) => item.uuid === groupUuid)
  return {
    ...(sent as unknown as SchemaComponent),
    id,
    schema: isObject(sent.schema) ? (sent.schema as SchemaComponent['schema']) : {},
    component_group_uuid: groupUuid,
    component_group_name: group?.name ?? null,
    created_at: createdAt,
    updated_at: stamp(),
  }
}

/** Answers `/v1/<path>`; `body` is the parsed request body of a POST or PUT. */
export function answerManagement(space: Space, method: string, path: string, authorization: string | undefined, body: unknown): DeliveryAnswer {
  if (!space.tokens.management || authorization !== space.tokens.management) return { status: 401, body: { error: 'Unauthorized' } }
  const route = /^spaces\/(\d+)\/(components|component_groups)(?:\/(\d+))?$/.exec(path)
  if (!route || Number(route[1]) !== space.id) return NOT_FOUND
  const [, , collection, rawId] = route
  const components = (space.components ??= [])
  const groups = (space.component_groups ??= [])

  if (collection === 'component_groups') {
    if (rawId !== undefined) return NOT_FOUND
    if (method === 'GET') return { status: 200, body: { component_groups: groups } }
    if (method !== 'POST') return { status: 405, body: { error: 'Method Not Allowed' } }
    const sent = isObject(body) && isObject(body.component_group) ? body.component_group : undefined
    if (typeof sent?.name !== 'string' || sent.name === '') return { status: 422, body: { name: ["can't be blank"] } }
    if (groups.some((group) => group.name === sent.name)) return TAKEN
    const group: SchemaGroup = { id: nextId++, name: sent.name, uuid: randomUUID(), parent_id: null, parent_uuid: null }
    groups.push(group)
    return { status: 201, body: { component_group: group } }
  }

  const at = rawId === undefined ? -1 : components.findIndex((component) => component.id === Number(rawId))
  if (rawId !== undefined && at < 0) return NOT_FOUND
  if (method === 'GET') return rawId === undefined ? { status: 200, body: { components } } : { status: 200, body: { component: components[at] } }
  if (method === 'DELETE' && at >= 0) return { status: 200, body: { component: components.splice(at, 1)[0] } }
  const sent = isObject(body) && isObject(body.component) ? body.component : undefined
  if (!sent || (method !== 'POST' && method !== 'PUT') || (method === 'POST') !== (rawId === undefined)) return { status: 405, body: { error: 'Method Not Allowed' } }
  const name = sent.name ?? components[at]?.name
  if (typeof name !== 'string' || name === '') return { status: 422, body: { name: ["can't be blank"] } }
  if (components.some((component, index) => component.name === name && index !== at)) return TAKEN
  if (method === 'POST') {
    const component = stored(space, { ...sent, name }, nextId++, stamp())
    components.push(component)
    return { status: 201, body: { component } }
  }
  const previous = components[at]!
  // A PUT replaces the component with what it sends: the stricter reading of the API, so that a
  // push must send back what it means to keep (cms/management/push.ts).
  const component = stored(space, { ...sent, name }, previous.id!, String(previous.created_at))
  components[at] = component
  return { status: 200, body: { component } }
}
