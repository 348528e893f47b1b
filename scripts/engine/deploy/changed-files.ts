/**
 * The files of the live build as a quick deploy learns them without reading the whole build: the
 * bucket's manifest (what the last deploy uploaded of this build, or of the build it started
 * from) with the files the builds' changes records (scripts/engine/files/changes.ts) name since
 * read again. At 10,000 stories that is some 50 files to hash instead of 34,000 to list and stat.
 * Undefined when the records cannot say (a full build, a build between them never deployed, a
 * deploy that failed midway, changed redirects): the deploy then reads every file (local-files.ts).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readChanges } from '../files/changes.ts'
import { buildsDir } from '../files/deploy.ts'
import { REDIRECTS_FILE } from '../../../pages/redirects.ts'
import { sha256 } from './file-hashes.ts'
import { byUploadOrder, isPublished, type LocalFile } from './local-files.ts'
import type { DeployManifest } from './manifest.ts'

/**
 * The files changed since the manifest's build that build `id` (in `root`) holds: when the
 * manifest is of `id` itself, what was written into it once live; when it is of the build `id`
 * started from, what that build got once live and what `id` wrote and removed.
 */
function changedSince(outDir: string, root: string, id: string, manifest: DeployManifest): string[] | undefined {
  const own = readChanges(root)
  if (!own || !manifest.build) return undefined
  if (manifest.build === id) return own.late
  if (own.from !== manifest.build) return undefined
  const before = readChanges(join(buildsDir(outDir), manifest.build))
  return before && [...before.late, ...own.written, ...own.removed, ...own.late]
}

export function changedFiles(outDir: string, root: string, id: string, manifest: DeployManifest, { websiteRedirects = false } = {}): LocalFile[] | undefined {
  if (manifest.pending.size) return undefined
  const changed = changedSince(outDir, root, id, manifest)
  if (!changed || (websiteRedirects && changed.includes(REDIRECTS_FILE))) return undefined
  // Compressed variants are never in a record: they are not the build's files (scripts/engine/files/variants.ts).
  const touched = new Set(changed.filter(isPublished))
  const files: LocalFile[] = []
  // Objects held for open tabs left the build before: they are not its files unless written again.
  for (const [path, { hash, size }] of manifest.objects) if (!touched.has(path) && !manifest.leaving.has(path)) files.push({ path, hash, size })
  for (const path of touched) {
    const file = join(root, path)
    if (!existsSync(file)) continue
    const bytes = readFileSync(file)
    files.push({ path, hash: sha256(bytes), size: bytes.length })
  }
  return files.sort(byUploadOrder)
}
