/**
 * `npm run deploy`'s work: the live build published to the bucket, only what changed, in an order
 * that never lets a browser learn of a build whose files are not all there, with the manifest
 * written first with what is about to be uploaded and last with what was, so that a deploy that
 * fails midway leaves `builds/latest.json` at the last complete build and can simply be run again.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { liveDir, readMeta } from '../files/deploy.ts'
import { formatBytes } from '../report/progress.ts'
import { Bucket } from './bucket.ts'
import { localFiles, uploadRank, type LocalFile } from './local-files.ts'
import { objectHeaders } from './object-headers.ts'
import { planDeploy, type DeployPlan } from './plan.ts'
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
  graceMs: number
  now?: Date
  log: (line: string) => void
}

export interface DeployResult {
  build: string
  plan: DeployPlan
  uploadedBytes: number
}

/** What `npm run deploy` tells a parent process (`npm start`) over IPC when it ends. */
export type DeployReport =
  | { deployed: { build: string; uploaded: number; uploadedBytes: number; unchanged: number; deleted: number; held: number; seconds: number } }
  | { deployFailed: string }

export function reportOf({ build, plan, uploadedBytes }: DeployResult, seconds: number): DeployReport {
  return { deployed: { build, uploaded: plan.uploads.length, uploadedBytes, unchanged: plan.unchanged, deleted: plan.deletes.length, held: plan.held.size, seconds } }
}

/** Uploads `files` rank by rank (local-files.ts), several at a time within a rank; returns each path's ETag. */
async function upload(bucket: Bucket, root: string, files: LocalFile[]): Promise<Map<string, string>> {
  const etags = new Map<string, string>()
  for (const rank of [...new Set(files.map((file) => uploadRank(file.path)))]) {
    const queue = files.filter((file) => uploadRank(file.path) === rank)
    const next = async (): Promise<void> => {
      for (let file = queue.shift(); file; file = queue.shift()) etags.set(file.path, await bucket.put(file.path, readFileSync(join(root, file.path)), objectHeaders(file.path)))
    }
    await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, next))
  }
  return etags
}

function listPlan(plan: DeployPlan, log: (line: string) => void): void {
  for (const file of plan.uploads) log(`  upload ${file.path} (${formatBytes(file.size)})`)
  for (const path of plan.deletes) log(`  delete ${path}`)
  for (const [path, since] of plan.held) log(`  keep   ${path} (not in the build since ${since})`)
}

export async function deploySite({ outDir, target, client, dryRun = false, force = false, graceMs, now = new Date(), log }: DeployOptions): Promise<DeployResult> {
  const root = liveDir(outDir)
  const build = root && readMeta(root)?.id
  if (!root || !build) throw new DeployError(`No build to deploy in ${outDir}: run npm run build first (or give the output folder with --out).`)
  const bucket = new Bucket(target, client)
  try {
    await bucket.check()
    const [manifest, remote] = [await bucket.manifest(), await bucket.objects()]
    const files = localFiles(root)
    const plan = planDeploy({ files, manifest, remote, now, graceMs, force })
    if (plan.foreign.length && !force) {
      throw new DeployError(`${plan.foreign.length} object${plan.foreign.length === 1 ? '' : 's'} in ${target.url} changed since the last deploy, not by it (first: ${plan.foreign[0]}): check them, then run npm run deploy -- --force to replace them.`)
    }
    const uploadedBytes = plan.uploads.reduce((sum, file) => sum + file.size, 0)
    if (dryRun) {
      listPlan(plan, log)
      return { build, plan, uploadedBytes }
    }
    if (plan.uploads.length || plan.deletes.length) {
      manifest.pending = new Map(plan.uploads.map((file) => [file.path, file.hash]))
      await bucket.saveManifest(manifest)
    }
    const etags = await upload(bucket, root, plan.uploads)
    for (const file of plan.uploads) manifest.objects.set(file.path, { hash: file.hash, etag: etags.get(file.path)!, size: file.size })
    await bucket.delete(plan.deletes)
    for (const path of plan.deletes) manifest.objects.delete(path)
    await bucket.saveManifest({ ...manifest, build, leaving: plan.held, pending: new Map() })
    return { build, plan, uploadedBytes }
  } finally {
    bucket.close()
  }
}
