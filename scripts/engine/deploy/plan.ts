/**
 * What a deploy does, decided before it touches the bucket: which files to upload (those whose
 * hash the manifest does not have for their path), which objects someone else changed since the
 * last deploy, and which objects no longer in the build to delete now that their grace period is
 * over (held until then, so that tabs still open on an older build keep loading its chunks).
 */
import type { LocalFile } from './local-files.ts'
import type { DeployManifest } from './manifest.ts'

/** How long an object no longer in the build stays in the bucket: a day, unless told otherwise. */
export const DEFAULT_GRACE_MS = 24 * 60 * 60 * 1000
/** The most objects one deploy deletes without --force: a bigger number means a mistake is likelier than a cleanup. */
export const MAX_DELETES = 1000

export interface DeployPlan {
  /** In upload order (see local-files.ts). */
  uploads: LocalFile[]
  unchanged: number
  /** Objects the bucket holds otherwise than the last deploys left them: changed, added or deleted by someone else. */
  foreign: string[]
  /** Objects to delete now, and the ones held with the time they left the build. */
  deletes: string[]
  held: Map<string, string>
}

export interface PlanInput {
  files: LocalFile[]
  manifest: DeployManifest
  /** The bucket's objects under the target's prefix: path → ETag. */
  remote: ReadonlyMap<string, string>
  now: Date
  graceMs: number
  /** Re-upload everything, take foreign changes over, and delete past MAX_DELETES. */
  force: boolean
}

function foreignObjects({ manifest, remote }: PlanInput): string[] {
  const foreign: string[] = []
  for (const [path, etag] of remote) {
    const known = manifest.objects.get(path)
    if (!manifest.pending.has(path) && known?.etag !== etag) foreign.push(path)
  }
  for (const path of manifest.objects.keys()) if (!remote.has(path) && !manifest.pending.has(path)) foreign.push(path)
  return foreign.sort()
}

export function planDeploy(input: PlanInput): DeployPlan {
  const { files, manifest, remote, now, graceMs, force } = input
  const uploads = files.filter(({ path, hash }) => force || manifest.pending.has(path) || manifest.objects.get(path)?.hash !== hash || !remote.has(path))
  const local = new Set(files.map((file) => file.path))
  const gone = [...new Set([...manifest.objects.keys(), ...manifest.pending.keys()])].filter((path) => !local.has(path)).sort()
  const deletes: string[] = []
  const held = new Map<string, string>()
  for (const path of gone) {
    const since = manifest.leaving.get(path) ?? now.toISOString()
    const due = now.getTime() - Date.parse(since) >= graceMs
    if (due && (force || deletes.length < MAX_DELETES)) deletes.push(path)
    else held.set(path, since)
  }
  return { uploads, unchanged: files.length - uploads.length, foreign: foreignObjects(input), deletes, held }
}
