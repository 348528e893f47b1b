/**
 * Atomic deploys. Every build is a folder of its own under `.<out>.builds/` (beside the output),
 * and the output path (`dist`) is a symbolic link to the live one. A build is written into a
 * staging folder there, renamed to its id when complete, and made live by renaming a new link over
 * the old one: one rename(2), so a visitor's request sees either the old build or the new one.
 *
 * The two builds before the live one are kept: the one just replaced still serves open tabs and is
 * where `npm run rollback` goes. Older ones are deleted once the new build is live, by a process of
 * their own (see clearOld).
 */
import { spawn } from 'node:child_process'
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, renameSync } from 'node:fs'
import { mkdir, rename, rm, symlink } from 'node:fs/promises'
import { basename, dirname, join, relative, resolve } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { LATEST_BUILD_PATH, type BuildMeta } from '../../../pages/build-contract.ts'
import { processAlive } from './process-alive.ts'

/** Builds kept besides the live one. */
const KEPT = 2
const STAGING = /^\.staging-(\d+)$/
/** Old builds on their way out: renamed out of sight at once, deleted by a process of their own. */
const TRASH = '.trash-'
/** A trash folder its deleting process has claimed: `.trash-<id>.<pid>` (see remove-trash.mjs). */
const CLAIMED = /^\.trash-.+\.(\d+)$/

/** Where the builds of an output live: `.<name>.builds` beside it. */
export function buildsDir(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.builds`)
}

function historyFile(outDir: string): string {
  return join(buildsDir(outDir), 'history.json')
}

/** Build ids in the order they went live, oldest first, live last. */
export function history(outDir: string): string[] {
  try {
    const ids = JSON.parse(readFileSync(historyFile(outDir), 'utf8')) as unknown
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string' && existsSync(join(buildsDir(outDir), id))) : []
  } catch {
    return []
  }
}

/**
 * The folder the output serves from now (following the link), or undefined when there is none.
 * Read fresh on every call: the server resolves it once per request.
 */
export function liveDir(outDir: string): string | undefined {
  try {
    const stats = lstatSync(outDir)
    if (stats.isSymbolicLink()) return resolve(dirname(outDir), readlinkSync(outDir))
    return stats.isDirectory() ? outDir : undefined
  } catch {
    return undefined
  }
}

/** The id of the live build (the name of its folder), when the output is a link to one. */
export function liveBuildId(outDir: string): string | undefined {
  const dir = liveDir(outDir)
  return dir && dir !== outDir ? basename(dir) : undefined
}

/**
 * A fresh staging folder for this process; staging folders of builds that died are removed, and
 * old builds whose deleting process did not finish are handed to a new one.
 */
export async function createStage(outDir: string): Promise<string> {
  const dir = buildsDir(outDir)
  await mkdir(dir, { recursive: true }).catch((error: Error) => {
    throw new Error(`Cannot make the folder ${dir}, where builds of ${outDir} are staged (${error.message}). Give --out a folder whose parent you can write to.`)
  })
  const trash: string[] = []
  for (const name of readdirSync(dir)) {
    const pid = STAGING.exec(name)?.[1]
    if (pid && (Number(pid) === process.pid || !processAlive(Number(pid)))) await rm(join(dir, name), { recursive: true, force: true })
    const remover = CLAIMED.exec(name)?.[1]
    if (name.startsWith(TRASH) && !(remover && processAlive(Number(remover)))) trash.push(join(dir, name))
  }
  removeInBackground(trash)
  const stage = stagePath(outDir)
  await mkdir(stage)
  return stage
}

/** Where this process stages its build (createStage makes it): known before it exists, for an abandoned build to remove. */
export function stagePath(outDir: string): string {
  return join(buildsDir(outDir), `.staging-${process.pid}`)
}

/**
 * Drops a stage: out of sight at once (renamed to trash), deleted by a detached process like old
 * builds (clearOld). A filled stage is 10,000s of links and folders, whose deletion took 2.4-2.9 s
 * of a no-change build at 10,000 stories (measured 2026-11-28).
 */
export async function discardStage(stage: string): Promise<void> {
  const trash = join(dirname(stage), `${TRASH}${basename(stage)}-${Date.now()}`)
  try {
    renameSync(stage, trash)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  removeInBackground([trash])
}

/** Leaves the stage empty, as createStage made it. */
export async function emptyStage(stage: string): Promise<void> {
  await discardStage(stage)
  await mkdir(stage)
}

/**
 * Deletes the builds that are not kept: all but the live build and the `KEPT` before it. Called
 * once the new build is live. Each goes out of sight at once (renamed to `.trash-<id>`, which
 * history and rollback never see) and is deleted by a detached process: deleting 10,000 files
 * takes seconds of disk time, which the build neither waits for nor shares with its own writes.
 * A build is thus briefly on disk beside the others; createStage finishes any deletion that died.
 */
export function clearOld(outDir: string): void {
  const dir = buildsDir(outDir)
  if (!existsSync(dir)) return
  const keep = new Set(history(outDir).slice(-(KEPT + 1)))
  const live = liveBuildId(outDir)
  if (live) keep.add(live)
  const trash: string[] = []
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || name === 'history.json' || keep.has(name)) continue
    const moved = join(dir, `${TRASH}${name}`)
    renameSync(join(dir, name), moved)
    trash.push(moved)
  }
  removeInBackground(trash)
}

/** Deletes trash folders from a detached process that outlives this one (remove-trash.mjs says how). */
function removeInBackground(folders: string[]): void {
  if (folders.length === 0) return
  spawn(process.execPath, [join(import.meta.dirname, 'remove-trash.mjs'), ...folders], { detached: true, stdio: 'ignore' }).unref()
}

/** Points the output link at `target` (a folder in the builds folder) with one rename. */
async function pointAt(outDir: string, target: string): Promise<void> {
  const temporary = join(dirname(outDir), `.${basename(outDir)}.link-${process.pid}`)
  await rm(temporary, { force: true })
  await symlink(relative(dirname(outDir), target), temporary)
  await rename(temporary, outDir)
}

/**
 * An output that is still a plain folder (made by an older version, or copied there) becomes a
 * build of its own first; for that one move the path is briefly missing.
 */
async function adoptPlainOutput(outDir: string): Promise<string | undefined> {
  const stats = existsSync(outDir) ? lstatSync(outDir) : undefined
  if (!stats || stats.isSymbolicLink()) return undefined
  const id = `adopted-${Date.now()}`
  await rename(outDir, join(buildsDir(outDir), id))
  await pointAt(outDir, join(buildsDir(outDir), id))
  return id
}

async function writeHistory(outDir: string, ids: string[]): Promise<void> {
  const file = historyFile(outDir)
  await writeFileAtomic(file, JSON.stringify(ids.slice(-(KEPT + 2))))
}

/** Makes the staged build live under its id. */
export async function publishStage(stage: string, outDir: string, id: string): Promise<void> {
  const target = join(buildsDir(outDir), id)
  await rename(stage, target)
  const adopted = await adoptPlainOutput(outDir)
  const before = history(outDir)
  if (adopted) before.push(adopted)
  await pointAt(outDir, target)
  await writeHistory(outDir, [...before.filter((other) => other !== id), id])
}

/** Switches the output back to the build that was live before this one; returns its id. */
export async function rollback(outDir: string): Promise<{ from: string; to: string }> {
  const live = liveBuildId(outDir)
  const ids = history(outDir)
  const at = live ? ids.lastIndexOf(live) : -1
  const to = at > 0 ? ids[at - 1] : undefined
  if (!live || !to) {
    throw new Error(`Nothing to roll back to: ${outDir} ${live ? `has no build before ${live}` : 'is not a deployed build'} (the last ${KEPT + 1} builds are kept).`)
  }
  await pointAt(outDir, join(buildsDir(outDir), to))
  // The rolled-back build leaves the history, so a second rollback goes one further back.
  await writeHistory(outDir, ids.filter((id) => id !== live))
  return { from: live, to }
}

/** The manifest of the build in `root` (the live one), if it has readable manifests. */
export function readMeta(root: string): BuildMeta | undefined {
  try {
    const { id } = JSON.parse(readFileSync(join(root, LATEST_BUILD_PATH), 'utf8')) as { id: string }
    return JSON.parse(readFileSync(join(root, 'builds', 'meta', `${id}.json`), 'utf8')) as BuildMeta
  } catch {
    return undefined
  }
}
