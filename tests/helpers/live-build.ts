/** A small live build made by hand, as npm run build leaves one: for the deploy tests, which need no real build. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createStage, publishStage } from '../../scripts/engine/files/deploy.ts'
import { tempDir } from './build.ts'

/** Two pages with their payloads. */
export const PAGES = { 'index.html': '<h1>Home</h1>', '_payload.json': '{"home":1}', 'about/index.html': '<h1>About</h1>', 'about/_payload.json': '{"about":1}' }

/** Build `id` live in `out` (a fresh folder by default): `pages`, two hashed assets, its meta, `latest.json` and `_headers`. */
export async function liveBuild(id: string, pages: Record<string, string>, out = join(tempDir('deploy-out'), 'dist')): Promise<string> {
  const stage = await createStage(out)
  const files: Record<string, string> = {
    'assets/entry-abc123.js': 'console.log(1)',
    'assets/style-abc123.css': 'body{}',
    ...pages,
    [`builds/meta/${id}.json`]: JSON.stringify({ id }),
    'builds/latest.json': JSON.stringify({ id }),
    _headers: '/*\n  X-Test: 1\n',
  }
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(stage, path, '..'), { recursive: true })
    writeFileSync(join(stage, path), content)
  }
  await publishStage(stage, out, id)
  return out
}
