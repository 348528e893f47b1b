/**
 * The build manifests the browser reads (docs/behaviour.md, "Calls"): `builds/meta/<id>.json` with the
 * prerendered routes (the client's route rules) and `builds/latest.json` (`{ id, timestamp }`),
 * polled hourly to notice a new deploy. Written last, so a manifest never names an incomplete build.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { OutputWriter } from './output.ts'

export interface BuildMeta {
  id: string
  timestamp: number
  /** Every prerendered route; anything else is a 404 without asking the network. */
  routes: string[]
  /** Routes end in a slash and are served from `<route>index.html`. */
  trailingSlash: true
  /** The content version the build was crawled at. */
  cv: number
  /** The id of the Storyblok space the build shows: the demo is never built over another space's build. */
  space?: number
  /** The hashed assets of this build's own bundle (the next build keeps them for open tabs). */
  assets: string[]
  /** Path of the client entry script (`/assets/entries/renderer_client.<hash>.js`). */
  client?: string
}

/**
 * `builds/latest.json`, which open tabs poll: the newest build, and the path of its client script
 * (content-hashed), by which a page tells whether the code it runs is still current.
 */
export interface LatestBuild {
  id: string
  timestamp: number
  client?: string
}

/** A sortable, unique build id: UTC time plus a digest of the output. */
export function buildId(timestamp: number, digest: string): string {
  return `${new Date(timestamp).toISOString().replace(/[-:]|\.\d+Z$/g, '').replace('T', '-')}-${digest.slice(0, 8)}`
}

export async function writeManifests(output: OutputWriter, meta: BuildMeta): Promise<void> {
  output.write(`builds/meta/${meta.id}.json`, JSON.stringify(meta), 'manifest')
  const latest: LatestBuild = { id: meta.id, timestamp: meta.timestamp, client: meta.client }
  output.write('builds/latest.json', JSON.stringify(latest), 'manifest')
}

/** The manifest of the build in `root` (the live one), if it has readable manifests. */
export function readMeta(root: string): BuildMeta | undefined {
  try {
    const { id } = JSON.parse(readFileSync(join(root, 'builds', 'latest.json'), 'utf8')) as { id: string }
    return JSON.parse(readFileSync(join(root, 'builds', 'meta', `${id}.json`), 'utf8')) as BuildMeta
  } catch {
    return undefined
  }
}

/** The client entry's path in a bundle folder, from Vike's asset manifest (`assets.json`). */
export function clientEntry(bundleDir: string): string | undefined {
  try {
    const assets = JSON.parse(readFileSync(join(bundleDir, 'assets.json'), 'utf8')) as Record<string, { file?: string }>
    const file = assets['renderer/+client.ts']?.file
    return file ? `/${file}` : undefined
  } catch {
    return undefined
  }
}
