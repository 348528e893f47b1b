/**
 * scripts/run.mjs, which every npm script but `dev` goes through: a TypeScript script runs compiled,
 * as it would from its sources, and is compiled again when a file it imports changes.
 */
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runNode } from '../scripts/node-process.ts'
import { ROOT, workDir } from './helpers/build.ts'

const dir = workDir('script-runner')
const RUNNER = join(ROOT, 'scripts', 'run.mjs')

async function run(script: string, ...args: string[]) {
  return runWith({}, script, ...args)
}

async function runWith(env: NodeJS.ProcessEnv, script: string, ...args: string[]) {
  return runRunner(env, [join(dir, script), ...args])
}

async function runRunner(env: NodeJS.ProcessEnv, args: string[]) {
  const node = runNode([RUNNER, ...args], { cwd: ROOT, env: { ...process.env, ...env } })
  const { code } = await node.exited
  return { code, stdout: node.stdout(), stderr: node.stderr() }
}

function write(name: string, text: string) {
  writeFileSync(join(dir, name), text)
  // A second write within the file system's timestamp granularity must still count as a change.
  const later = new Date(Date.now() + Math.floor(Math.random() * 1_000_000))
  utimesSync(join(dir, name), later, later)
}

beforeAll(() => {
  mkdirSync(join(dir, 'lib'), { recursive: true })
  write('lib/words.ts', "export const WORD: string = 'first'\nexport const HERE = import.meta.dirname\n")
  write('main.ts', "import { HERE, WORD } from './lib/words.ts'\nconsole.log(JSON.stringify({ word: WORD, here: HERE, main: import.meta.filename, argv: process.argv.slice(1) }))\n")
  write('lib/late.ts', "import writeFileAtomic from 'write-file-atomic'\nexport const late = typeof writeFileAtomic\n")
  write(
    'lazy.ts',
    "import { createRequire } from 'node:module'\nconst require = createRequire(import.meta.url)\nconst loaded = () => Object.keys(require.cache).some((file) => file.includes('write-file-atomic'))\nconst before = loaded()\nconst { late } = await import('./lib/late.ts')\nconsole.log(JSON.stringify({ before, after: loaded(), late }))\n",
  )
  write('broken.ts', 'export const x: number = (\n')
  // A package only the test's folder has: resolvable when compiled, not from the compiled module.
  mkdirSync(join(dir, 'node_modules', 'tiny-package'), { recursive: true })
  write('node_modules/tiny-package/package.json', JSON.stringify({ name: 'tiny-package', type: 'module', exports: './index.js' }))
  write('node_modules/tiny-package/index.js', "export { word } from './word.js'\nexport const where = import.meta.url\n")
  write('node_modules/tiny-package/word.js', "export const word = 'tiny'\n")
  write('uses-package.ts', "import { where, word } from 'tiny-package'\nconsole.log(JSON.stringify({ where, word }))\n")
  write('where.ts', "type Line = number\nconst line: Line = 3\nconsole.log(new Error(`line ${line}`).stack!.split('\\n')[1])\n")
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
  rmSync(join(ROOT, '.build', 'scripts', relative(ROOT, dir)), { recursive: true, force: true })
})

describe('scripts/run.mjs', () => {
  it('should run a TypeScript script with its arguments, each file seeing its own location', async () => {
    const { code, stdout } = await run('main.ts', '--flag', 'value')
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual({ word: 'first', here: join(dir, 'lib'), main: join(dir, 'main.ts'), argv: [join(dir, 'main.ts'), '--flag', 'value'] })
  })

  it('should reuse the compiled module until a file the script imports changes', async () => {
    const compiled = join(ROOT, '.build', 'scripts', relative(ROOT, dir), 'main.mjs')
    expect(JSON.parse((await run('main.ts')).stdout).word).toBe('first')
    const made = statSync(compiled).mtimeMs
    expect(JSON.parse((await run('main.ts')).stdout).word).toBe('first')
    expect(statSync(compiled).mtimeMs).toBe(made)
    write('lib/words.ts', "export const WORD: string = 'second'\nexport const HERE = import.meta.dirname\n")
    expect(JSON.parse((await run('main.ts')).stdout).word).toBe('second')
  })

  it('should point stack traces into the sources, and into the compiled module with RUN_SOURCE_MAPS=0', async () => {
    const mapped = await run('where.ts')
    expect(mapped.code).toBe(0)
    expect(mapped.stdout).toContain(`${join(dir, 'where.ts')}:3:`)
    const unmapped = await runWith({ RUN_SOURCE_MAPS: '0' }, 'where.ts')
    expect(unmapped.code).toBe(0)
    expect(unmapped.stdout).toContain('where.mjs:')
  })

  it("should load what a script imports with import(), and the packages that imports, only when the script gets there", async () => {
    const { code, stdout } = await run('lazy.ts')
    expect(code).toBe(0)
    // Bundled into the script, the package would have been loaded before its first line ran.
    expect(JSON.parse(stdout)).toEqual({ before: false, after: true, late: 'function' })
    const chunks = join(ROOT, '.build', 'scripts', relative(ROOT, dir), 'lazy.chunks')
    expect(readdirSync(chunks)).toHaveLength(1)
    // A compiled script whose chunk is gone is compiled again, not run half.
    rmSync(chunks, { recursive: true, force: true })
    const again = await run('lazy.ts')
    expect(again.code).toBe(0)
    expect(JSON.parse(again.stdout)).toEqual({ before: false, after: true, late: 'function' })
  })

  it('should compile the packages --bundle names into the script, each of their files seeing its own location', async () => {
    const script = join(dir, 'uses-package.ts')
    // As an import, the package is not found from where the compiled module lives.
    expect((await runRunner({}, [script])).code).not.toBe(0)
    const { code, stdout, stderr } = await runRunner({}, ['--bundle', 'tiny-package', script])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(JSON.parse(stdout)).toEqual({ where: pathToFileURL(join(dir, 'node_modules', 'tiny-package', 'index.js')).href, word: 'tiny' })
    // A module of its own name, beside the script compiled without the package.
    const compiled = join(ROOT, '.build', 'scripts', relative(ROOT, dir))
    expect(readdirSync(compiled)).toContain('uses-package+tiny-package.mjs')
    expect(readdirSync(compiled)).toContain('uses-package.mjs')
  })

  it('should name the file and line of a compile error, and exit 1', async () => {
    const { code, stderr } = await run('broken.ts')
    expect(code).toBe(1)
    expect(stderr).toMatch(/Could not compile .*broken\.ts/)
    expect(stderr).toMatch(/broken\.ts:\d+: /)
  })
})
