/** Compressed variants beside the build's text files (scripts/engine/files/variants.ts) and how they follow their file. */
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { localFiles } from '../scripts/engine/deploy/local-files.ts'
import { createStage, publishStage } from '../scripts/engine/files/deploy.ts'
import { linkTree } from '../scripts/engine/files/fill-stage.ts'
import { digestOf, OutputWriter } from '../scripts/engine/files/output.ts'
import { writeVariants } from '../scripts/engine/files/variants.ts'
import { tempDir } from './helpers/build.ts'

const LONG = `<main>${'<p>Words that repeat compress well.</p>'.repeat(60)}</main>`

describe('compressed variants', () => {
  it('should write Brotli and gzip variants that hold the same bytes beside a text file', () => {
    const dir = tempDir('variants')
    const output = new OutputWriter(dir)
    output.write('long/index.html', LONG, 'html')
    expect(brotliDecompressSync(readFileSync(join(dir, 'long/index.html.br'))).toString()).toBe(LONG)
    expect(gunzipSync(readFileSync(join(dir, 'long/index.html.gz'))).toString()).toBe(LONG)
    expect(output.files).toBe(1)
  })

  it('should write none for a small file or one that is not text, and remove stale ones', () => {
    const dir = tempDir('variants-small')
    writeFileSync(join(dir, 'a.html'), LONG)
    writeVariants(join(dir, 'a.html'), Buffer.from(LONG))
    writeVariants(join(dir, 'a.html'), Buffer.from('<p>short</p>'))
    writeVariants(join(dir, 'photo.jpg'), Buffer.alloc(4096))
    expect(['a.html.br', 'a.html.gz', 'photo.jpg.br'].filter((name) => existsSync(join(dir, name)))).toEqual([])
  })

  it("should link the live build's variants into an incremental stage and replace them, not the live ones, with their file", async () => {
    const out = join(tempDir('variants-live'), 'dist')
    const first = await createStage(out)
    new OutputWriter(first).write('index.html', LONG, 'html')
    await publishStage(first, out, 'b1')
    const live = realpathSync(out)
    const stage = await createStage(out)
    linkTree(live, stage, [['index.html', { bytes: LONG.length }]])
    expect(statSync(join(stage, 'index.html.br')).ino).toBe(statSync(join(live, 'index.html.br')).ino)
    const output = new OutputWriter(stage, new Map([['index.html', { bytes: LONG.length, kind: 'html', digest: digestOf(LONG) }]]))
    output.write('index.html', `${LONG}<footer>changed</footer>`, 'html')
    expect(brotliDecompressSync(readFileSync(join(live, 'index.html.br'))).toString()).toBe(LONG)
    expect(brotliDecompressSync(readFileSync(join(stage, 'index.html.br'))).toString()).toBe(`${LONG}<footer>changed</footer>`)
    await output.remove('index.html')
    expect(existsSync(join(stage, 'index.html.gz'))).toBe(false)
    expect(existsSync(join(live, 'index.html.gz'))).toBe(true)
  })

  it('should leave the variants out of what a deploy uploads, but not a .gz file the site itself publishes', () => {
    const dir = tempDir('variants-deploy')
    new OutputWriter(dir).write('index.html', LONG, 'html')
    mkdirSync(join(dir, 'downloads'))
    writeFileSync(join(dir, 'downloads', 'fonts.tar.gz'), 'archive')
    expect(localFiles(dir).map((file) => file.path)).toEqual(['downloads/fonts.tar.gz', 'index.html'])
  })
})
