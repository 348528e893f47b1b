import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SERVER_ENTRY, SERVER_RENDERER, WORKER_BUNDLE } from '../scripts/engine/bundles/layout.ts'
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
    for (const file of [SERVER_ENTRY, SERVER_RENDERER, 'inputs.json', 'bundle-stats.json']) expect(existsSync(join(dir, file))).toBe(true)
    await bundles.done
    const entry = join(dir, 'server', 'entry.mjs')
    expect(existsSync(entry)).toBe(true)
    // Built first, so that workers can start while Vike builds.
    expect(statSync(join(dir, WORKER_BUNDLE)).mtimeMs).toBeLessThanOrEqual(statSync(entry).mtimeMs)
    // The worker touches `Headers` as it starts, so that Node loads its fetch implementation then and
    // not on the first page: the bundler once dropped a bare `void Headers` as free of side effects.
    expect(readFileSync(join(dir, WORKER_BUNDLE), 'utf8')).toMatch(/typeof Headers\b/)
  }, 120_000)

  it("should build Vike's runtime into the server bundle, which takes only React from node_modules", async () => {
    const own = join(dir, 'own-runtime')
    await buildBundles(own).done
    expect(existsSync(join(own, SERVER_ENTRY))).toBe(true)
    const renderer = readFileSync(join(own, SERVER_RENDERER), 'utf8')
    expect(renderer).toMatch(/export\s*\{[^}]*\brenderPage\b/)
    const server = join(own, 'server')
    const code = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((name) => /\.m?js$/.test(name))
    const packages = new Set(code.flatMap((name) => [...readFileSync(join(server, name), 'utf8').matchAll(/\bfrom\s*"([^".][^"]*)"|\bimport\(\s*"([^".][^"]*)"\s*\)/g)].map((match) => (match[1] ?? match[2])!)))
    expect([...packages].filter((name) => !name.startsWith('node:')).sort()).toEqual(['react', 'react-dom', 'react-dom/server', 'react/jsx-runtime'])
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
