/**
 * The code has no import cycle: a module never imports, through others, a module that imports it,
 * type-only imports included (a cycle of types is still two modules that cannot be read apart).
 * A lazy `import()` is deferred, so it does not count.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT, tempDir } from './helpers/build.ts'

const FOLDERS = ['blocks', 'cms', 'pages', 'renderer', 'scripts']
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[^'"]*?\s+from\s+)?['"](\.[^'"]+)['"]/gm

function sources(): string[] {
  return FOLDERS.flatMap((folder) =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(ts|tsx|mjs)$/.test(name) && !name.includes('node_modules'))
      .map((name) => join(ROOT, folder, name)),
  )
}

/** Every cycle of static imports, type-only ones included, each as the list of files around it. */
function importCycles(files: string[]): string[][] {
  const edges = new Map(files.map((file) => [file, [...readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)].map((match) => resolve(dirname(file), match[1]!))]))
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    if (state.get(file) === 'done' || !edges.has(file)) return
    if (state.get(file) === 'open') {
      cycles.push(path.slice(path.indexOf(file)).map((step) => relative(ROOT, step)))
      return
    }
    state.set(file, 'open')
    path.push(file)
    for (const next of edges.get(file)!) visit(next)
    path.pop()
    state.set(file, 'done')
  }
  for (const file of files) visit(file)
  return cycles
}

/** Every module `file` imports statically, through the modules it imports, as paths from the root. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    const next = resolve(dirname(file), match[1]!)
    if (seen.has(next)) continue
    seen.add(next)
    if (/\.(ts|tsx|mjs)$/.test(next)) reachable(next, seen)
  }
  return seen
}
const under = (folder: string) => (files: Set<string>) => [...files].map((file) => relative(ROOT, file)).filter((file) => file.startsWith(`${folder}/`))

describe('imports', () => {
  it('should have no import cycle, type-only imports included', () => {
    expect(importCycles(sources())).toEqual([])
  })

  it('should keep browser and page code apart from the build scripts', () => {
    const browserSide = sources().filter((file) => /^(blocks|cms|pages|renderer)\//.test(relative(ROOT, file)))
    expect(browserSide.flatMap((file) => under('scripts')(reachable(file)))).toEqual([])
  })

  it('should keep configuration apart from the blocks', () => {
    for (const config of ['vike.config.ts', 'pages/+config.ts', 'scripts/engine/config.ts', 'cms/config.ts']) {
      expect(under('blocks')(reachable(join(ROOT, config)))).toEqual([])
    }
  })

  it('should find a cycle of runtime or type-only imports and ignore lazy ones', () => {
    const dir = tempDir('imports')
    const write = (name: string, text: string) => (writeFileSync(join(dir, name), text), join(dir, name))
    const files = [
      write('block.tsx', "import { registry } from './registry.ts'\nimport type { Props } from './types.ts'\n"),
      write('registry.ts', "import { Page } from './page.tsx'\nexport const registry = {}\n"),
      write('page.tsx', "import { Block } from './block.tsx'\nconst lazy = () => import('./registry.ts')\n"),
      write('types.ts', "import type { Block } from './block.tsx'\nexport interface Props {}\n"),
    ]
    const names = () => importCycles(files).map((cycle) => cycle.map((file) => file.split('/').pop()))
    expect(names()).toEqual([['block.tsx', 'registry.ts', 'page.tsx'], ['block.tsx', 'types.ts']])
    writeFileSync(files[2]!, "import type { Block } from './block.tsx'\n")
    writeFileSync(files[3]!, 'export interface Props {}\n')
    expect(names()).toEqual([['block.tsx', 'registry.ts', 'page.tsx']])
    writeFileSync(files[1]!, "const page = () => import('./page.tsx')\nexport const registry = {}\n")
    expect(names()).toEqual([])
  })
})
