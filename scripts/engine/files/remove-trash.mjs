/**
 * Deletes old builds' trash folders (scripts/engine/files/deploy.ts, removeInBackground), in a
 * detached process at the lowest CPU priority, so that it never slows the next publish. It first
 * claims each folder by renaming it to end in its pid: a build starting meanwhile hands on only
 * folders whose process died, and no folder is deleted by two processes at once.
 */
import { renameSync, rmSync } from 'node:fs'
import { setPriority } from 'node:os'

try {
  setPriority(19)
} catch {
  // Not allowed here: deleting at normal priority is still right.
}
for (const dir of process.argv.slice(2)) {
  const claimed = `${dir.replace(/\.\d+$/, '')}.${process.pid}`
  try {
    renameSync(dir, claimed)
  } catch {
    continue // another process claimed it, or it is gone
  }
  rmSync(claimed, { recursive: true, force: true })
}
