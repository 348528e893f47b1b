/** The dev server's watcher and dependency scan skip every folder a build writes (scripts/engine/files/written-folders.ts). */
import { basename, join, relative } from 'node:path'
import picomatch from 'picomatch'
import { describe, expect, it } from 'vitest'
import { buildsDir } from '../scripts/engine/files/deploy.ts'
import { WRITTEN_FOLDERS } from '../scripts/engine/files/written-folders.ts'
import { ROOT } from './helpers/build.ts'

// The matcher Vite's watcher and dependency scan apply to these globs.
const skipped = picomatch(WRITTEN_FOLDERS, { dot: true })

describe('written folders', () => {
  it("should skip every output's builds, whatever the output is called, and the work folders", () => {
    for (const out of ['dist', 'dist-preview', 'site', 'public-site']) {
      const builds = relative(ROOT, buildsDir(join(ROOT, out)))
      expect(builds, out).toBe(`.${basename(out)}.builds`)
      expect(skipped(`${builds}/20261127-120000-abcdef01/blog/post/index.html`), out).toBe(true)
    }
    for (const file of ['.build/cache/state.json', '.build-other/vike/server/entry.mjs', 'dist/index.html', 'dist-preview/index.html']) expect(skipped(file), file).toBe(true)
  })

  it('should watch the code', () => {
    for (const file of ['pages/story/+Page.tsx', 'renderer/theme.css', 'scripts/build.ts', 'blocks/Teaser.tsx', 'cms/demo-space/stories/home.json']) expect(skipped(file), file).toBe(false)
  })
})
