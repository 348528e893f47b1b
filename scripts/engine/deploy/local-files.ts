/**
 * The files of the live build a deploy publishes, each with the SHA-256 of its bytes (what the
 * deploy manifest compares), in the order a deploy uploads them: hashed assets, the demo's images and
 * the search index first, then pages, payloads and the other files, then the build's meta and the
 * index's entry, and `builds/latest.json` last,
 * so a browser never learns of a build whose files are not all there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { isVariantOf } from '../files/variants.ts'
import { FileHashes, sha256 } from './file-hashes.ts'
import { HOST_FILES } from '../publish/host-files.ts'
import { parseRedirectsFile, redirectForms, REDIRECTS_FILE } from '../../../pages/redirects.ts'
import { DEMO_ASSETS_ROUTE } from '../../../cms/demo-space.ts'
import { LATEST_BUILD_PATH } from '../../../pages/build-contract.ts'
import { SEARCH_DIR, SEARCH_ENTRY } from '../search/index.ts'

export interface LocalFile {
  /** The path in the build, with `/` (`blog/index.html`): the object's key after the target's prefix. */
  path: string
  hash: string
  size: number
  /** An empty object standing for an editor's redirect (S3 website redirects): where it leads. */
  redirect?: string
}


/** Upload order: 0 assets and the search index's files, 1 pages and the rest, 2 build metas and the index's entry, 3 latest.json. */
export function uploadRank(path: string): number {
  if (path === LATEST_BUILD_PATH) return 3
  if (path.startsWith('builds/meta/') || path === SEARCH_ENTRY) return 2
  if (path.startsWith('assets/') || path.startsWith(`${DEMO_ASSETS_ROUTE}/`) || path.startsWith(`${SEARCH_DIR}/`)) return 0
  return 1
}

/** Whether `path` is a file a deploy may publish: not a host's settings file (S3 gets headers and redirects as object metadata instead), nor a dot file. */
export function isPublished(path: string): boolean {
  return !HOST_FILES.includes(path) && !path.split('/').some((part) => part.startsWith('.'))
}

/**
 * The build's files, without the compressed variants beside them (objects stay uncompressed, CDNs
 * compress on the fly), and with `websiteRedirects` the redirects as objects (redirectObjects).
 * `hashes` remembers the hashes of files it has seen (file-hashes.ts).
 */
export function localFiles(root: string, { websiteRedirects = false, hashes = new FileHashes() }: { websiteRedirects?: boolean; hashes?: FileHashes } = {}): LocalFile[] {
  const files: LocalFile[] = []
  const paths = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
  const all = new Set(paths)
  for (const path of paths) {
    if (!isPublished(path) || isVariantOf(path, (file) => all.has(file))) continue
    files.push({ path, ...hashes.of(join(root, path)) })
  }
  if (websiteRedirects) files.push(...redirectObjects(root, all))
  return files.sort(byUploadOrder)
}

/** Rank by rank (uploadRank), by path within a rank. */
export function byUploadOrder(a: LocalFile, b: LocalFile): number {
  return uploadRank(a.path) - uploadRank(b.path) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
}

/**
 * The build's redirects (`_redirects`) as S3 website redirects: an empty object at each spelling of
 * the path (`jobs` for /jobs, `jobs/index.html` for /jobs/, which the website endpoint's index
 * document serves) whose metadata names the target. S3 answers them with 301 whatever the status.
 */
function redirectObjects(root: string, files: Set<string>): LocalFile[] {
  const file = join(root, REDIRECTS_FILE)
  if (!existsSync(file)) return []
  const objects: LocalFile[] = []
  for (const [key, { to }] of parseRedirectsFile(readFileSync(file, 'utf8'))) {
    if (key === '/') continue
    const keys = redirectForms(key).map((form) => (form.endsWith('/') ? `${form.slice(1)}index.html` : form.slice(1)))
    // A page wins over a redirect, under either spelling of its path.
    if (keys.some((path) => files.has(path))) continue
    for (const path of keys) objects.push({ path, hash: sha256(`redirect ${to}`), size: 0, redirect: to })
  }
  return objects
}
