/** Writes files into the staging directory and keeps the tallies the summary and the build id need. */
import { createHash } from 'node:crypto'
import { cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'

export interface FileRecord {
  path: string
  bytes: number
  kind: string
  digest: string
}

export class OutputWriter {
  files = 0
  bytes = 0
  readonly bytesByKind = new Map<string, number>()
  /** Digest of each file, for a build digest that does not depend on the order pages finish in. */
  private readonly digests = new Map<string, string>()
  /** Directories already created (pages are written concurrently, many into fresh folders). */
  private readonly directories = new Map<string, Promise<unknown>>()

  constructor(readonly root: string) {}

  private directory(dir: string): Promise<unknown> {
    let made = this.directories.get(dir)
    if (!made) this.directories.set(dir, (made = mkdir(dir, { recursive: true })))
    return made
  }

  /**
   * Writes `relativePath` under the root; `kind` groups bytes in the summary (html, payload, …).
   * Returns what it wrote, so that a worker's writes can be counted by the main thread's writer.
   */
  async write(relativePath: string, content: string | Buffer, kind: string): Promise<FileRecord> {
    const file = join(this.root, relativePath)
    await this.directory(dirname(file))
    await writeFile(file, content)
    const size = typeof content === 'string' ? Buffer.byteLength(content) : content.length
    const record = { path: relativePath, bytes: size, kind, digest: createHash('sha1').update(content).digest('hex') }
    this.record(record)
    return record
  }

  /** Counts a file written elsewhere (by a render worker into the same root). */
  record({ path, bytes, kind, digest }: FileRecord): void {
    this.tally(path, bytes, kind, digest)
  }

  /** Adds a file copied by other means to the tallies (its name stands for its bytes in the digest). */
  count(relativePath: string, bytes: number, kind: string): void {
    this.tally(relativePath, bytes, kind, '')
  }

  private tally(relativePath: string, bytes: number, kind: string, digest: string): void {
    this.files++
    this.bytes += bytes
    this.bytesByKind.set(kind, (this.bytesByKind.get(kind) ?? 0) + bytes)
    this.digests.set(relativePath, digest)
  }

  /** A digest of everything written so far: the same content gives the same digest. */
  digest(): string {
    const hash = createHash('sha256')
    for (const path of [...this.digests.keys()].sort()) hash.update(path).update('\0').update(this.digests.get(path)!).update('\0')
    return hash.digest('hex')
  }
}

/** Copies a directory tree into the output (client assets, demo images), skipping dot folders, and counts it. */
export async function copyTree(output: OutputWriter, from: string, to: string, kind: string): Promise<void> {
  const visible = (path: string) => !relative(from, path).split(sep).some((part) => part.startsWith('.'))
  await cp(from, join(output.root, to), { recursive: true, filter: visible })
  const entries = await readdir(from, { recursive: true, withFileTypes: true })
  for (const entry of entries.sort((a, b) => join(a.parentPath, a.name).localeCompare(join(b.parentPath, b.name)))) {
    const path = join(entry.parentPath, entry.name)
    if (entry.isFile() && visible(path)) output.count(join(to, relative(from, path)), (await stat(path)).size, kind)
  }
}
