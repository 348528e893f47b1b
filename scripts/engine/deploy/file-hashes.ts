/**
 * The SHA-256 of each file a deploy publishes, remembered between deploys by device, inode, size
 * and modification time in a dot file beside the builds, as git's index remembers files.
 * A build links its unchanged files from the build before and writes every other file anew under
 * a new inode, so a one-story publish hashes only the files it wrote, not every file of the site.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { buildsDir } from '../files/deploy.ts'

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export class FileHashes {
  private readonly known = new Map<string, string>()
  private readonly used = new Map<string, string>()

  /** `file`: where the hashes are remembered (none: hash every file); an unreadable record is only hashed again. */
  constructor(private readonly file?: string) {
    if (!file || !existsSync(file)) return
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as unknown
      if (stored && typeof stored === 'object') for (const [key, hash] of Object.entries(stored)) if (typeof hash === 'string') this.known.set(key, hash)
    } catch {
      // A record cut short (a full disk) costs one deploy the hashing, nothing else.
    }
  }

  static beside(outDir: string): FileHashes {
    return new FileHashes(join(buildsDir(outDir), '.deploy-hashes.json'))
  }

  /** The hash and size of the file at `path`, read only when this file was not hashed before. */
  of(path: string): { hash: string; size: number } {
    const stats = statSync(path, { bigint: true })
    const key = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}`
    const hash = this.known.get(key) ?? sha256(readFileSync(path))
    this.used.set(key, hash)
    return { hash, size: Number(stats.size) }
  }

  /** Remembers the files asked for since it was read, and only those, so the record never grows past one build. */
  save(): void {
    if (this.file) writeFileAtomic.sync(this.file, JSON.stringify(Object.fromEntries(this.used)))
  }
}
