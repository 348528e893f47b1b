/**
 * An incremental build's stage starts as the live build: its folders made on a thread while the
 * crawl runs, then a hard link to each of its files. Writers unlink before they write
 * (scripts/engine/files/output.ts), so the live build's files are never changed.
 */
import { linkSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { linkVariants } from './variants.ts'

/** The folder thread's work: awaited before the stage is touched, stopped when the build is abandoned. */
export interface FolderThread extends Promise<void> {
  /** Makes the thread stop before its next folder (it may finish the one it is making). */
  stop(): void
}

/**
 * Makes the folders of `paths` in `stage` on a thread of its own, so that they are there when the
 * stage is filled from the live build (linkTree). A new folder is the dearest part of that on
 * this machine's disk (25-140 µs of kernel time each, 11,000 of them for a 10,000-story site,
 * against 10 µs a link), and this way they are made while the crawl runs. Best effort: linkTree
 * makes any folder still missing, and reports what fails.
 */
export function prepareFolders(stage: string, paths: Iterable<string>): FolderThread {
  // Every folder with its ancestors, parents first: the thread makes them one level at a time.
  const folders = new Set<string>()
  for (const path of paths) for (let dir = dirname(path); dir !== '.' && !folders.has(dir); dir = dirname(dir)) folders.add(dir)
  const dirs = [...folders].sort((a, b) => a.split('/').length - b.split('/').length)
  const stopped = new Int32Array(new SharedArrayBuffer(4))
  const worker = new Worker(join(import.meta.dirname, 'make-folders.mjs'), { workerData: { stage, dirs, stopped }, execArgv: [] })
  const done = new Promise<void>((resolve) => {
    worker.once('exit', () => resolve())
    worker.once('error', () => resolve())
  })
  return Object.assign(done, { stop: () => Atomics.store(stopped, 0, 1) })
}


/**
 * Fills `stage` with hard links to the files `paths` of `from` (the live build, whose files the
 * build cache lists): an incremental build then only replaces what changed, and the live build's
 * files are never modified (writers unlink before writing, see output.ts). Synchronous on purpose:
 * nothing else runs at this point, and 20,000 links take a fifth of a second this way against
 * seconds through the thread pool. The folders are usually there already (prepareFolders above).
 */
export function linkTree(from: string, stage: string, files: Iterable<[path: string, entry: { bytes: number }]>): void {
  const made = new Set<string>()
  for (const [path, { bytes }] of files) {
    const dir = dirname(join(stage, path))
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true })
      made.add(dir)
    }
    try {
      linkSync(join(from, path), join(stage, path))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      throw new Error(`The live build has no ${path}, which the build cache lists: it was changed by hand. Run \`npm run build -- --full\`.`)
    }
    linkVariants(join(from, path), join(stage, path), bytes)
  }
}
