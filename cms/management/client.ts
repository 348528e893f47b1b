/**
 * The Management API calls `npm run schema` needs (components and component groups of one space):
 * ofetch for the requests, p-throttle at the smallest plans' 3 requests a second, and the 429
 * policy every CMS request follows (cms/rate-limit-retry.ts). Each failure becomes one line that
 * says what is wrong and what to do.
 */
import { FetchError, ofetch } from 'ofetch'
import pThrottle from 'p-throttle'
import type { SchemaComponent, SchemaGroup } from '../model/storyblok-schema.ts'
import { withRateLimitRetry, type RetryOptions } from '../rate-limit-retry.ts'
import { MANAGEMENT_RATE_LIMIT, type ManagementConfig } from './config.ts'

export class ManagementError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'ManagementError'
  }
}

export interface ManagementClient {
  components(): Promise<SchemaComponent[]>
  groups(): Promise<SchemaGroup[]>
  createGroup(name: string): Promise<SchemaGroup>
  createComponent(component: SchemaComponent): Promise<SchemaComponent>
  updateComponent(id: number, component: SchemaComponent): Promise<SchemaComponent>
  deleteComponent(id: number): Promise<void>
}

export interface ManagementClientOptions extends Pick<RetryOptions, 'log' | 'delayStepMs'> {
  /** Requests per second (MANAGEMENT_RATE_LIMIT unless a test says otherwise). */
  rateLimit?: number
}

/** The one line a failed request becomes. */
function explain(error: unknown, config: ManagementConfig, what: string): ManagementError {
  if (!(error instanceof FetchError)) return new ManagementError(`${what} failed: ${(error as Error).message}`)
  const status = error.response?.status
  const space = `space ${config.spaceId}`
  if (status === undefined) {
    return new ManagementError(`Cannot reach the Management API at ${config.apiUrl} (${error.cause instanceof Error ? error.cause.message : error.message}): check STORYBLOK_REGION or STORYBLOK_MANAGEMENT_API_URL, and the network.`)
  }
  if (status === 401 || status === 403) {
    return new ManagementError(`The Management API refused STORYBLOK_OAUTH_TOKEN for ${space} (${status}): use a personal access token of an account that may edit the space's block library.`, status)
  }
  if (status === 404) return new ManagementError(`${what}: ${space} was not found at ${config.apiUrl} (404): check STORYBLOK_SPACE_ID, and STORYBLOK_REGION for a space outside the EU.`, status)
  if (status === 429) return new ManagementError(`${what}: the Management API still limits the rate after our retries (429): wait a minute and run the command again.`, status)
  const detail = error.data === undefined ? '' : `: ${JSON.stringify(error.data).slice(0, 300)}`
  return new ManagementError(`${what} failed with ${status}${detail}`, status)
}

export function createManagementClient(config: ManagementConfig, { rateLimit = MANAGEMENT_RATE_LIMIT, ...retry }: ManagementClientOptions = {}): ManagementClient {
  const api = ofetch.create(
    // `retry: false`: 429 is retried by our policy, and a component write is never repeated blindly.
    { baseURL: `${config.apiUrl}/spaces/${config.spaceId}/`, headers: { Authorization: config.token }, retry: false },
    { fetch: withRateLimitRetry(retry) },
  )
  type Options = { method?: 'POST' | 'PUT' | 'DELETE'; body?: Record<string, unknown> }
  // Strict: never more than the limit in any second, where the windowed default may let two windows' calls meet.
  const call = pThrottle({ limit: rateLimit, interval: 1000, strict: true })(<T>(what: string, path: string, options: Options = {}) =>
    api<T>(path, options).catch((error: unknown) => {
      throw explain(error, config, what)
    }),
  ) as <T>(what: string, path: string, options?: Options) => Promise<T>

  return {
    components: async () => (await call<{ components: SchemaComponent[] }>('Reading the components', 'components/')).components,
    groups: async () => (await call<{ component_groups: SchemaGroup[] }>('Reading the component groups', 'component_groups/')).component_groups,
    createGroup: async (name) => (await call<{ component_group: SchemaGroup }>(`Creating the component group "${name}"`, 'component_groups/', { method: 'POST', body: { component_group: { name } } })).component_group,
    createComponent: async (component) => (await call<{ component: SchemaComponent }>(`Creating the component "${component.name}"`, 'components/', { method: 'POST', body: { component } })).component,
    updateComponent: async (id, component) => (await call<{ component: SchemaComponent }>(`Updating the component "${component.name}"`, `components/${id}`, { method: 'PUT', body: { component } })).component,
    deleteComponent: async (id) => {
      await call<unknown>(`Deleting the component ${id}`, `components/${id}`, { method: 'DELETE' })
    },
  }
}
