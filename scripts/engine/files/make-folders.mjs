/**
 * The folder thread of scripts/engine/files/fill-stage.ts (prepareFolders): makes a stage's folders, parents first.
 * Plain JavaScript: worker threads run without the TypeScript loader.
 *
 * Not recursive: a stage removed meanwhile (a failed or abandoned build) must never be made again,
 * so the thread stops at the first folder it cannot make, or when told to stop.
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { workerData } from 'node:worker_threads'

/** @type {{ stage: string, dirs: string[], stopped: Int32Array }} */
const { stage, dirs, stopped } = workerData
for (const dir of dirs) {
  if (Atomics.load(stopped, 0)) break
  try {
    mkdirSync(join(stage, dir))
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') break
  }
}
