/**
 * The client bundle's entry, as Vike's asset manifest names it (`assets.json` in the bundle folder,
 * in Vite's manifest format): its script and its stylesheets, by URL path.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CLIENT_MANIFEST } from './layout.ts'

/** The browser's entry module, the key of its chunk in the manifest. */
const CLIENT_SOURCE = 'renderer/+client.ts'

export interface ClientEntry {
  script: string
  styles: string[]
}

export function clientEntryOf(bundleDir: string): ClientEntry {
  const file = join(bundleDir, CLIENT_MANIFEST)
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file?: string; css?: string[] } | undefined>
  const chunk = Object.hasOwn(manifest, CLIENT_SOURCE) ? manifest[CLIENT_SOURCE] : undefined
  if (!chunk?.file) throw new Error(`${file} names no chunk for ${CLIENT_SOURCE}: build again with --full.`)
  return { script: `/${chunk.file}`, styles: (chunk.css ?? []).map((css) => `/${css}`) }
}
