/**
 * A build's changes record (`.changes.json` in the build's folder, never deployed): the build it
 * was linked from, when it was, the files it wrote and removed, and those written into it once it
 * was live (its search index). A quick deploy (scripts/engine/deploy/changed-files.ts) reads it to
 * learn what changed since the build the bucket holds, without reading every file of the site.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'

export const CHANGES_FILE = '.changes.json'

export interface BuildChanges {
  /** The live build this one started as (hard links to its files): none for a full build. */
  from?: string
  written: string[]
  removed: string[]
  /** Written after the build went live, so possibly after a deploy of it. */
  late: string[]
}

export function writeChanges(buildDir: string, changes: BuildChanges): void {
  writeFileAtomic.sync(join(buildDir, CHANGES_FILE), JSON.stringify(changes))
}

/** The record of the build in `buildDir`; undefined when it has none (made by an older version) or it is unreadable. */
export function readChanges(buildDir: string): BuildChanges | undefined {
  try {
    const stored = JSON.parse(readFileSync(join(buildDir, CHANGES_FILE), 'utf8')) as Partial<BuildChanges>
    if (!Array.isArray(stored.written) || !Array.isArray(stored.removed) || !Array.isArray(stored.late)) return undefined
    return { ...(typeof stored.from === 'string' ? { from: stored.from } : {}), written: stored.written, removed: stored.removed, late: stored.late }
  } catch {
    return undefined
  }
}

/** Adds files written into a live build (its search index) to its record, if it has one. */
export function addLate(buildDir: string, paths: string[]): void {
  const changes = paths.length ? readChanges(buildDir) : undefined
  if (changes) writeChanges(buildDir, { ...changes, late: [...new Set([...changes.late, ...paths])] })
}
