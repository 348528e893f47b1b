/**
 * What a quick deploy (`--quick`, the deploys `npm start` makes after a publish) knows of the
 * bucket without listing it: when the bucket's manifest is the one this machine wrote last, the
 * bucket is taken to be as that manifest says, except for the objects this deploy would upload
 * or delete, whose ETags it asks for one by one. Someone else's change to one of those is
 * noticed as a full check notices it; a change to any other object waits for the next full
 * check (every `npm run deploy`, and `npm start`'s first deploy and one an hour). The manifest
 * itself is kept here too, so that a quick deploy downloads it only when it is not that one.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { buildsDir } from '../files/deploy.ts'
import type { Bucket } from './bucket.ts'
import { eachConcurrently } from './each-concurrently.ts'
import type { LocalFile } from './local-files.ts'
import { parseManifest, type DeployManifest, type SavedManifest } from './manifest.ts'

/** ETags asked for at a time. */
const CONCURRENT_CHECKS = 8

interface LastDeploy {
  /** The target's URL (s3://bucket/prefix) and the ETag of the manifest the last deploy there saved. */
  target: string
  manifest: string
}

const recordFile = (outDir: string) => join(buildsDir(outDir), '.deploy-last.json')
const copyFile = (outDir: string) => join(buildsDir(outDir), '.deploy-manifest.json')

/** Whether the bucket's manifest (its ETag `etag`) is the one the last deploy from `outDir` to `target` saved. */
export function manifestIsOurs(outDir: string, target: string, etag: string | undefined): boolean {
  if (!etag || !existsSync(recordFile(outDir))) return false
  try {
    const last = JSON.parse(readFileSync(recordFile(outDir), 'utf8')) as LastDeploy
    return last.target === target && last.manifest === etag
  } catch {
    return false
  }
}

/** The manifest the last deploy from `outDir` to `target` saved, as it saved it, if this machine still has it. */
export function lastManifest(outDir: string, target: string): SavedManifest | undefined {
  if (!existsSync(recordFile(outDir)) || !existsSync(copyFile(outDir))) return undefined
  try {
    const last = JSON.parse(readFileSync(recordFile(outDir), 'utf8')) as LastDeploy
    return last.target === target ? { etag: last.manifest, text: readFileSync(copyFile(outDir), 'utf8') } : undefined
  } catch {
    return undefined
  }
}

/**
 * The last manifest's copy, read and parsed, for a deploy standing by to do before its job comes
 * (at 10,000 stories 6 MB, about 0.2 s); undefined when there is none, or it cannot be read.
 */
export function readAhead(outDir: string, target: string): SavedManifest | undefined {
  const saved = lastManifest(outDir, target)
  try {
    return saved && { ...saved, parsed: parseManifest(saved.text) }
  } catch {
    return undefined
  }
}

/** Remembers the manifest a deploy saved to `target`: the copy first, so that the record never names a copy that is not there. */
export function recordManifest(outDir: string, target: string, saved: SavedManifest): void {
  writeFileAtomic.sync(copyFile(outDir), saved.text)
  writeFileAtomic.sync(recordFile(outDir), JSON.stringify({ target, manifest: saved.etag } satisfies LastDeploy))
}

/** The bucket's objects (path → ETag) as the manifest says, with those this deploy touches asked of the storage. */
export async function checkedObjects(bucket: Bucket, manifest: DeployManifest, files: LocalFile[]): Promise<Map<string, string>> {
  const remote = new Map([...manifest.objects].map(([path, { etag }]) => [path, etag]))
  const local = new Set(files.map((file) => file.path))
  const touched = [...files.filter((file) => manifest.objects.get(file.path)?.hash !== file.hash).map((file) => file.path), ...[...manifest.objects.keys()].filter((path) => !local.has(path))]
  await eachConcurrently(touched, CONCURRENT_CHECKS, async (path) => {
    const etag = await bucket.etag(path)
    if (etag === undefined) remote.delete(path)
    else remote.set(path, etag)
  })
  return remote
}
