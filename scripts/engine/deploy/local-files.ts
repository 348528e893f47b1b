/**
 * The files of the live build a deploy publishes, each with the SHA-256 of its bytes (what the
 * deploy manifest compares), in the order a deploy uploads them: hashed assets and the demo's images first,
 * then pages, payloads and the other files, then the build's meta, and `builds/latest.json` last,
 * so a browser never learns of a build whose files are not all there.
 */
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { HEADERS_FILE } from '../publish/headers.ts'
import { REDIRECTS_FILE } from '../../../pages/redirects.ts'
import { DEMO_ASSETS_ROUTE } from '../../../cms/demo-space.ts'
import { LATEST_BUILD_PATH } from '../../../pages/build-contract.ts'

export interface LocalFile {
  /** The path in the build, with `/` (`blog/index.html`): the object's key after the target's prefix. */
  path: string
  hash: string
  size: number
}

/** Static hosts' settings files: S3 gets headers and redirects as object metadata instead. */
const HOST_FILES = new Set([HEADERS_FILE, REDIRECTS_FILE])

/** Upload order: 0 assets, 1 pages and the rest, 2 build metas, 3 latest.json. */
export function uploadRank(path: string): number {
  if (path === LATEST_BUILD_PATH) return 3
  if (path.startsWith('builds/meta/')) return 2
  if (path.startsWith('assets/') || path.startsWith(`${DEMO_ASSETS_ROUTE}/`)) return 0
  return 1
}

export function localFiles(root: string): LocalFile[] {
  const files: LocalFile[] = []
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = relative(root, join(entry.parentPath, entry.name)).split(sep).join('/')
    if (HOST_FILES.has(path) || path.split('/').some((part) => part.startsWith('.'))) continue
    const bytes = readFileSync(join(root, path))
    files.push({ path, hash: createHash('sha256').update(bytes).digest('hex'), size: bytes.length })
  }
  return files.sort((a, b) => uploadRank(a.path) - uploadRank(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
