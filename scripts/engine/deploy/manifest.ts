/**
 * The deploy manifest, kept in the bucket beside the site (`.deploy-manifest.json` under the
 * target's prefix): what the last deploys wrote, by content hash and by the ETag the storage gave
 * each object. Hashes say what changed (never times, and never ETags, which multipart uploads and
 * encryption change); the ETags say whether someone else changed an object since.
 */
export const MANIFEST_KEY = '.deploy-manifest.json'
/**
 * A deploy under way keeps what it uploads in an object of its own beside the manifest, removed
 * once the manifest says it: a few lines, where the manifest of a big site is megabytes.
 */
export const PENDING_KEY = '.deploy-pending.json'

export function parsePending(text: string): Map<string, string> {
  const stored = JSON.parse(text) as Record<string, unknown>
  return new Map(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

export interface DeployedObject {
  hash: string
  /** The ETag the storage answered the upload with. */
  etag: string
  size: number
}

export interface DeployManifest {
  version: 1
  /** The build whose `builds/latest.json` the last complete deploy wrote. */
  build?: string
  objects: Map<string, DeployedObject>
  /** Objects no longer in the build, with when they left it (ISO time): deleted after the grace period. */
  leaving: Map<string, string>
  /** A deploy under way (PENDING_KEY): the paths it uploads, by hash. A deploy run again after it failed takes them as its own. */
  pending: Map<string, string>
  /** URL paths uploaded but not yet purged from the CDN (its purge failed): the next deploy purges them too. */
  purging: string[]
}

/** A manifest as the storage holds it: its text, and the ETag the storage gave it. */
export interface SavedManifest {
  etag: string
  text: string
  /** The text parsed already (a deploy standing by reads the last one ahead: quick-check.ts, `readAhead`). */
  parsed?: DeployManifest
}

export function emptyManifest(): DeployManifest {
  return { version: 1, objects: new Map(), leaving: new Map(), pending: new Map(), purging: [] }
}

interface StoredManifest {
  version: 1
  build?: string
  objects?: Record<string, DeployedObject>
  leaving?: Record<string, string>
  pending?: Record<string, string>
  purging?: string[]
}

export function parseManifest(text: string): DeployManifest {
  const stored = JSON.parse(text) as StoredManifest
  if (stored?.version !== 1) throw new Error(`The deploy manifest is of another version (${String(stored?.version)})`)
  const { build } = stored
  return { version: 1, ...(build ? { build } : {}), objects: new Map(Object.entries(stored.objects ?? {})), leaving: new Map(Object.entries(stored.leaving ?? {})), pending: new Map(Object.entries(stored.pending ?? {})), purging: stored.purging ?? [] }
}

export function formatManifest({ build, objects, leaving, pending, purging }: DeployManifest): string {
  const stored: StoredManifest = { version: 1, ...(build ? { build } : {}), objects: Object.fromEntries(objects), leaving: Object.fromEntries(leaving), ...(pending.size ? { pending: Object.fromEntries(pending) } : {}), ...(purging.length ? { purging } : {}) }
  return JSON.stringify(stored)
}
