/**
 * The project's scripts compiled to JavaScript once per run (tsconfig.compile.json), for the
 * process tests to start: each of the run's ~170 build, server and deploy processes then starts
 * without tsx, whose loader thread costs a process about 0.5 s before its first line (a no-op
 * `npm run build` of the demo: 1.5 s under tsx, 0.95 s compiled). The code is the same; the
 * shared bundle build (tests/helpers/shared-bundles.ts) and tests/production-install.test.ts
 * still run the scripts as `npm run` does.
 */
import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import { ROOT } from './env.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the run's compiled scripts (`<dir>/scripts/build.js`, …). */
    compiledCode: string
  }
}

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc')

/** Compiles the scripts and what they import into `outDir`, which must be inside the project (cms/project-root.ts). */
export async function compileCode(outDir: string): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [TSC, '-p', 'tsconfig.compile.json', '--outDir', outDir], { cwd: ROOT })
  } catch (error) {
    throw new Error(`Compiling the scripts for the process tests failed: ${(error as { stdout?: string }).stdout || error}`)
  }
}
