/**
 * Global set-up of the process tests (vitest.config.ts): one production bundle build, made by a
 * real `npm run build` of the demo, that every work folder starts from (tests/helpers/build.ts,
 * `workDir`). A build still checks the bundles' fingerprint, so a test that changes the code or
 * asks for a preview build gets bundles of its own, as a user's build would.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { TestProject } from 'vitest/node'
import { cleanEnv, ROOT } from './env.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `vike` folder of a finished production build, to copy into a test's work folder. */
    sharedBundles: string
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const work = join(ROOT, '.build', 'tests', `shared-bundles-${process.pid}`)
  const out = mkdtempSync(join(tmpdir(), 'shared-bundles-'))
  const remove = () => {
    rmSync(work, { recursive: true, force: true })
    rmSync(out, { recursive: true, force: true })
  }
  // Started as `npm run build` starts it; not through build.ts's helpers, which this set-up's module runner cannot load.
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', join(out, 'dist'), '--work-dir', work], { cwd: ROOT, env: cleanEnv({}) })
  } catch (error) {
    remove()
    throw new Error(`The shared bundle build for the process tests failed: ${(error as { stderr?: string }).stderr ?? error}`)
  }
  rmSync(out, { recursive: true, force: true })
  project.provide('sharedBundles', join(work, 'vike'))
  return remove
}
