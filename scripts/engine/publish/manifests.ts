/**
 * Writes the build manifests (their shapes: pages/build-contract.ts; the live one is read by
 * scripts/engine/files/deploy.ts). Written last, so a manifest never names an incomplete build.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BuildMeta, LatestBuild } from '../../../pages/build-contract.ts'
import type { OutputWriter } from '../files/output.ts'

/** A sortable, unique build id: UTC time plus a digest of the output. */
export function buildId(timestamp: number, digest: string): string {
  return `${new Date(timestamp).toISOString().replace(/[-:]|\.\d+Z$/g, '').replace('T', '-')}-${digest.slice(0, 8)}`
}

export async function writeManifests(output: OutputWriter, meta: BuildMeta): Promise<void> {
  output.write(`builds/meta/${meta.id}.json`, JSON.stringify(meta), 'manifest')
  const latest: LatestBuild = { id: meta.id, timestamp: meta.timestamp, client: meta.client }
  output.write('builds/latest.json', JSON.stringify(latest), 'manifest')
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
