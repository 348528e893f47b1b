/** `npm run dev` on a stored space: a saved story file shows on the next request, the space's cv moved on. */
import { cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'
import type { NodeProcess } from '../scripts/engine/bundles/child-process.ts'
import { cleanEnv, outputMatch, runScript, tempDir } from './helpers/build.ts'
import { waitFor } from './helpers/server.ts'

let dev: NodeProcess
let url: string
const space = join(tempDir('dev-reload'), 'space')

beforeAll(async () => {
  cpSync(DEMO_SPACE_DIR, space, { recursive: true })
  dev = runScript('dev.ts', ['--port', '0', '--space', space], { ...cleanEnv({}), NODE_ENV: 'development' })
  url = (await outputMatch(dev, /Dev server at (http:\/\/[^\s]+?)\/?\s/, 'The dev server'))[1]!
})
afterAll(async () => {
  dev?.child.kill()
  await dev?.exited
})

const title = async () => ((await (await fetch(`${url}/about/_payload.json`)).json()) as { story: { content: { title: string } } }).story.content.title

describe('dev server on a stored space', () => {
  it('should show a saved story file on the next request', async () => {
    expect(await title()).toBe('About the studio')
    const file = join(space, 'stories', 'about.json')
    const story = JSON.parse(readFileSync(file, 'utf8'))
    story.content.title = 'About us, edited'
    writeFileSync(file, JSON.stringify(story, null, 2))
    await waitFor(async () => (await title()) === 'About us, edited', 10_000, 'the edited title')
    // A file saved half way keeps the last good content, and says why.
    writeFileSync(file, '{ "name": ')
    await waitFor(() => dev.output().includes('was not reloaded'), 10_000, 'the unreadable file to be reported')
    expect(await title()).toBe('About us, edited')
  })
})
