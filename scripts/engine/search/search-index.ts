/**
 * The site's search index: Pagefind run over a build's HTML, written into its `pagefind/` folder.
 * A build goes live with the index of the build before it (carryIndex), and this updates it
 * moments later: files are moved in beside the live ones under new names (Pagefind hashes them),
 * each with one rename, and the entry file that names the current ones last. So
 * a search never reads half an index, and a hard-linked copy in an older build never changes.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { close, createIndex } from 'pagefind'
import { addLate } from '../files/changes.ts'

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
  /** Files moved in (the rest were there already), and the index's bytes in all. */
  written: number
  bytes: number
}

/**
 * Indexes the HTML of the build in `dir` (build `id`) and brings its `pagefind/` up to date.
 * Pagefind writes the index into `scratch`, an empty folder on the same disk (the finished
 * build's staging path), and each file that is new is moved in with one rename.
 */
export async function updateIndex({ dir, id, cache, scratch }: { dir: string; id: string; cache: string; scratch: string }): Promise<IndexUpdate> {
  await rm(scratch, { recursive: true, force: true })
  try {
    await writeIndex(dir, scratch)
    const files = filesUnder(scratch).filter((file) => USED.test(file))
    if (!files.includes(ENTRY)) throw new Error(`Pagefind wrote no ${ENTRY}`)
    const target = join(dir, SEARCH_DIR)
    const entry = readFileSync(join(scratch, ENTRY))
    const moved: string[] = []
    let bytes = 0
    for (const file of [...files.filter((file) => file !== ENTRY), ENTRY]) {
      const from = join(scratch, file)
      const to = join(target, file)
      bytes += statSync(from).size
      if (existsSync(to) && (HASHED.test(file) || readFileSync(to).equals(readFileSync(from)))) continue
      mkdirSync(dirname(to), { recursive: true })
      renameSync(from, to)
      moved.push(`${SEARCH_DIR}/${file}`)
    }
    addLate(dir, moved)
    await writeFileAtomic(recordPath(cache), JSON.stringify({ build: id, files } satisfies IndexRecord))
    const languages = JSON.parse(entry.toString('utf8')).languages as Record<string, { page_count: number }>
    return { languages: Object.fromEntries(Object.entries(languages).map(([language, { page_count }]) => [language, page_count])), written: moved.length, bytes }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** Pagefind's index of the pages in `dir`, written to `to`. */
async function writeIndex(dir: string, to: string): Promise<void> {
  try {
    const { index, errors } = await createIndex({})
    if (!index) throw new Error(errors.join('; ') || 'Pagefind did not start')
    const added = await index.addDirectory({ path: dir })
    if (added.errors.length) throw new Error(added.errors.join('; '))
    const written = await index.writeFiles({ outputPath: to })
    if (written.errors.length) throw new Error(written.errors.join('; '))
  } finally {
    await close()
  }
}
