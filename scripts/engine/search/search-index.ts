/**
 * The site's search index: Pagefind run over a build's HTML, written into its `pagefind/` folder.
 * A build goes live with the index of the build before it (carryIndex), and this updates it
 * moments later: files are written beside the live ones under new names (Pagefind hashes them),
 * each through a temporary file, and the entry file that names the current ones last. So
 * a search never reads half an index, and a hard-linked copy in an older build never changes.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { close, createIndex } from 'pagefind'

/** The folder of the built site that holds the index; pages load `/pagefind/pagefind.js`. */
export const SEARCH_DIR = 'pagefind'
/** The file that names the index's current files: written, and uploaded, after them. */
export const SEARCH_ENTRY = `${SEARCH_DIR}/pagefind-entry.json`
const ENTRY = SEARCH_ENTRY.slice(SEARCH_DIR.length + 1)
/** Pagefind's files the site uses: its script and worker, the WebAssembly per language and the index, not its ready-made UIs. */
const USED = /^(pagefind\.js|pagefind-worker\.js|pagefind-entry\.json|wasm\.[\w-]+\.pagefind|pagefind\.[\w-]+\.pf_meta|(index|fragment|filter)\/[\w.-]+)$/
/** Named by their content: present means the same bytes. */
const HASHED = /\.pf_(meta|index|fragment|filter)$/

/** What the last update wrote, kept in the build cache: the next build carries only these. */
interface IndexRecord {
  build: string
  files: string[]
}

const recordPath = (cache: string) => join(cache, 'search-index.json')

function readRecord(cache: string): IndexRecord | undefined {
  try {
    return JSON.parse(readFileSync(recordPath(cache), 'utf8')) as IndexRecord
  } catch {
    return undefined
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
}

/**
 * Links the live build's index into `stage`, so the new build goes live searchable. Only the files
 * of its latest update, when the cache knows them for that build: older ones are left behind.
 */
export function carryIndex(live: { dir: string; id?: string } | undefined, stage: string, cache: string): void {
  const from = live && join(live.dir, SEARCH_DIR)
  if (!from || !existsSync(from)) return
  const record = readRecord(cache)
  const files = record && record.build === live.id ? record.files : filesUnder(from)
  for (const file of files) {
    const to = join(stage, SEARCH_DIR, file)
    mkdirSync(dirname(to), { recursive: true })
    try {
      linkSync(join(from, file), to)
    } catch (error) {
      // A file gone by hand only makes the carried index older; the update follows anyway.
      if (!['ENOENT', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error
    }
  }
}

export interface IndexUpdate {
  /** Pages indexed per language, as Pagefind found them by `<html lang>`. */
  languages: Record<string, number>
  /** Files written (the rest were there already), and the index's bytes in all. */
  written: number
  bytes: number
}

/** Indexes the HTML of the build in `dir` (build `id`) and brings its `pagefind/` up to date. */
export async function updateIndex(dir: string, id: string, cache: string): Promise<IndexUpdate> {
  const files = await indexFiles(dir)
  const target = join(dir, SEARCH_DIR)
  let written = 0
  const entry = files.find((file) => file.path === ENTRY)
  if (!entry) throw new Error(`Pagefind wrote no ${ENTRY}`)
  for (const file of [...files.filter((file) => file !== entry), entry]) {
    const path = join(target, file.path)
    if (existsSync(path) && (HASHED.test(file.path) || readFileSync(path).equals(file.content))) continue
    mkdirSync(dirname(path), { recursive: true })
    await writeFileAtomic(path, file.content)
    written++
  }
  await writeFileAtomic(recordPath(cache), JSON.stringify({ build: id, files: files.map((file) => file.path) } satisfies IndexRecord))
  const languages = JSON.parse(Buffer.from(entry.content).toString('utf8')).languages as Record<string, { page_count: number }>
  return {
    languages: Object.fromEntries(Object.entries(languages).map(([language, { page_count }]) => [language, page_count])),
    written,
    bytes: files.reduce((sum, file) => sum + file.content.byteLength, 0),
  }
}

/** Pagefind's index of the pages in `dir`, in memory: the files the site uses. */
async function indexFiles(dir: string): Promise<{ path: string; content: Buffer }[]> {
  try {
    const { index, errors } = await createIndex({})
    if (!index) throw new Error(errors.join('; ') || 'Pagefind did not start')
    const added = await index.addDirectory({ path: dir })
    if (added.errors.length) throw new Error(added.errors.join('; '))
    const { files, errors: failed } = await index.getFiles()
    if (failed.length) throw new Error(failed.join('; '))
    return files.filter((file) => USED.test(file.path)).map((file) => ({ path: file.path, content: Buffer.from(file.content) }))
  } finally {
    await close()
  }
}
