/**
 * `npm run schema`: the content model pushed to, compared with and pulled from a space through the
 * Management API of the embedded server (cms/api/management.ts), over HTTP as to Storyblok.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer, type Faults } from '../cms/api/server.ts'
import type { Space } from '../cms/api/space.ts'
import { ConfigError } from '../cms/config.ts'
import { createManagementClient, ManagementError, type ManagementClientOptions } from '../cms/management/client.ts'
import { MANAGEMENT_API_ORIGINS, readManagementConfig, type ManagementConfig } from '../cms/management/config.ts'
import { pullFolder, pullSchema } from '../cms/management/pull.ts'
import { pushSchema, spaceChanges } from '../cms/management/push.ts'
import { COMPONENTS } from '../cms/model/index.ts'
import type { SchemaComponent } from '../cms/model/storyblok-schema.ts'
import { cleanEnv, runScript, tempDir } from './helpers/build.ts'
import { TOKENS } from './helpers/space.ts'

const MANAGEMENT_TOKEN = 'test-management'
const servers: CmsServer[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

function emptySpace(): Space {
  return { id: 4242, name: 'Empty space', domain: 'https://empty.example/', version: 1, tokens: { ...TOKENS, management: MANAGEMENT_TOKEN }, stories: [] }
}

async function serve(space = emptySpace(), faults: Faults = {}): Promise<{ server: CmsServer; config: ManagementConfig }> {
  const server = await startCmsServer({ space, faults })
  servers.push(server)
  return { server, config: { token: MANAGEMENT_TOKEN, spaceId: space.id, apiUrl: server.managementUrl } }
}

/** A client without the 3/s throttle, so that tests of what is pushed do not wait on it (one test below keeps it). */
function clientOf(config: ManagementConfig, options: ManagementClientOptions = {}) {
  return createManagementClient(config, { rateLimit: 1000, delayStepMs: 1, log: () => {}, ...options })
}

const quiet = { log: () => {} }
const writes = (server: CmsServer) => server.requests.filter((request) => request.method !== 'GET')
const stored = (server: CmsServer, name: string) => server.space.components!.find((component) => component.name === name)!

const diffOf = async (config: ManagementConfig) => (await spaceChanges(clientOf(config))).changes

describe('npm run schema: push and diff', () => {
  it('should push the content model to an empty space, after which diff reports nothing', async () => {
    const { server, config } = await serve()
    const result = await pushSchema(clientOf(config), config.spaceId, quiet)
    expect(result.created).toEqual(Object.keys(COMPONENTS))
    expect(result.groupsCreated.sort()).toEqual(['Lists', 'Pages', 'Sections', 'Settings'])
    expect(await diffOf(config)).toEqual([])
    // Filed in the space's own groups, by name.
    for (const [name, component] of Object.entries(COMPONENTS)) expect(stored(server, name).component_group_name, name).toBe(component.group)
    const teaser = stored(server, 'teaser')
    expect(teaser.schema.headline).toMatchObject({ type: 'text', required: true, translatable: true, pos: 0 })
    expect(stored(server, 'article').schema.body).toMatchObject({ type: 'bloks', restrict_components: true, component_whitelist: ['article-block', 'teaser', 'grid', 'feature', 'button'] })
  })

  it('should push nothing when the space already matches', async () => {
    const { server, config } = await serve()
    await pushSchema(clientOf(config), config.spaceId, quiet)
    const before = writes(server).length
    const again = await pushSchema(clientOf(config), config.spaceId, quiet)
    expect([again.created, again.updated, again.groupsCreated]).toEqual([[], [], []])
    expect(writes(server).length).toBe(before)
  })

  it('should update a component whose fields differ, field by field, and keep what it does not set', async () => {
    const { server, config } = await serve()
    await pushSchema(clientOf(config), config.spaceId, quiet)
    const button = stored(server, 'button')
    button.display_name = 'CTA'
    button.icon = 'block-buildin'
    button.schema.variant = { ...button.schema.variant!, default_value: 'secondary' }
    delete button.schema.link
    const changes = await diffOf(config)
    expect(changes).toEqual([
      { name: 'button', change: 'update', details: ['display_name "CTA" → "Button"', 'variant.default_value "secondary" → "primary"', 'adds field link (multilink)'], handMade: [] },
    ])
    const result = await pushSchema(clientOf(config), config.spaceId, quiet)
    expect(result.updated).toEqual(['button'])
    expect(await diffOf(config)).toEqual([])
    expect(stored(server, 'button').icon).toBe('block-buildin')
  })

  it('should stop before its first write when a component was changed by hand, and overwrite it with --force', async () => {
    const { server, config } = await serve()
    await pushSchema(clientOf(config), config.spaceId, quiet)
    stored(server, 'teaser').schema.subtitle = { type: 'text', pos: 3 }
    stored(server, 'page').display_name = 'Landing page'
    const before = writes(server).length
    const push = pushSchema(clientOf(config), config.spaceId, quiet)
    await expect(push).rejects.toThrow(ManagementError)
    await expect(push).rejects.toThrow(
      'Component "teaser" was changed by hand in space 4242: field subtitle (text) is in the space only. Add it to cms/model/components.ts, or push with --force to overwrite it. Nothing was pushed.',
    )
    expect(writes(server).length).toBe(before)
    expect(stored(server, 'page').display_name).toBe('Landing page')

    const forced = await pushSchema(clientOf(config), config.spaceId, { ...quiet, force: true })
    expect(forced.updated.sort()).toEqual(['page', 'teaser'])
    expect(stored(server, 'teaser').schema).not.toHaveProperty('subtitle')
    expect(await diffOf(config)).toEqual([])
  })

  it('should keep components the model does not have unless told --delete', async () => {
    const { server, config } = await serve()
    await pushSchema(clientOf(config), config.spaceId, quiet)
    server.space.components!.push({ id: 999, name: 'hero', display_name: 'Hero', is_root: false, is_nestable: true, component_group_uuid: null, schema: {} })
    expect(await diffOf(config)).toEqual([{ name: 'hero', change: 'only-in-space', details: [], handMade: [] }])
    expect((await pushSchema(clientOf(config), config.spaceId, quiet)).kept).toEqual(['hero'])
    expect(server.space.components!.some((component) => component.name === 'hero')).toBe(true)
    expect((await pushSchema(clientOf(config), config.spaceId, { ...quiet, delete: true })).deleted).toEqual(['hero'])
    expect(server.space.components!.some((component) => component.name === 'hero')).toBe(false)
  })

  it('should say how far a push got when a write fails midway, and finish when run again', async () => {
    const { server, config } = await serve(emptySpace())
    // Requests 1-2 read the space, 3-6 create the groups; the third component's creation fails.
    server.faults = { serverErrorOn: [9], serverErrorStatus: 500 }
    const push = pushSchema(clientOf(config), config.spaceId, quiet)
    await expect(push).rejects.toThrow(/^Creating the component "project" failed with 500.*\. 2 of 12 changes were pushed, each component whole: run the push again to finish\.$/)
    server.faults = {}
    const rest = await pushSchema(clientOf(config), config.spaceId, quiet)
    expect(rest.created).toEqual(Object.keys(COMPONENTS).slice(2))
    expect(await diffOf(config)).toEqual([])
  })
})

describe('npm run schema: the Management API client', () => {
  it('should send at most 3 requests in any second', async () => {
    const { server, config } = await serve()
    const client = createManagementClient(config, { log: () => {} })
    await Promise.all(Array.from({ length: 7 }, () => client.components()))
    const times = server.requests.map((request) => request.at).sort((a, b) => a - b)
    expect(times).toHaveLength(7)
    // p-throttle's window: the fourth request waits for the first one's second to pass.
    for (let i = 3; i < times.length; i++) expect(times[i]! - times[i - 3]!, `request ${i + 1}`).toBeGreaterThanOrEqual(990)
  })

  it('should retry a 429 with the delay growing per attempt, and log each retry', async () => {
    const { config } = await serve(emptySpace(), { rateLimitFirst: 2 })
    const logged: string[] = []
    expect(await clientOf(config, { delayStepMs: 5, log: (line) => logged.push(line) }).components()).toEqual([])
    expect(logged).toEqual(['Hit rate limit. Retrying in 0.005 seconds.', 'Hit rate limit. Retrying in 0.01 seconds.'])
  })

  it('should name a refused token, an unknown space and an unreachable API in one line each', async () => {
    const { config } = await serve()
    await expect(clientOf({ ...config, token: 'wrong' }).components()).rejects.toThrow(
      "The Management API refused STORYBLOK_OAUTH_TOKEN for space 4242 (401): use a personal access token of an account that may edit the space's block library.",
    )
    await expect(clientOf({ ...config, spaceId: 1 }).components()).rejects.toThrow(
      `Reading the components: space 1 was not found at ${config.apiUrl} (404): check STORYBLOK_SPACE_ID, and STORYBLOK_REGION for a space outside the EU.`,
    )
    await expect(clientOf({ ...config, apiUrl: 'http://127.0.0.1:9/v1' }).components()).rejects.toThrow(
      /^Cannot reach the Management API at http:\/\/127\.0\.0\.1:9\/v1 \(.+\): check STORYBLOK_REGION or STORYBLOK_MANAGEMENT_API_URL, and the network\.$/,
    )
  })

  it('should read its settings, naming every problem at once', () => {
    expect(readManagementConfig({ STORYBLOK_OAUTH_TOKEN: 't', STORYBLOK_SPACE_ID: '12' })).toEqual({ token: 't', spaceId: 12, apiUrl: MANAGEMENT_API_ORIGINS.eu })
    expect(readManagementConfig({ STORYBLOK_OAUTH_TOKEN: 't', STORYBLOK_SPACE_ID: '12', STORYBLOK_REGION: 'us' }).apiUrl).toBe('https://api-us.storyblok.com/v1')
    expect(readManagementConfig({ STORYBLOK_OAUTH_TOKEN: 't', STORYBLOK_SPACE_ID: '12', STORYBLOK_MANAGEMENT_API_URL: 'http://127.0.0.1:4100/v1/' }).apiUrl).toBe('http://127.0.0.1:4100/v1')
    let error: unknown
    try {
      readManagementConfig({ STORYBLOK_SPACE_ID: 'abc', STORYBLOK_MANAGEMENT_API_URL: 'ftp://x' })
    } catch (thrown) {
      error = thrown
    }
    expect((error as ConfigError).problems).toEqual([
      'STORYBLOK_OAUTH_TOKEN is not set: set it to a personal access token of a Storyblok account that may edit the space.',
      'STORYBLOK_SPACE_ID="abc" is not a space id: use the space\'s numeric id.',
      'STORYBLOK_MANAGEMENT_API_URL="ftp://x" is not an http(s) URL: use the Management API\'s base URL, such as https://mapi.storyblok.com/v1.',
    ])
  })
})

describe('npm run schema: pull', () => {
  it("should write the space's components and groups where Storyblok CLI 4 keeps them, replacing an older pull whole", async () => {
    const { server, config } = await serve()
    await pushSchema(clientOf(config), config.spaceId, quiet)
    const root = tempDir('schema-pull')
    const folder = pullFolder(root, config.spaceId)
    expect(folder).toBe(join(root, '.storyblok', 'components', '4242'))
    expect(await pullSchema(clientOf(config), folder)).toEqual({ components: 12, groups: 4 })
    const pulled = JSON.parse(readFileSync(join(folder, 'components.json'), 'utf8')) as SchemaComponent[]
    expect(pulled.map((component) => component.name)).toEqual(Object.keys(COMPONENTS).sort())
    expect(JSON.parse(readFileSync(join(folder, 'groups.json'), 'utf8'))).toHaveLength(4)

    server.space.components!.splice(0, 1)
    expect(await pullSchema(clientOf(config), folder)).toEqual({ components: 11, groups: 4 })
    expect(JSON.parse(readFileSync(join(folder, 'components.json'), 'utf8'))).toHaveLength(11)
    expect(existsSync(`${folder}.pulling-${process.pid}`)).toBe(false)
  })

  it('should leave an earlier pull as it was when the space cannot be read', async () => {
    const { config } = await serve()
    await pushSchema(clientOf(config), config.spaceId, quiet)
    const folder = pullFolder(tempDir('schema-pull'), config.spaceId)
    await pullSchema(clientOf(config), folder)
    const before = readFileSync(join(folder, 'components.json'), 'utf8')
    await expect(pullSchema(clientOf({ ...config, token: 'wrong' }), folder)).rejects.toThrow(ManagementError)
    expect(readFileSync(join(folder, 'components.json'), 'utf8')).toBe(before)
  })
})

describe('npm run schema: the command', () => {
  it('should diff a space given by its settings, and exit 1 with one line for a refused token', async () => {
    const { config } = await serve()
    await pushSchema(clientOf(config), config.spaceId, quiet)
    const env = { STORYBLOK_OAUTH_TOKEN: MANAGEMENT_TOKEN, STORYBLOK_SPACE_ID: String(config.spaceId), STORYBLOK_MANAGEMENT_API_URL: config.apiUrl }
    const diff = runScript('schema.ts', ['diff'], cleanEnv(env))
    expect((await diff.exited).code).toBe(0)
    expect(diff.stdout()).toContain('No differences: space 4242 has every component of the content model as it is defined.')

    const refused = runScript('schema.ts', ['push'], cleanEnv({ ...env, STORYBLOK_OAUTH_TOKEN: 'wrong' }))
    expect((await refused.exited).code).toBe(1)
    expect(refused.stderr().trim()).toBe("The Management API refused STORYBLOK_OAUTH_TOKEN for space 4242 (401): use a personal access token of an account that may edit the space's block library.")
  })

  it('should work on the demo space without settings, and refuse an unknown command', async () => {
    const demo = runScript('schema.ts', ['diff'], cleanEnv({}))
    expect((await demo.exited).code).toBe(0)
    expect(demo.stdout()).toMatch(/using the demo space "Atelier Nord" \(id 1000\)[^\n]*\nNo differences: space 1000/)
    const unknown = runScript('schema.ts', ['sync'], cleanEnv({}))
    expect((await unknown.exited).code).toBe(1)
    expect(unknown.stderr().trim()).toBe('Unknown command "sync". Usage: npm run schema -- diff | push [--force] [--delete] | pull | write')
  })
})
