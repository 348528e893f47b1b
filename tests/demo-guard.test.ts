/**
 * The demo space is built only when nothing of a real site is configured and the output holds no
 * other space's build: a misspelt or unset token must not publish the demo under a live domain.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError } from '../cms/config.ts'
import { readBuildConfig } from '../scripts/engine/config.ts'
import { demoProblems } from '../scripts/engine/demo-guard.ts'
import { runScript } from '../scripts/engine/bundles/child-process.ts'
import { scriptPath, workDir } from './helpers/build.ts'

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})
function temp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'demo-guard-'))
  made.push(dir)
  return dir
}

/** An output folder whose live build's manifest names `space` (or none). */
function outputOf(space: number | undefined, files: string[] = []): string {
  const out = join(temp(), 'dist')
  mkdirSync(join(out, 'builds', 'meta'), { recursive: true })
  writeFileSync(join(out, 'builds', 'latest.json'), JSON.stringify({ id: 'b1', timestamp: 1 }))
  writeFileSync(join(out, 'builds', 'meta', 'b1.json'), JSON.stringify({ id: 'b1', timestamp: 1, routes: ['/'], trailingSlash: true, cv: 1, assets: [], ...(space === undefined ? {} : { space }) }))
  for (const file of files) mkdirSync(join(out, file), { recursive: true })
  return out
}

describe('when the demo space is built', () => {
  it('should build the demo when nothing is configured, into an empty folder or over the demo', () => {
    expect(demoProblems({}, { demo: false, outDir: join(temp(), 'dist') }, true)).toEqual([])
    expect(demoProblems({ PATH: '/bin' }, { demo: false, outDir: outputOf(1000) }, true)).toEqual([])
    expect(demoProblems({}, { demo: false, outDir: outputOf(undefined, ['demo-assets']) }, true)).toEqual([])
  })

  it('should stop when a Storyblok setting or SITE_URL is present without a token, naming the missing token', () => {
    const out = join(temp(), 'dist')
    const [typo] = demoProblems({ STORYBLOK_TOKN: 'abc', SITE_URL: 'https://www.example.com' }, { demo: false, outDir: out }, true)
    expect(typo).toMatch(/^STORYBLOK_TOKEN is not set, but SITE_URL and STORYBLOK_TOKN are: without a token the build would publish the demo space in place of your site\. Set STORYBLOK_TOKEN/)
    // A CI secret that is unset arrives as an empty variable.
    expect(demoProblems({ STORYBLOK_TOKEN: '' }, { demo: false, outDir: out }, true)[0]).toMatch(/^STORYBLOK_TOKEN is empty: without a token/)
    expect(demoProblems({ STORYBLOK_REGION: 'us' }, { demo: false, outDir: out }, true)[0]).toMatch(/^STORYBLOK_TOKEN is not set, but STORYBLOK_REGION is:/)
  })

  it('should build the demo with settings when asked to (--demo), but not with a token as well', () => {
    expect(demoProblems({ SITE_URL: 'https://ateliernord.example' }, { demo: true, outDir: join(temp(), 'dist') }, true)).toEqual([])
    expect(demoProblems({ STORYBLOK_TOKEN: 't' }, { demo: true, outDir: join(temp(), 'dist') }, false)).toEqual([
      '--demo builds the demo space, but STORYBLOK_TOKEN (or STORYBLOK_API_URL) is set as well: leave out one of them.',
    ])
  })

  it('should never build the demo over the build of another space, even when asked to', () => {
    expect(demoProblems({}, { demo: true, outDir: outputOf(287341) }, true)).toEqual([expect.stringMatching(/holds the build of space 287341, which the demo space would replace: set STORYBLOK_TOKEN to build that space, or build the demo into another folder with --out DIR\.$/)])
    expect(demoProblems({}, { demo: false, outDir: outputOf(undefined) }, true)).toEqual([expect.stringMatching(/holds the build of another space/)])
    expect(demoProblems({ STORYBLOK_TOKEN: 't' }, { demo: false, outDir: outputOf(287341) }, false)).toEqual([])
  })

  it('should say so before anything else, as a configuration problem', () => {
    expect(() => readBuildConfig({ SITE_URL: 'https://www.example.com' }, ['--out', join(temp(), 'dist')])).toThrow(ConfigError)
    expect(readBuildConfig({ SITE_URL: 'https://ateliernord.example' }, ['--out', join(temp(), 'dist'), '--demo']).embedded).toBe(true)
  })

  it('should stop `npm run build` with a misspelt token in .env: exit 1, one line naming STORYBLOK_TOKEN, nothing fetched or written', async () => {
    const project = temp()
    writeFileSync(join(project, '.env'), 'STORYBLOK_TOKN=abc\nSITE_URL=https://www.example.com\n')
    const out = join(project, 'dist')
    const work = workDir('demo-guard')
    made.push(work)
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('STORYBLOK_') && name !== 'SITE_URL'))
    // The build reads .env from the folder it runs in, as npm runs it from the project's.
    const build = runScript(scriptPath('build.ts'), ['--out', out, '--work-dir', work], { cwd: project, env: { ...env, CI: 'true' } })
    const { code } = await build.exited
    expect(code).toBe(1)
    expect(build.stderr()).toContain('STORYBLOK_TOKN (.env) is not a setting of this project: did you mean STORYBLOK_TOKEN?')
    expect(build.stderr()).toContain('STORYBLOK_TOKEN is not set, but SITE_URL and STORYBLOK_TOKN are')
    expect(build.output()).not.toMatch(/demo space "Atelier Nord"|Stories fetched/)
    expect(existsSync(out)).toBe(false)
  })
})
