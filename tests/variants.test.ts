/** Compressed variants beside the build's text files (scripts/engine/files/variants.ts) and how they follow their file. */
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { localFiles } from '../scripts/engine/deploy/local-files.ts'
import { createStage, publishStage } from '../scripts/engine/files/deploy.ts'
import { linkTree } from '../scripts/engine/files/fill-stage.ts'
import { OutputWriter } from '../scripts/engine/files/output.ts'
import { compressLive } from '../scripts/engine/files/variants.ts'
import { tempDir } from './helpers/build.ts'

const LONG = `<main>${'<p>Words that repeat compress well.</p>'.repeat(60)}</main>`

describe('compressed variants', () => {
  it('should write the Brotli and gzip variants a live build lacks, holding the same bytes, once', async () => {
    const dir = tempDir('variants')
    const output = new OutputWriter(dir)
    output.write('long/index.html', LONG, 'html')
    output.write('short.html', '<p>short</p>', 'html')
    writeFileSync(join(dir, 'photo.jpg'), Buffer.alloc(4096))
    output.count('photo.jpg', 4096, 'images')
    expect(existsSync(join(dir, 'long/index.html.br'))).toBe(false)
    expect(compressLive(dir, output.contents())).toBe(1)
    expect(brotliDecompressSync(readFileSync(join(dir, 'long/index.html.br'))).toString()).toBe(LONG)
    expect(gunzipSync(readFileSync(join(dir, 'long/index.html.gz'))).toString()).toBe(LONG)
    expect(['short.html.br', 'short.html.gz', 'photo.jpg.br'].filter((name) => existsSync(join(dir, name)))).toEqual([])
    expect(readdirSync(join(dir, 'long'))).toEqual(['index.html', 'index.html.br', 'index.html.gz'])
    expect(compressLive(dir, output.contents())).toBe(0)
    expect(output.files).toBe(3)
  })

  it("should link the live build's variants into an incremental stage, and drop them there, not in the live build, when their file changes", async () => {
    const out = join(tempDir('variants-live'), 'dist')
    const first = await createStage(out)
    const written = new OutputWriter(first)
    written.write('index.html', LONG, 'html')
    written.write('about/index.html', LONG, 'html')
    compressLive(first, written.contents())
    await publishStage(first, out, 'b1')
    const live = realpathSync(out)
    const stage = await createStage(out)
    linkTree(live, stage, written.contents())
    expect(statSync(join(stage, 'index.html.br')).ino).toBe(statSync(join(live, 'index.html.br')).ino)
    const output = new OutputWriter(stage, new Map(written.contents()))
    output.write('index.html', `${LONG}<footer>changed</footer>`, 'html')
    await output.remove('about/index.html')
    expect(['index.html.br', 'index.html.gz', 'about/index.html.gz'].filter((name) => existsSync(join(stage, name)))).toEqual([])
    expect(brotliDecompressSync(readFileSync(join(live, 'index.html.br'))).toString()).toBe(LONG)
    expect(existsSync(join(live, 'about/index.html.gz'))).toBe(true)
    expect(compressLive(stage, output.contents())).toBe(1)
    expect(brotliDecompressSync(readFileSync(join(stage, 'index.html.br'))).toString()).toBe(`${LONG}<footer>changed</footer>`)
  })

  it('should leave the variants out of what a deploy uploads, but not a .gz file the site itself publishes', async () => {
    const dir = tempDir('variants-deploy')
    const output = new OutputWriter(dir)
    output.write('index.html', LONG, 'html')
    compressLive(dir, output.contents())
    mkdirSync(join(dir, 'downloads'))
    writeFileSync(join(dir, 'downloads', 'fonts.tar.gz'), 'archive')
    expect(localFiles(dir).map((file) => file.path)).toEqual(['downloads/fonts.tar.gz', 'index.html'])
  })
})
