/**
 * scripts/build.ts starts the bundle process before it loads the build's phases
 * (scripts/build/phases.ts) and the packages they import: compiled by scripts/run.mjs, the module
 * Node loads first imports no package, and the phases are a module of their own.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain JavaScript module without types.
import { compiledScript } from '../scripts/run.mjs'
import { ROOT } from './helpers/build.ts'

const STATIC_IMPORT = /^(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)";?$|^import\s*"([^"]+)";?$/gm
const DYNAMIC_IMPORT = /\bimport\(\s*"([^"]+)"\s*\)/g

/** The specifiers a compiled module imports: statically, through the chunks it imports so, and with import(). */
function importsOf(file: string, seen = new Set<string>()): { packages: Set<string>; dynamic: string[] } {
  const packages = new Set<string>()
  const dynamic: string[] = []
  if (seen.has(file)) return { packages, dynamic }
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  for (const match of text.matchAll(STATIC_IMPORT)) {
    const specifier = (match[1] ?? match[2])!
    if (!specifier.startsWith('.')) packages.add(specifier)
    else for (const name of importsOf(join(dirname(file), specifier), seen).packages) packages.add(name)
  }
  for (const match of text.matchAll(DYNAMIC_IMPORT)) dynamic.push(match[1]!)
  return { packages, dynamic }
}

describe('the build entry', () => {
  it('should import only Node built-ins before it starts the bundle process, and load its phases after', async () => {
    const entry: string = await compiledScript(join(ROOT, 'scripts', 'build.ts'))
    const { packages, dynamic } = importsOf(entry)
    expect([...packages].filter((name) => !name.startsWith('node:'))).toEqual([])
    const phases = dynamic.filter((specifier) => specifier.includes('phases'))
    expect(phases).toHaveLength(1)
    // What the entry did not load: the CMS client, the rich-text sanitizer, the atomic writer.
    const later = importsOf(join(dirname(entry), phases[0]!)).packages
    for (const name of ['storyblok-js-client', 'hast-util-sanitize', 'property-information', 'write-file-atomic']) expect(later).toContain(name)
  })
})
