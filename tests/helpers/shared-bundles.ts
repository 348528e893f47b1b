/**
 * One production bundle build, made by a real `npm run build` of the demo, that every work folder
 * of the process tests starts from (tests/helpers/build.ts, `workDir`). A build still checks the
 * bundles' fingerprint, so a test that changes the code or asks for a preview build gets bundles
 * of its own, as a user's build would.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { cleanEnv, ROOT } from './env.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `vike` folder of a finished production build, to copy into a test's work folder. */
    sharedBundles: string
  }
}

/** Builds the demo with its work folder `work`; its bundles are then in `<work>/vike`. */
export async function buildSharedBundles(work: string): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'shared-bundles-'))
  // Started as `npm run build` starts it; not through build.ts's helpers, which the global set-up's module runner cannot load.
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--out', join(out, 'dist'), '--work-dir', work], { cwd: ROOT, env: cleanEnv({}) })
  } catch (error) {
    throw new Error(`The shared bundle build for the process tests failed: ${(error as { stderr?: string }).stderr ?? error}`)
  } finally {
    rmSync(out, { recursive: true, force: true })
  }
}
