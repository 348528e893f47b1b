/** Writes files into the staging directory and keeps the tallies the summary and the build id need. */
import { createHash, hash } from 'node:crypto'
import { copyFileSync, linkSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { linkVariants, removeVariants } from './variants.ts'

export interface FileRecord {
  path: string
  bytes: number
  kind: string
  digest: string
  /** False when the file already held these bytes and was left alone (incremental builds). */
  written: boolean
}

/** What the output holds at a path: enough for the summary, the build id and the next build's comparison. */
export type FileEntry = Pick<FileRecord, 'bytes' | 'kind' | 'digest'>

export function digestOf(content: string | Buffer): string {
  return hash('sha1', content, 'hex')
}

/**
 * Writes `content` at `file` unless `existing` (the digest of what is there) says it holds these
 * bytes already. A file that is there is unlinked first, never truncated: in an incremental build
 * it is a hard link into the live build, which must not change; so are its compressed variants,
 * which would be stale (variants.ts writes new ones once the build is live).
 *
 * Synchronous: render workers write from their own threads, where a blocking write costs one
 * system call against three thread-pool round trips (open, write, close) for an async one; with
 * thousands of pages that was a tenth of the render phase.
 */
export function writeIfChanged(file: string, content: string | Buffer, existing?: string): { digest: string; written: boolean; bytes: number } {
  const bytes = typeof content === 'string' ? encoded(content) : content
  const digest = digestOf(bytes)
  if (existing === digest) return { digest, written: false, bytes: bytes.length }
  if (existing !== undefined) {
    rmSync(file, { force: true })
    removeVariants(file)
  }
  writeFileSync(file, bytes)
  return { digest, written: true, bytes: bytes.length }
}

/** Where encoded() puts a file's bytes: one per thread (module state), grown as needed. */
let scratch = Buffer.allocUnsafe(1 << 20)

/**
 * `text` as UTF-8, in a buffer reused for every file (valid until the next call): the digest, the
 * write and the size take the same bytes, encoded once.
 */
function encoded(text: string): Buffer {
  // A UTF-16 unit is at most three bytes of UTF-8.
  if (text.length * 3 > scratch.length) scratch = Buffer.allocUnsafe(text.length * 3)
  return scratch.subarray(0, scratch.write(text, 0, 'utf8'))
}

export class OutputWriter {
  /** Every file of the output with its size, kind and digest (seeded from the live build when incremental). */
  private readonly entries: Map<string, FileEntry>
  /** Files written by this build (the rest were already there with the same bytes). */
  written = 0
  /** Which files this build wrote and removed: the build's changes record (scripts/engine/files/changes.ts). */
  readonly changed = { written: new Set<string>(), removed: new Set<string>() }
  /** Directories already created (most pages go into a fresh folder, many share a parent). */
  private readonly directories = new Set<string>()

  /** `existing`: the files already under `root` (hard links to the live build), by relative path; the writer keeps it up to date. */
  constructor(
    readonly root: string,
    existing?: Map<string, FileEntry>,
  ) {
    this.entries = existing ?? new Map()
  }

  private directory(dir: string): void {
    if (this.directories.has(dir)) return
    // A plain mkdir when the parent exists (the usual case) is one call; recursive is several.
    try {
      mkdirSync(dir)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'ENOENT') mkdirSync(dir, { recursive: true })
      else if (code !== 'EEXIST') throw error
    }
    this.directories.add(dir)
  }

  /** The digest of the file at `relativePath`, if the output has one. */
  existing(relativePath: string): string | undefined {
    return this.entries.get(relativePath)?.digest
  }

  /**
   * Writes `relativePath` under the root; `kind` groups bytes in the summary (html, payload, …).
   * `existing` is the digest of the file already there (the writer's own record by default).
   * Returns what it wrote, so that a worker's writes can be counted by the main thread's writer.
   * Synchronous, as writeIfChanged is: a render worker writes two files a page.
   */
  write(relativePath: string, content: string | Buffer, kind: string, existing = this.existing(relativePath)): FileRecord {
    const file = join(this.root, relativePath)
    this.directory(dirname(file))
    const { digest, written, bytes } = writeIfChanged(file, content, existing)
    const record = { path: relativePath, bytes, kind, digest, written }
    this.record(record)
    return record
  }

  /** Counts a file written elsewhere (by a render worker into the same root). */
  record({ path, bytes, kind, digest, written }: FileRecord): void {
    this.entries.set(path, { bytes, kind, digest })
    if (!written) return
    this.written++
    this.changed.written.add(path)
    this.changed.removed.delete(path)
  }

  /** Adds a file copied by other means to the tallies (its name stands for its bytes in the digest). */
  count(relativePath: string, bytes: number, kind: string): void {
    this.record({ path: relativePath, bytes, kind, digest: '', written: true })
  }

  /** Deletes a file of the output (a route that went away). */
  async remove(relativePath: string): Promise<void> {
    if (!this.entries.delete(relativePath)) return
    await rm(join(this.root, relativePath), { force: true })
    removeVariants(join(this.root, relativePath))
    this.written++
    this.changed.written.delete(relativePath)
    this.changed.removed.add(relativePath)
  }

  get files(): number {
    return this.entries.size
  }

  get bytes(): number {
    let total = 0
    for (const { bytes } of this.entries.values()) total += bytes
    return total
  }

  get bytesByKind(): Map<string, number> {
    const byKind = new Map<string, number>()
    for (const { kind, bytes } of this.entries.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + bytes)
    return byKind
  }

  /** Every file and what it holds, for the build cache. */
  contents(): ReadonlyMap<string, FileEntry> {
    return this.entries
  }

  /** A digest of everything written so far: the same content gives the same digest. */
  digest(): string {
    const hash = createHash('sha256')
    for (const path of [...this.entries.keys()].sort()) hash.update(path).update('\0').update(this.entries.get(path)!.digest).update('\0')
    return hash.digest('hex')
  }
}

/**
 * Copies a directory tree into the output (client assets, demo images), skipping dot folders, and
 * counts it; returns the paths. Synchronous: a tree is a few dozen files.
 */
export function copyTree(output: OutputWriter, from: string, to: string, kind: string): string[] {
  const visible = (path: string) => !relative(from, path).split(sep).some((part) => part.startsWith('.'))
  const entries = readdirSync(from, { recursive: true, withFileTypes: true })
  const copied: string[] = []
  for (const entry of entries.sort((a, b) => join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)))) {
    const path = join(entry.parentPath, entry.name)
    if (!entry.isFile() || !visible(path)) continue
    const target = join(to, relative(from, path))
    mkdirSync(dirname(join(output.root, target)), { recursive: true })
    copyFileSync(path, join(output.root, target))
    output.count(target, statSync(path).size, kind)
    copied.push(target)
  }
  return copied
}

/**
 * Hard-links files of the live build into the output when the output has none of that name: the
 * previous build's hashed assets, so that tabs opened on it can still load their chunks.
 * Synchronous, as copyTree is: a few dozen files.
 */
export function carryOver(output: OutputWriter, liveRoot: string, paths: string[], kind: string): number {
  let carried = 0
  for (const path of paths) {
    if (output.existing(path) !== undefined) continue
    try {
      const { size } = statSync(join(liveRoot, path))
      mkdirSync(dirname(join(output.root, path)), { recursive: true })
      linkSync(join(liveRoot, path), join(output.root, path))
      linkVariants(join(liveRoot, path), join(output.root, path), size)
      output.count(path, size, kind)
      carried++
    } catch {
      // Gone from the live build too: nothing to keep.
    }
  }
  return carried
}
