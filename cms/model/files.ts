/**
 * The files made from the content model and committed beside it: `cms/components.json` and
 * `cms/groups.json` (Storyblok CLI 4's format) and the README's content-model table.
 * `npm run schema -- write` writes them; tests/content-model.test.ts fails while one is stale.
 */
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { PROJECT_ROOT } from '../project-root.ts'
import { withContentModelTable } from './readme-table.ts'
import { schemaComponents, schemaGroups } from './storyblok-schema.ts'

export const SCHEMA_FILES = {
  components: join(PROJECT_ROOT, 'cms', 'components.json'),
  groups: join(PROJECT_ROOT, 'cms', 'groups.json'),
  readme: join(PROJECT_ROOT, 'README.md'),
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** Each file's path and what the model says it should hold. */
export function schemaFileContents(): Map<string, string> {
  const readme = readFileSync(SCHEMA_FILES.readme, 'utf8')
  const table = withContentModelTable(readme)
  if (table === undefined) throw new Error(`${SCHEMA_FILES.readme} has no content-model table markers: put them back where the table belongs.`)
  return new Map([
    [SCHEMA_FILES.components, json(schemaComponents())],
    [SCHEMA_FILES.groups, json(schemaGroups())],
    [SCHEMA_FILES.readme, table],
  ])
}

/** Writes the files that differ; returns their paths from the project's root. */
export function writeSchemaFiles(): string[] {
  const written: string[] = []
  for (const [file, text] of schemaFileContents()) {
    let current: string | undefined
    try {
      current = readFileSync(file, 'utf8')
    } catch {
      current = undefined
    }
    if (current === text) continue
    writeFileAtomic.sync(file, text)
    written.push(relative(PROJECT_ROOT, file))
  }
  return written
}
