import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildsDir, createStage, history, liveBuildId, publishStage, rollback } from '../scripts/engine/files/deploy.ts'
import { linkTree } from '../scripts/engine/files/fill-stage.ts'
import { digestOf, OutputWriter } from '../scripts/engine/files/output.ts'
import { tempDir } from './helpers/build.ts'
import { waitFor } from './helpers/server.ts'

async function deploy(out: string, id: string, files: Record<string, string>) {
  const stage = await createStage(out)
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(stage, path, '..'), { recursive: true })
    writeFileSync(join(stage, path), content)
  }
  await publishStage(stage, out, id)
}

describe('deploys', () => {
  it('should adopt a plain output folder, then switch builds by replacing a link', async () => {
    const out = join(tempDir('deploy'), 'dist')
    mkdirSync(out)
    writeFileSync(join(out, 'index.html'), 'plain')
    await deploy(out, 'b1', { 'index.html': 'one' })
    expect(lstatSync(out).isSymbolicLink()).toBe(true)
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('one')
    expect(history(out)).toEqual([expect.stringMatching(/^adopted-/), 'b1'])
    await deploy(out, 'b2', { 'index.html': 'two' })
    expect(liveBuildId(out)).toBe('b2')
    expect(realpathSync(out)).toBe(realpathSync(join(buildsDir(out), 'b2')))
  })

  it('should roll back one build per step, and say when there is nothing to roll back to', async () => {
    const out = join(tempDir('deploy'), 'dist')
    await deploy(out, 'b1', { 'index.html': 'one' })
    await expect(rollback(out)).rejects.toThrow(/Nothing to roll back to: .* has no build before b1/)
    await deploy(out, 'b2', { 'index.html': 'two' })
    await deploy(out, 'b3', { 'index.html': 'three' })
    expect(await rollback(out)).toEqual({ from: 'b3', to: 'b2' })
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('two')
    expect(await rollback(out)).toEqual({ from: 'b2', to: 'b1' })
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('one')
  })

  it('should start an incremental build as hard links and never change the live files when writing', async () => {
    const out = join(tempDir('deploy'), 'dist')
    await deploy(out, 'b1', { 'index.html': 'home', 'about/index.html': 'about', 'about/_payload.json': '{}' })
    const live = realpathSync(out)
    const stage = await createStage(out)
    linkTree(live, stage, [['index.html', { bytes: 4 }], ['about/index.html', { bytes: 5 }], ['about/_payload.json', { bytes: 2 }]])
    expect(statSync(join(stage, 'about/index.html')).ino).toBe(statSync(join(live, 'about/index.html')).ino)
    const entry = (content: string) => ({ bytes: content.length, kind: 'html', digest: digestOf(content) })
    const output = new OutputWriter(stage, new Map([['index.html', entry('home')], ['about/index.html', entry('about')]]))
    const same = output.write('index.html', 'home', 'html')
    const changed = output.write('about/index.html', 'about, changed', 'html')
    expect([same.written, changed.written]).toEqual([false, true])
    expect(output.written).toBe(1)
    expect(readFileSync(join(live, 'about/index.html'), 'utf8')).toBe('about')
    expect(readFileSync(join(stage, 'about/index.html'), 'utf8')).toBe('about, changed')
    expect(statSync(join(stage, 'index.html')).ino).toBe(statSync(join(live, 'index.html')).ino)
    expect(() => linkTree(live, stage, [['missing.html', { bytes: 1 }]])).toThrow(/has no missing.html, which the build cache lists/)
    expect(existsSync(join(buildsDir(out), basename(stage)))).toBe(true)
  })
})

describe('old builds on their way out', () => {
  it('should hand on to a new deleting process only the folders whose process died', async () => {
    const out = join(tempDir('trash'), 'dist')
    await deploy(out, 'b1', { 'index.html': 'one' })
    const builds = buildsDir(out)
    // A dead process's folder (pid 2^22 + 1 is above Linux's pid limit) and one this live process claims.
    const orphan = join(builds, `.trash-b0.${2 ** 22 + 1}`)
    const claimed = join(builds, `.trash-b9.${process.pid}`)
    for (const dir of [orphan, claimed]) mkdirSync(join(dir, 'a', 'b'), { recursive: true })
    await createStage(out)
    await waitFor(() => !existsSync(orphan), 30_000, 'the orphaned build to be deleted')
    expect(existsSync(join(claimed, 'a', 'b'))).toBe(true)
  })
})
