/**
 * The client bundle's entry, as Vike's asset manifest names it (`assets.json` in the bundle folder,
 * in Vite's manifest format): its script, the chunks it imports statically (which the browser
 * would otherwise find only once it has parsed the entry), and its stylesheets, by URL path.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CLIENT_MANIFEST } from './layout.ts'

/** The browser's entry module, the key of its chunk in the manifest. */
const CLIENT_SOURCE = 'renderer/+client.ts'

export interface ClientEntry {
  script: string
  /** Every chunk the entry imports statically, directly or through another, in the manifest's order. */
  imports: string[]
  styles: string[]
}

type Manifest = Map<string, { file?: string; css?: string[]; imports?: string[] }>

/** The chunks `key` imports statically, transitively, each once; dynamic imports are left to load on demand. */
function staticImports(manifest: Manifest, key: string, found = new Set<string>()): Set<string> {
  for (const imported of manifest.get(key)?.imports ?? []) {
    const file = manifest.get(imported)?.file
    if (!file || found.has(file)) continue
    found.add(file)
    staticImports(manifest, imported, found)
  }
  return found
}

export function clientEntryOf(bundleDir: string): ClientEntry {
  const file = join(bundleDir, CLIENT_MANIFEST)
  const manifest: Manifest = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, never>))
  const chunk = manifest.get(CLIENT_SOURCE)
  if (!chunk?.file) throw new Error(`${file} names no chunk for ${CLIENT_SOURCE}: build again with --full.`)
  return { script: `/${chunk.file}`, imports: [...staticImports(manifest, CLIENT_SOURCE)].map((path) => `/${path}`), styles: (chunk.css ?? []).map((css) => `/${css}`) }
}
