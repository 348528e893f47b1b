import { existsSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CLIENT_MANIFEST, WORKER_BUNDLE } from '../scripts/engine/bundles/layout.ts'
import { clientEntryOf } from '../scripts/engine/bundles/client-entry.ts'
import { buildBundles, bundleProcessEnv } from '../scripts/engine/bundles/bundles.ts'

// Inside the project: Vike builds only into folders under its root.
const dir = join(import.meta.dirname, '..', '.build', `test-bundles-${process.pid}`)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('buildBundles', () => {
  it('should say when the render worker bundle is written, before Vike builds the server bundle', async () => {
    const bundles = buildBundles(dir)
    let finished = false
    bundles.done.then(() => (finished = true))
    await bundles.workerReady
    // The signal is never early: a worker started on it finds its bundle.
    expect(existsSync(join(dir, WORKER_BUNDLE))).toBe(true)
    // Nor late: the process sends it over its IPC channel while Vike still builds for a second or so,
    // not from the process's end.
    expect(finished).toBe(false)
    // Said before the process ends: every bundle and its records are there by then.
    await bundles.written
    // Vike's server entry is not the build's: tests render through it to compare (tests/fixtures/vike-render/).
    const SERVER_ENTRY = 'server/entry.mjs'
    for (const file of [SERVER_ENTRY, CLIENT_MANIFEST, 'inputs.json', 'bundle-stats.json']) expect(existsSync(join(dir, file))).toBe(true)
    await bundles.done
    const server = join(dir, SERVER_ENTRY)
    // Built first, so that workers can start while Vike builds.
    expect(statSync(join(dir, WORKER_BUNDLE)).mtimeMs).toBeLessThanOrEqual(statSync(server).mtimeMs)
    // The pages' tags come from the client manifest: the entry's script and its stylesheet.
    const entry = clientEntryOf(dir)
    expect(entry.script).toMatch(/^\/assets\/entries\/renderer_client\.[\w-]+\.js$/)
    expect(entry.styles).toHaveLength(1)
    for (const file of [entry.script, ...entry.styles]) expect(existsSync(join(dir, 'client', file))).toBe(true)
  }, 120_000)

})

describe('bundleProcessEnv', () => {
  const preview = { previewToken: 'preview-token', region: 'eu', apiUrl: undefined, perPage: 25, rateLimit: 5 } as Parameters<typeof bundleProcessEnv>[0]

  it('should never pass a preview configuration from the shell into a production bundle', () => {
    expect(bundleProcessEnv(undefined, { PREVIEW_CONFIG: '{"previewToken":"leaked"}' }).PREVIEW_CONFIG).toBe('null')
  })

  it('should pass the preview configuration it is given', () => {
    expect(JSON.parse(bundleProcessEnv(preview, {}).PREVIEW_CONFIG!)).toEqual(JSON.parse(JSON.stringify(preview)))
  })

  it('should build for production, whatever the shell says', () => {
    const env = bundleProcessEnv(undefined, { NODE_ENV: 'development', PATH: '/usr/bin' })
    expect(env).toMatchObject({ NODE_ENV: 'production', PATH: '/usr/bin' })
  })

  it('should turn off transparent huge pages in the bundler\'s allocator unless the shell sets them', () => {
    expect(bundleProcessEnv(undefined, {}).MIMALLOC_ALLOW_THP).toBe('0')
    expect(bundleProcessEnv(undefined, { MIMALLOC_ALLOW_THP: '1' }).MIMALLOC_ALLOW_THP).toBe('1')
  })

})
