/**
 * The build cache (`<work dir>/cache/`, `.build/cache/` by default): what an incremental build
 * needs of the previous one. CI can persist it together with `.build/vike/` (the bundles) and the
 * output's builds folder.
 *
 * - `state.json`: the live build's id, the space and cv it was crawled at, the index of the story
 *   file, every route with the stories it depends on, every output file with its digest, and the
 *   fingerprint of the code and configuration that produced it. Written last, by rename, after the
 *   build went live: a build that dies leaves the previous state, which still describes the live
 *   build.
 * - `stories-*.jsonl`: the crawled stories (see scripts/engine/content/story-store.ts), appended to by incremental builds;
 *   one file for the default language and one for each other language (`stories-<code>-*.jsonl`).
 * - `build.lock`: the pid of the build writing to the cache.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import writeFileAtomic from 'write-file-atomic'
import { basename, join, relative } from 'node:path'
import type { SpaceInfo } from '../../../cms/client.ts'
import type { RouteDependencies } from '../../../pages/affected.ts'
import type { Redirect } from '../../../pages/redirects.ts'
import type { SpilledIndex } from '../content/story-store.ts'
import type { StorySummary } from '../../../pages/stories.ts'
import type { BuildConfig } from '../config.ts'
import type { FileEntry } from '../files/output.ts'
import { BUNDLE_INPUTS_FILE } from '../bundles/layout.ts'
import { processAlive } from '../files/process-alive.ts'
import { PROJECT_ROOT } from '../../../cms/project-root.ts'

export const STATE_VERSION = 4


export interface CacheState {
  version: typeof STATE_VERSION
  fingerprint: string
  buildId: string
  space: SpaceInfo
  stories: SpilledIndex
  /** The story files of the space's other languages (field-level translation), by language code. */
  languages?: Record<string, SpilledIndex>
  /** A space translated by folders: each language's stories as the split made them, and each story's group of versions. */
  folders?: FolderState
  routes: Record<string, RouteDependencies>
  files: Record<string, FileEntry>
  /** Redirects the builds made for stories that moved (pages/redirects.ts), carried to the next build. */
  redirects?: Redirect[]
}

/** What an incremental build of a space translated by folders needs of the previous split (scripts/engine/content/folder-languages.ts). */
export interface FolderState {
  default: StorySummary[]
  languages: Record<string, StorySummary[]>
  /** Story uuid → its group of versions. */
  groups: Record<string, string>
}

export function cacheDir(config: Pick<BuildConfig, 'workDir'>): string {
  return join(config.workDir, 'cache')
}

/**
 * What the bundles and pages are made of: a change to any of these means new bundles and a full
 * build. `public/` is copied into the client bundle; package.json and the lockfile pin every
 * library; the folders hold the code the render workers run besides the bundles.
 */
const CODE = ['pages', 'renderer', 'blocks', 'cms', 'scripts', 'public', 'vike.config.ts', 'package.json', 'package-lock.json', 'tsconfig.json']
/** Content and tools that do not shape pages (the demo space's stories and datasources arrive through the crawl). */
const NOT_CODE = /^(cms\/demo-space\/(stories\/|datasources\/|space\.json)|scripts\/(bench|server)\/|scripts\/(start|rollback|preview|dev|cms|icons|ensure-chromium|page-weight)\.ts$)/

export function codeFiles(root = PROJECT_ROOT): string[] {
  return CODE.flatMap((entry) => {
    const path = join(root, entry)
    if (!existsSync(path)) return []
    if (!statSync(path).isDirectory()) return [entry]
    return readdirSync(path, { recursive: true, encoding: 'utf8' })
      .map((name) => relative(root, join(path, name)))
      .filter((name) => !NOT_CODE.test(name) && statSync(join(root, name)).isFile())
  }).sort()
}

/** The files the last bundle build read, as it recorded them (none before the first). */
export function bundleInputs(bundleDir: string): string[] {
  try {
    const listed = JSON.parse(readFileSync(join(bundleDir, BUNDLE_INPUTS_FILE), 'utf8')) as unknown
    return Array.isArray(listed) ? listed.filter((file): file is string => typeof file === 'string') : []
  } catch {
    return []
  }
}

export interface FingerprintOptions {
  /** Settings baked into the bundles (the preview config). */
  extra?: string
  /** Files the bundler read last time (bundleInputs): any of them outside the code folders counts too. */
  inputs?: string[]
  root?: string
}

/** A digest of everything that builds bundles and pages: the code folders, the bundler's recorded inputs and `extra`. */
export function codeFingerprint({ extra = '', inputs = [], root = PROJECT_ROOT }: FingerprintOptions = {}): string {
  const hash = createHash('sha256').update(extra).update('\0')
  for (const file of [...new Set([...codeFiles(root), ...inputs])].sort()) {
    const path = join(root, file)
    hash.update(file).update('\0')
    // A recorded input that is gone changes the digest too.
    hash.update(existsSync(path) && statSync(path).isFile() ? readFileSync(path) : '(missing)').update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

/** Code plus every setting that reaches a page: a change to either makes the next build full. */
export function buildFingerprint(code: string, config: BuildConfig): string {
  const { cms, siteUrl, language, contact, preview, embedded, analytics, search } = config
  const tokenDigest = createHash('sha256').update(`${cms.token ?? ''}:${cms.previewToken ?? ''}`).digest('hex')
  // Not the API URL: a local mirror's port may change between builds. The space itself is compared
  // by id once the CMS answered (scripts/engine/content/content.ts).
  const settings = { siteUrl, language, contact, preview, embedded, analytics, search, cms: { ...cms, token: tokenDigest, apiUrl: undefined, previewToken: undefined, oauthToken: undefined } }
  return createHash('sha256').update(code).update(JSON.stringify(settings)).digest('hex').slice(0, 16)
}

/**
 * The state's largest members, each saved as a file of its own that state.json names: a build
 * holds one of them as JSON text at a time, not the whole state (13.6 MB of JSON at 10,000
 * stories, which at the build's end added about 70 MB to its peak memory, measured 2026-11-27).
 */
const PARTS = ['stories', 'languages', 'folders', 'routes', 'files'] as const
type PartName = (typeof PARTS)[number]
const PART_FILE = /^part-[a-z]+-[\w-]+\.json$/

/** The saved state with its parts, as it was saved; undefined if it is of another version. */
export function readState(dir: string): CacheState | undefined {
  const { parts, ...small } = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as Omit<CacheState, PartName> & { parts?: Partial<Record<PartName, string>> }
  if (small?.version !== STATE_VERSION || !parts) return undefined
  const members = Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, JSON.parse(readFileSync(join(dir, basename(part)), 'utf8'))]))
  return { ...small, ...members } as CacheState
}

/** The saved state as read ahead of a build (scripts/engine/standby.ts), with the stamp of its file then. */
export interface StateAhead {
  state: CacheState | undefined
  stamp: string
}

function stampOf(dir: string): string {
  const { mtimeMs, size } = statSync(join(dir, 'state.json'))
  return `${mtimeMs} ${size}`
}

/** The state read now, for a build that starts later; undefined when there is none to read. */
export function readStateAhead(dir: string): StateAhead | undefined {
  try {
    const stamp = stampOf(dir)
    return { state: readState(dir), stamp }
  } catch {
    return undefined
  }
}

/** The saved state, or why there is none to use. `ahead`: the state read before, used if its file has not changed since. */
export function loadState(dir: string, fingerprint: string, liveId: string | undefined, ahead?: StateAhead): { state?: CacheState; reason?: string } {
  if (!existsSync(join(dir, 'state.json'))) return { reason: 'no build cache yet' }
  let state: CacheState | undefined
  try {
    state = ahead && ahead.stamp === stampOf(dir) ? ahead.state : readState(dir)
  } catch (error) {
    return { reason: `the build cache is unreadable (${(error as Error).message})` }
  }
  if (!state?.stories || !state.routes || !state.files) return { reason: 'the build cache is from another version' }
  if (state.fingerprint !== fingerprint) return { reason: 'the code or configuration changed' }
  if (!liveId || state.buildId !== liveId) return { reason: `the live build (${liveId ?? 'none'}) is not the cached one (${state.buildId})` }
  // Saved relative to the cache, so that a cache restored at another path still opens.
  for (const index of storyIndexes(state)) {
    index.file = join(dir, basename(index.file))
    if (!existsSync(index.file) || statSync(index.file).size < index.end) return { reason: `the cached story file ${basename(index.file)} is missing or truncated` }
  }
  return { state }
}

/** The state's story files: the default language's, then the other languages'. */
function storyIndexes(state: Pick<CacheState, 'stories' | 'languages'>): SpilledIndex[] {
  return [state.stories, ...Object.values(state.languages ?? {})]
}

/** The state as a build hands it over: its two largest members still the build's maps (see saveState). */
export type StateToSave = Omit<CacheState, 'routes' | 'files'> & {
  routes: ReadonlyMap<string, RouteDependencies>
  files: ReadonlyMap<string, FileEntry>
}

/** A story index as the state holds it: its file named relative to the cache, so that a cache restored at another path still opens. */
const savedIndex = (index: SpilledIndex): SpilledIndex => ({ ...index, file: basename(index.file) })

/**
 * Saves the state: each part first, then state.json naming them (write-file-atomic, so a crash
 * leaves the previous state whole), then deletes the parts and story files it no longer names.
 */
export function saveState(dir: string, { routes, files, ...state }: StateToSave): void {
  mkdirSync(dir, { recursive: true })
  const languages = state.languages && Object.fromEntries(Object.entries(state.languages).map(([code, index]) => [code, savedIndex(index)]))
  const members: Record<PartName, unknown> = { stories: savedIndex(state.stories), languages, folders: state.folders, routes, files }
  const tag = `${Date.now()}-${process.pid}`
  const parts: Partial<Record<PartName, string>> = {}
  for (const name of PARTS) {
    const value = members[name]
    if (value === undefined) continue
    parts[name] = `part-${name}-${tag}.json`
    // The build's maps as objects (Object.fromEntries defines each key as an own property, whatever its name).
    writeFileAtomic.sync(join(dir, parts[name]), JSON.stringify(value instanceof Map ? Object.fromEntries(value) : value))
  }
  const { stories: _stories, languages: _languages, folders: _folders, ...small } = state
  writeFileAtomic.sync(join(dir, 'state.json'), JSON.stringify({ ...small, parts }))
  const named = new Set([...Object.values(parts), ...storyIndexes(state).map((index) => basename(index.file))])
  for (const name of readdirSync(dir)) {
    if ((name.startsWith('stories-') || PART_FILE.test(name)) && !named.has(name)) rmSync(join(dir, name), { force: true })
  }
}

/** Takes the cache for this process; a lock left by a build that died is taken over. Returns the release. */
export function lockCache(dir: string): () => void {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'build.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(readFileSync(file, 'utf8'))
      if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
        throw new Error(`Another build (pid ${holder}) is using ${dir}. Wait for it to finish, or give this build its own --work-dir.`)
      }
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Cannot lock ${dir}: remove ${file} if no build is running.`)
}
