/** Runs the project's commands (`scripts/*.ts`) the way npm runs them, and their scratch folders. */
import * as cheerio from 'cheerio'
import { routeDir } from '../../pages/routes.ts'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { inject } from 'vitest'
import { runNode, runScript as runProjectScript, type NodeProcess } from '../../scripts/engine/bundles/child-process.ts'
import { cleanEnv, ROOT } from './env.ts'
import { remember } from './made.ts'

export { cleanEnv, ROOT }

export interface BuildRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Starts `scripts/<script>` from the project folder, as `npm run` does but from the run's compiled copy in the process tests (scriptPath). */
export function runScript(script: string, args: string[] = [], env: NodeJS.ProcessEnv = cleanEnv({})): NodeProcess {
  return runProjectScript(scriptPath(script), args, { cwd: ROOT, env })
}

/** Where `scripts/<script>` (`build.ts`, …) is run from: the run's compiled copy (tests/helpers/compiled-code.ts) where there is one. */
export function scriptPath(script: string): string {
  const compiled = inject('compiledCode')
  return compiled ? join(compiled, 'scripts', script.replace(/\.ts$/, '.js')) : join(ROOT, 'scripts', script)
}

/** Resolves with the first match of `pattern` in the process's output; rejects if it exits first. */
export function outputMatch(process: NodeProcess, pattern: RegExp, what: string): Promise<RegExpExecArray> {
  return new Promise((resolvePromise, reject) => {
    const check = () => {
      const match = pattern.exec(process.output())
      if (match) {
        process.child.stdout?.off('data', check)
        process.child.stderr?.off('data', check)
        resolvePromise(match)
      }
    }
    process.child.stdout?.on('data', check)
    process.child.stderr?.on('data', check)
    check()
    void process.exited.then(({ code }) => reject(new Error(`${what} exited (${code}) before it was ready:\n${process.output()}`)))
  })
}

export async function runBuild(args: string[], env: Record<string, string> = {}): Promise<BuildRun> {
  const build = runScript('build.ts', args, cleanEnv(env))
  const { code } = await build.exited
  return { code, stdout: build.stdout(), stderr: build.stderr() }
}

/** A fresh temporary directory (outside the project, like a real deploy target), removed after the test file (tests/helpers/made.ts). */
export function tempDir(prefix: string): string {
  return remember(mkdtempSync(join(tmpdir(), `${prefix}-`)))
}

/**
 * A work directory inside the project (the server bundle resolves node_modules from there), removed
 * after the test file. In the process tests it starts with the bundles of the run's shared build
 * (tests/helpers/shared-bundles.ts), which a build reuses only while their fingerprint matches.
 */
export function workDir(name: string): string {
  const dir = remember(join(ROOT, '.build', 'tests', `${name}-${process.pid}`))
  const shared = inject('sharedBundles')
  if (shared) cpSync(shared, join(dir, 'vike'), { recursive: true })
  return dir
}

/** Every file under `dir`, as relative path → contents. */
export function snapshot(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(dir, name)
    if (statSync(path).isFile()) files.set(relative(dir, path), readFileSync(path))
  }
  return files
}

/**
 * Each file's SHA-256, by path: whole builds are compared by these, since vitest's deep equality
 * walks a Buffer byte by byte (3.6 s for the demo build's 1.1 MB), and a difference names its file.
 */
export function digests(files: Map<string, Buffer>): Map<string, string> {
  return new Map([...files].map(([path, bytes]) => [path, createHash('sha256').update(bytes).digest('hex')]))
}

/** A page of a build, parsed. */
export function builtPage(out: string, route: string): cheerio.CheerioAPI {
  return cheerio.load(readFileSync(join(out, routeDir(route), 'index.html'), 'utf8'))
}

/** A page's hreflang links, each as `<hreflang> <href>`. */
export function hreflangLinks($: cheerio.CheerioAPI): string[] {
  return $('link[rel=alternate][hreflang]').map((_, element) => `${$(element).attr('hreflang')} ${$(element).attr('href')}`).get()
}
