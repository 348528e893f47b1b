/**
 * `npm run deploy`'s work: the live build published to the bucket, only what changed, in an order
 * that never lets a browser learn of a build whose files are not all there, with what is about to
 * be uploaded said first (manifest.ts, PENDING_KEY) and the manifest written last with what was,
 * so that a deploy that fails midway leaves `builds/latest.json` at the last complete build and
 * can simply be run again.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { liveDir, readMeta } from '../files/deploy.ts'
import { formatBytes } from '../report/progress.ts'
import { phaseClock } from '../report/phase-clock.ts'
import { Bucket } from './bucket.ts'
import { changedFiles } from './changed-files.ts'
import { eachConcurrently } from './each-concurrently.ts'
import { FileHashes } from './file-hashes.ts'
import { localFiles, uploadRank, type LocalFile } from './local-files.ts'
import { objectHeaders } from './object-headers.ts'
import { planDeploy, type DeployPlan } from './plan.ts'
import { formatManifest, type SavedManifest } from './manifest.ts'
import { checkedObjects, lastManifest, manifestIsOurs, recordManifest } from './quick-check.ts'
import type { Purger } from './purge.ts'
import { purgePaths } from './purge-paths.ts'
import { DeployError, type DeployTarget } from './target.ts'
import type { S3ClientConfig } from '@aws-sdk/client-s3'

/** Uploads at a time: enough to hide each request's latency, few enough for a small bucket's rate. */
const CONCURRENT_UPLOADS = 8

export interface DeployOptions {
  outDir: string
  target: DeployTarget
  client: S3ClientConfig
  dryRun?: boolean
  force?: boolean
  /** Check only the objects this deploy touches, when the bucket's manifest is the last one this machine saved (quick-check.ts). */
  quick?: boolean
  /** That last manifest, read ahead (quick-check.ts, `readAhead`); read now when absent. */
  known?: SavedManifest
  graceMs: number
  /** The editors' redirects as S3 website redirect objects (local-files.ts): AWS S3 serves them, S3-compatible stores do not. */
  websiteRedirects?: boolean
  /** Where changed URLs are purged once the files are up (purge.ts); none by default. */
  purgers?: Purger[]
  now?: Date
  log: (line: string) => void
}

export interface DeployResult {
  build: string
  /** Whether the deploy listed the whole bucket, or asked only after the objects it touched (`quick`). */
  listed: boolean
  plan: DeployPlan
  uploadedBytes: number
  /** URL paths purged from the CDN. */
  purged: number
  /** Seconds per step: reading the manifest, the build's files and the bucket's objects, uploading and deleting, saving the manifest, purging. */
  phases: Record<string, number>
}

/** What `npm start` sends a deploy standing by (scripts/engine/standby.ts): its arguments besides `--out`. */
export interface DeployJob {
  args: string[]
}

/** What `npm run deploy` tells a parent process (`npm start`) over IPC when it ends. */
export type DeployReport =
  | { deployed: { build: string; listed: boolean; uploaded: number; uploadedBytes: number; unchanged: number; deleted: number; held: number; purged: number; seconds: number; phases: Record<string, number> } }
  | { deployFailed: string }

export function reportOf({ build, listed, plan, uploadedBytes, purged, phases }: DeployResult, seconds: number): DeployReport {
  return { deployed: { build, listed, uploaded: plan.uploads.length, uploadedBytes, unchanged: plan.unchanged, deleted: plan.deletes.length, held: plan.held.size, purged, seconds, phases } }
}

/** Uploads `files` rank by rank (local-files.ts), several at a time within a rank; returns each path's ETag. */
async function upload(bucket: Bucket, root: string, files: LocalFile[]): Promise<Map<string, string>> {
  const etags = new Map<string, string>()
  for (const rank of [...new Set(files.map((file) => uploadRank(file.path)))]) {
    await eachConcurrently(files.filter((file) => uploadRank(file.path) === rank), CONCURRENT_UPLOADS, async (file) => {
      const body = file.redirect === undefined ? readFileSync(join(root, file.path)) : Buffer.alloc(0)
      etags.set(file.path, await bucket.put(file.path, body, objectHeaders(file.path, file.redirect)))
    })
  }
  return etags
}

/** Every file of the build, hashed where the hash record beside the builds does not know it. */
function readAll(outDir: string, root: string, websiteRedirects: boolean): LocalFile[] {
  const hashes = FileHashes.beside(outDir)
  const files = localFiles(root, { websiteRedirects, hashes })
  hashes.save()
  return files
}

function listPlan(plan: DeployPlan, purging: string[], log: (line: string) => void): void {
  for (const file of plan.uploads) log(`  upload ${file.path} (${formatBytes(file.size)})`)
  for (const path of plan.deletes) log(`  delete ${path}`)
  for (const [path, since] of plan.held) log(`  keep   ${path} (not in the build since ${since})`)
  for (const path of purging) log(`  purge  ${path}`)
}

/** Purges `paths` through each purger; a failure names the purger and says the next deploy tries again. */
async function purge(purgers: Purger[], paths: string[], build: string): Promise<void> {
  for (const purger of purgers) {
    try {
      await purger.purge(paths, build)
    } catch (error) {
      throw new DeployError(`The files are in the bucket, but purging ${paths.length} URL${paths.length === 1 ? '' : 's'} through ${purger.name} failed: ${(error as Error).message}. Run npm run deploy again: it purges them then.`)
    }
  }
}

export async function deploySite({ outDir, target, client, dryRun = false, force = false, quick = false, known, graceMs, websiteRedirects = false, purgers = [], now = new Date(), log }: DeployOptions): Promise<DeployResult> {
  const root = liveDir(outDir)
  const build = root && readMeta(root)?.id
  if (!root || !build) throw new DeployError(`No build to deploy in ${outDir}: run npm run build first (or give the output folder with --out).`)
  const bucket = new Bucket(target, client)
  const clock = phaseClock()
  try {
    await bucket.check()
    const { manifest, etag } = await bucket.manifest(quick && !force ? (known ?? lastManifest(outDir, target.url)) : undefined)
    clock.lap('manifest')
    const listed = !(quick && !force && manifestIsOurs(outDir, target.url, etag))
    const files = (!listed && changedFiles(outDir, root, build, manifest, { websiteRedirects })) || readAll(outDir, root, websiteRedirects)
    clock.lap('files')
    const remote = listed ? await bucket.objects() : await checkedObjects(bucket, manifest, files)
    clock.lap('objects')
    const plan = planDeploy({ files, manifest, remote, now, graceMs, force })
    if (plan.foreign.length && !force) {
      throw new DeployError(`${plan.foreign.length} object${plan.foreign.length === 1 ? '' : 's'} in ${target.url} changed since the last deploy, not by it (first: ${plan.foreign[0]}): check them, then run npm run deploy -- --force to replace them.`)
    }
    const uploadedBytes = plan.uploads.reduce((sum, file) => sum + file.size, 0)
    // With no CDN to purge, nothing is kept for one: a purge set up later starts from its first deploy.
    const purging = purgers.length ? [...new Set([...manifest.purging, ...purgePaths(plan.uploads.map((file) => file.path))])].sort() : []
    if (dryRun) {
      listPlan(plan, purging, log)
      return { build, listed, plan, uploadedBytes, purged: 0, phases: clock.phases }
    }
    const pending = new Map([...manifest.pending, ...plan.uploads.map((file): [string, string] => [file.path, file.hash])])
    if (plan.uploads.length) await bucket.savePending(pending)
    const etags = await upload(bucket, root, plan.uploads)
    for (const file of plan.uploads) manifest.objects.set(file.path, { hash: file.hash, etag: etags.get(file.path)!, size: file.size })
    await bucket.delete(plan.deletes)
    for (const path of plan.deletes) manifest.objects.delete(path)
    clock.lap('upload')
    const done = { ...manifest, build, leaving: plan.held, pending: new Map<string, string>() }
    // A deploy that changed nothing leaves the manifest as it is, checked; the objects were updated in
    // place above, so only one that uploaded and deleted nothing can compare the texts.
    const text = formatManifest({ ...done, purging })
    const unchanged = etag !== undefined && !plan.uploads.length && !plan.deletes.length && text === formatManifest(manifest)
    recordManifest(outDir, target.url, unchanged ? { etag, text } : await bucket.saveManifest({ ...done, purging }, text))
    if (pending.size) await bucket.clearPending()
    clock.lap('record')
    if (purging.length) {
      await purge(purgers, purging, build)
      recordManifest(outDir, target.url, await bucket.saveManifest({ ...done, purging: [] }))
      clock.lap('purge')
    }
    return { build, listed, plan, uploadedBytes, purged: purging.length, phases: clock.phases }
  } finally {
    bucket.close()
  }
}
