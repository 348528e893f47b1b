/**
 * Builds are written into a staging directory beside the output and swapped in only when complete,
 * so a failed build leaves the previous site exactly as it was.
 */
import { existsSync } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

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
 * Replaces `outDir` with `stage`: two renames on one filesystem, so the live directory is either
 * the old or the new build, never a mix; if the second rename fails the old one is put back.
 */
export async function publishStage(stage: string, outDir: string): Promise<void> {
  const previous = join(dirname(outDir), `.${basename(outDir)}.previous-${process.pid}`)
  const hadPrevious = existsSync(outDir)
  if (hadPrevious) await rename(outDir, previous)
  try {
    await rename(stage, outDir)
  } catch (error) {
    if (hadPrevious) await rename(previous, outDir)
    throw error
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true })
}
