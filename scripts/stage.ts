/**
 * Builds are written into a staging directory beside the output and swapped in only when complete,
 * so a failed build leaves the previous site exactly as it was. The build it replaces is kept
 * beside it (`.<out>.previous`): open tabs can still load its hashed assets, and a rollback has
 * somewhere to go. The one before that is deleted while the next build renders.
 */
import { existsSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export function previousDir(outDir: string): string {
  return join(dirname(outDir), `.${basename(outDir)}.previous`)
}

export async function createStage(outDir: string): Promise<string> {
  const stage = join(dirname(outDir), `.${basename(outDir)}.staging-${process.pid}`)
  await rm(stage, { recursive: true, force: true })
  await mkdir(stage, { recursive: true })
  return stage
}

export async function discardStage(stage: string): Promise<void> {
  await rm(stage, { recursive: true, force: true })
}

/**
 * Deletes the build before the live one, to make room for the next swap. Started once the crawl
 * succeeded, so that deleting thousands of files overlaps the render instead of delaying the swap.
 */
export function clearPrevious(outDir: string): Promise<void> {
  return rm(previousDir(outDir), { recursive: true, force: true })
}

/**
 * Replaces `outDir` with `stage`: two renames on one filesystem, so the live directory is either
 * the old or the new build, never a mix; if the second rename fails the old one is put back.
 * Call after `clearPrevious` has finished.
 */
export async function publishStage(stage: string, outDir: string): Promise<void> {
  const previous = previousDir(outDir)
  const hadPrevious = existsSync(outDir)
  if (hadPrevious) await rename(outDir, previous)
  try {
    await rename(stage, outDir)
  } catch (error) {
    if (hadPrevious) await rename(previous, outDir)
    throw error
  }
}
