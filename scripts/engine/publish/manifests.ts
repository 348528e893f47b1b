/**
 * Writes the build manifests (their shapes: pages/build-contract.ts; the live one is read by
 * scripts/engine/files/deploy.ts). Written last, so a manifest never names an incomplete build.
 */
import { LATEST_BUILD_PATH, type BuildMeta, type LatestBuild } from '../../../pages/build-contract.ts'
import { clientEntryOf } from '../bundles/client-entry.ts'
import type { OutputWriter } from '../files/output.ts'

/** A sortable, unique build id: UTC time plus a digest of the output. */
export function buildId(timestamp: number, digest: string): string {
  return `${new Date(timestamp).toISOString().replace(/[-:]|\.\d+Z$/g, '').replace('T', '-')}-${digest.slice(0, 8)}`
}

export async function writeManifests(output: OutputWriter, meta: BuildMeta): Promise<void> {
  output.write(`builds/meta/${meta.id}.json`, JSON.stringify(meta), 'manifest')
  const latest: LatestBuild = { id: meta.id, timestamp: meta.timestamp, client: meta.client }
  output.write(LATEST_BUILD_PATH, JSON.stringify(latest), 'manifest')
}


/** The client entry's path in a bundle folder, if its manifest names one. */
export function clientEntry(bundleDir: string): string | undefined {
  try {
    return clientEntryOf(bundleDir).script
  } catch {
    return undefined
  }
}
