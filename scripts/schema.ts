/**
 * `npm run schema -- diff|push|pull|write`: the content model (cms/model/components.ts) and a
 * Storyblok space's block library, through the Management API (cms/management/).
 * - `diff` shows what a push would change;
 * - `push [--force] [--delete]` creates and updates components by name (`--delete` also deletes
 *   those the model lacks; `--force` overwrites what was changed by hand in the space);
 * - `pull` writes the space's components where Storyblok CLI 4 keeps them;
 * - `write` writes `cms/components.json`, `cms/groups.json` and the README's table from the model.
 * Without Management API settings it works on the demo space of the embedded API, whose block
 * library is the committed `cms/components.json`.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { loadSpace } from '../cms/api/space.ts'
import { ConfigError } from '../cms/config.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'
import { createManagementClient, ManagementError } from '../cms/management/client.ts'
import { hasManagementSettings, readManagementConfig, type ManagementConfig } from '../cms/management/config.ts'
import type { ComponentChange } from '../cms/management/diff.ts'
import { pullFolder, pullSchema } from '../cms/management/pull.ts'
import { pushSchema, spaceChanges } from '../cms/management/push.ts'
import type { SchemaComponent, SchemaGroup } from '../cms/model/storyblok-schema.ts'
import { SCHEMA_FILES, writeSchemaFiles } from '../cms/model/files.ts'
import { loadEnv } from './engine/config.ts'

const USAGE = 'Usage: npm run schema -- diff | push [--force] [--delete] | pull | write'
const log = (line: string) => console.log(line)

/** The embedded API serving the demo space, its block library the committed schema files. */
async function demoSpace(): Promise<{ config: ManagementConfig; server: CmsServer }> {
  const space = loadSpace(DEMO_SPACE_DIR)
  const read = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T
  space.component_groups = read<SchemaGroup[]>(SCHEMA_FILES.groups)
  space.components = read<SchemaComponent[]>(SCHEMA_FILES.components).map((component, at) => ({ ...component, id: at + 1 }))
  const server = await startCmsServer({ space })
  log(`No STORYBLOK_OAUTH_TOKEN set: using the demo space "${space.name}" (id ${space.id}) of the embedded API at ${server.managementUrl}`)
  return { config: { token: space.tokens.management!, spaceId: space.id, apiUrl: server.managementUrl }, server }
}

function printChanges(changes: ComponentChange[], spaceId: number): void {
  const count = (change: ComponentChange['change']) => changes.filter((item) => item.change === change).length
  if (!changes.length) return log(`No differences: space ${spaceId} has every component of the content model as it is defined.`)
  for (const change of changes) {
    if (change.change === 'create') log(`+ ${change.name}: to create (${change.details.join('; ')})`)
    else if (change.change === 'only-in-space') log(`- ${change.name}: only in the space (push --delete deletes it)`)
    else {
      if (change.details.length) log(`~ ${change.name}: ${change.details.join('; ')}`)
      if (change.handMade.length) log(`! ${change.name}, changed by hand: ${change.handMade.join('; ')}`)
    }
  }
  const handMade = changes.filter((change) => change.handMade.length).length
  log(`${count('create')} to create, ${count('update')} to update, ${count('only-in-space')} only in the space${handMade ? `; ${handMade} changed by hand (push stops unless --force)` : ''}.`)
}

async function run(command: string, flags: { force: boolean; delete: boolean }): Promise<void> {
  if (command === 'write') {
    const written = writeSchemaFiles()
    log(written.length ? `Wrote ${written.join(', ')} from cms/model/components.ts.` : 'The schema files and the README table already match cms/model/components.ts.')
    return
  }
  const env = loadEnv()
  const { config, server } = hasManagementSettings(env) ? { config: readManagementConfig(env), server: undefined } : await demoSpace()
  try {
    const client = createManagementClient(config, { log })
    if (command === 'diff') {
      printChanges((await spaceChanges(client)).changes, config.spaceId)
    } else if (command === 'push') {
      const result = await pushSchema(client, config.spaceId, { force: flags.force, delete: flags.delete, log })
      const kept = result.kept.length ? ` Kept ${result.kept.length} the model does not have (${result.kept.join(', ')}): push --delete deletes them.` : ''
      log(`Pushed to space ${config.spaceId}: ${result.created.length} created, ${result.updated.length} updated, ${result.deleted.length} deleted, ${result.groupsCreated.length} groups created.${kept}`)
    } else {
      const folder = pullFolder(process.cwd(), config.spaceId)
      const pulled = await pullSchema(client, folder)
      log(`Pulled ${pulled.components} components and ${pulled.groups} groups of space ${config.spaceId} into ${folder}`)
    }
  } finally {
    await server?.close()
  }
}

try {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false }, delete: { type: 'boolean', default: false } } })
  const [command, ...rest] = positionals
  if (!command || rest.length || !['diff', 'push', 'pull', 'write'].includes(command)) throw new ConfigError([`${command ? `Unknown command "${[command, ...rest].join(' ')}"` : 'No command given'}. ${USAGE}`])
  await run(command, { force: values.force!, delete: values.delete! })
} catch (error) {
  if (error instanceof ConfigError) console.error(error.problems.join('\n'))
  else if (error instanceof ManagementError) console.error(error.message)
  else if ((error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') console.error(`${(error as Error).message}. ${USAGE}`)
  else console.error(`npm run schema failed: ${(error as Error).message}`)
  process.exitCode = 1
}
