/**
 * The project's folder: the nearest one above this module that holds a package.json. Found rather
 * than counted in `..` steps, so that it is the same when this module runs from a compiled copy of
 * the code (tests/helpers/compiled-code.ts) as from its source.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'

function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}: run the project's scripts from inside it.`)
  }
}

export const PROJECT_ROOT = projectRoot(import.meta.dirname)
