/** Writes files into the staging directory and keeps the tallies the summary and the build id need. */
import { createHash } from 'node:crypto'
import { cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'

export class OutputWriter {
  files = 0
  bytes = 0
  readonly bytesByKind = new Map<string, number>()
  private readonly hash = createHash('sha256')

  constructor(readonly root: string) {}

  /** Writes `relativePath` under the root; `kind` groups bytes in the summary (html, payload, …). */
  async write(relativePath: string, content: string | Buffer, kind: string): Promise<void> {
    const file = join(this.root, relativePath)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, content)
    const size = typeof content === 'string' ? Buffer.byteLength(content) : content.length
    this.files++
    this.bytes += size
    this.bytesByKind.set(kind, (this.bytesByKind.get(kind) ?? 0) + size)
    this.hash.update(relativePath).update('\0').update(content).update('\0')
  }

  /** Adds a file copied by other means to the tallies (its name, not its bytes, goes into the digest). */
  count(relativePath: string, bytes: number, kind: string): void {
    this.files++
    this.bytes += bytes
    this.bytesByKind.set(kind, (this.bytesByKind.get(kind) ?? 0) + bytes)
    this.hash.update(relativePath).update('\0')
  }

  /** A digest of everything written so far: the same content gives the same digest. */
  digest(): string {
    return this.hash.copy().digest('hex')
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
