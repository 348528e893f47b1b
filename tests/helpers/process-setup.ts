/**
 * Global set-up of the process tests (vitest.config.ts): the shared bundle build
 * (tests/helpers/shared-bundles.ts) and the compiled scripts (tests/helpers/compiled-code.ts),
 * made side by side, and removed after the run.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { compileCode } from './compiled-code.ts'
import { ROOT } from './env.ts'
import { buildSharedBundles } from './shared-bundles.ts'

export default async function setup(project: TestProject): Promise<() => void> {
  const work = join(ROOT, '.build', 'tests', `shared-bundles-${process.pid}`)
  const compiled = join(ROOT, '.build', 'tests', `compiled-${process.pid}`)
  const remove = () => {
    rmSync(work, { recursive: true, force: true })
    rmSync(compiled, { recursive: true, force: true })
  }
  const made = await Promise.allSettled([buildSharedBundles(work), compileCode(compiled)])
  const failed = made.find((result) => result.status === 'rejected')
  if (failed) {
    remove()
    throw failed.reason
  }
  project.provide('sharedBundles', join(work, 'vike'))
  project.provide('compiledCode', compiled)
  return remove
}
