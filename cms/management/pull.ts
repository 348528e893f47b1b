/**
 * `npm run schema -- pull`: a space's components and component groups, written where Storyblok
 * CLI 4 keeps them (`.storyblok/components/<space>/components.json` and `groups.json`), so that
 * they can be compared with ours or pushed by the CLI. Both files are written, or neither.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { ManagementClient } from './client.ts'

export function pullFolder(root: string, spaceId: number): string {
  return join(root, '.storyblok', 'components', String(spaceId))
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** Writes the space's schema into `folder`; returns how many components and groups it holds. */
export async function pullSchema(client: ManagementClient, folder: string): Promise<{ components: number; groups: number }> {
  const [components, groups] = await Promise.all([client.components(), client.groups()])
  const byName = <T extends { name: string }>(list: T[]) => [...list].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  // A new folder beside the old one, swapped in by renames: a reader sees the old pair or the new.
  const fresh = `${folder}.pulling-${process.pid}`
  const old = `${folder}.old-${process.pid}`
  mkdirSync(dirname(folder), { recursive: true })
  rmSync(fresh, { recursive: true, force: true })
  mkdirSync(fresh)
  try {
    writeFileSync(join(fresh, 'components.json'), json(byName(components)))
    writeFileSync(join(fresh, 'groups.json'), json(byName(groups)))
    let hadOld = true
    try {
      renameSync(folder, old)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      hadOld = false
    }
    try {
      renameSync(fresh, folder)
    } catch (error) {
      if (hadOld) renameSync(old, folder)
      throw error
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true })
    rmSync(old, { recursive: true, force: true })
  }
  return { components: components.length, groups: groups.length }
}
