/** Runs the real build command (`scripts/build.ts`) the way `npm run build` does. */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '..', '..')

export interface BuildRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Env without any Storyblok settings of the developer's shell, plus `env`. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('STORYBLOK_') && key !== 'SITE_URL'))
  return { ...base, CI: 'true', ...env }
}

export function runBuild(args: string[], env: Record<string, string> = {}): Promise<BuildRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/build.ts'), ...args], {
      cwd: ROOT,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.once('error', reject)
    child.once('exit', (code) => resolvePromise({ code, stdout, stderr }))
  })
}

/** A fresh temporary directory (outside the project, like a real deploy target). */
export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`))
}

/** A work directory inside the project: the server bundle resolves node_modules from there. */
export function workDir(name: string): string {
  return join(ROOT, '.build', 'tests', `${name}-${process.pid}`)
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
