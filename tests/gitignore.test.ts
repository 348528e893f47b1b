/**
 * Every output and work folder the README names stays out of git: a preview build holds the
 * preview token, and one `git add -A` must not commit it.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './helpers/build.ts'

/** The paths git ignores among `paths` (relative to the project). */
function ignored(paths: string[]): string[] {
  try {
    return execFileSync('git', ['check-ignore', '--no-index', ...paths], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean)
  } catch (error) {
    // Exit 1: none of them is ignored.
    if ((error as { status?: number }).status === 1) return []
    throw error
  }
}

describe('.gitignore', () => {
  it('should ignore every output (its link and builds folder) and work folder the README names', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const outs = new Set(['dist', ...[...readme.matchAll(/--out ([\w.-]+)/g)].map((match) => match[1]!)].filter((name) => name !== 'DIR'))
    const works = new Set(['.build', ...[...readme.matchAll(/--work-dir ([\w.-]+)/g)].map((match) => match[1]!)].filter((name) => name !== 'DIR'))
    expect(outs).toContain('dist-preview')
    expect(works).toContain('.build-preview')
    const paths = [...[...outs].flatMap((out) => [out, `.${out}.builds/20261127-120000-abcd/index.html`]), ...[...works].map((work) => `${work}/vike/client/x.js`)]
    expect(ignored(paths).sort()).toEqual(paths.sort())
  })

  it("should ignore the copies of a space's block library that npm run schema -- pull writes", () => {
    expect(ignored(['.storyblok/components/1000/components.json'])).toEqual(['.storyblok/components/1000/components.json'])
  })

  it('should still track the sources', () => {
    expect(ignored(['scripts/build.ts', 'cms/demo-space/space.json', 'docs/behaviour.md', 'cms/components.json', 'cms/groups.json'])).toEqual([])
  })
})
