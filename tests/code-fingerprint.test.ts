/**
 * What makes new bundles: the code fingerprint covers every input of the bundles and pages
 * (public/ included, and whatever else Vite read), and `--full` always rebuilds them.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { codeFiles, codeFingerprint } from '../scripts/engine/cache/cache.ts'
import { runBuild, tempDir, workDir } from './helpers/build.ts'

function project(files: Record<string, string>): string {
  const root = tempDir('fingerprint')
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), text)
  }
  return root
}

describe('code fingerprint', () => {
  const files = {
    'pages/story/+Page.tsx': 'page',
    'public/favicon.svg': '<svg/>',
    'package.json': '{}',
    'lib/shared.ts': 'export {}',
    'scripts/bench/run.ts': 'bench',
    'cms/demo-space/stories/home.json': '{}',
  }

  it('should change when a file in public/ changes', () => {
    const root = project(files)
    const before = codeFingerprint({ root })
    writeFileSync(join(root, 'public/favicon.svg'), '<svg id="new"/>')
    expect(codeFingerprint({ root })).not.toBe(before)
  })

  it('should change when package.json or a page changes', () => {
    const root = project(files)
    for (const file of ['package.json', 'pages/story/+Page.tsx']) {
      const before = codeFingerprint({ root })
      writeFileSync(join(root, file), `${readFileSync(join(root, file), 'utf8')} `)
      expect(codeFingerprint({ root }), file).not.toBe(before)
    }
  })

  it('should cover files outside the code folders that the bundler read, and notice one that is gone', () => {
    const root = project(files)
    const inputs = ['lib/shared.ts']
    const before = codeFingerprint({ root, inputs })
    expect(codeFingerprint({ root })).not.toBe(before)
    writeFileSync(join(root, 'lib/shared.ts'), 'export const changed = 1')
    const changed = codeFingerprint({ root, inputs })
    expect(changed).not.toBe(before)
    rmSync(join(root, 'lib/shared.ts'))
    expect(codeFingerprint({ root, inputs })).not.toBe(changed)
  })

  it('should ignore content and tools that shape no page', () => {
    const root = project(files)
    const before = codeFingerprint({ root })
    writeFileSync(join(root, 'scripts/bench/run.ts'), 'faster bench')
    writeFileSync(join(root, 'cms/demo-space/stories/home.json'), '{"edited":true}')
    expect(codeFingerprint({ root })).toBe(before)
  })

  it("should list this project's public/ folder and package.json", () => {
    expect(codeFiles()).toEqual(expect.arrayContaining(['public/favicon.svg', 'package.json', 'package-lock.json']))
  })
})

describe('--full', () => {
  const work = workDir('fingerprint')
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it('should rebuild the bundles even when the code is unchanged', async () => {
    const out = join(tempDir('fingerprint-out'), 'dist')
    const stats = join(tempDir('fingerprint-stats'), 'stats.json')
    const first = await runBuild(['--out', out, '--work-dir', work])
    expect(first.code, first.stderr).toBe(0)
    // Another output: a full build of its own, with the bundles of the first.
    const again = await runBuild(['--out', `${out}-again`, '--work-dir', work], { BUILD_STATS_FILE: stats })
    expect(again.code, again.stderr).toBe(0)
    expect(JSON.parse(readFileSync(stats, 'utf8')).bundles).toEqual({ reused: true })
    const full = await runBuild(['--out', out, '--work-dir', work, '--full'], { BUILD_STATS_FILE: stats })
    expect(full.code, full.stderr).toBe(0)
    expect(JSON.parse(readFileSync(stats, 'utf8')).bundles).toMatchObject({ cpuSeconds: expect.any(Number), systemSeconds: expect.any(Number) })
  })
})
