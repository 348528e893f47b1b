/**
 * `npm run deploy` as a command: a deploy to a real S3-protocol server (s3rver) says what it did in
 * one line, and a setting a user got wrong stops it with one line naming it and exit 1.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createStage, publishStage } from '../scripts/engine/files/deploy.ts'
import { cleanEnv, runScript, tempDir } from './helpers/build.ts'

let server: S3rver
let endpoint: string
beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir('s3rver-command'), configureBuckets: [{ name: 'site', configs: [] }] })
  endpoint = `http://127.0.0.1:${((await server.run()) as AddressInfo).port}`
})
afterAll(() => server.close())

async function deployCommand(args: string[], env: Record<string, string>) {
  const run = runScript('deploy.ts', args, cleanEnv({ AWS_ENDPOINT_URL_S3: endpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env }))
  const { code } = await run.exited
  return { code, stdout: run.stdout(), stderr: run.stderr() }
}

describe('npm run deploy', () => {
  it('should deploy the live build and say what it uploaded, then that nothing changed', async () => {
    const out = join(tempDir('deploy-command'), 'dist')
    const stage = await createStage(out)
    mkdirSync(join(stage, 'builds', 'meta'), { recursive: true })
    for (const [path, content] of Object.entries({ 'index.html': '<h1>Home</h1>', 'builds/meta/b1.json': '{"id":"b1"}', 'builds/latest.json': '{"id":"b1"}' })) writeFileSync(join(stage, path), content)
    await publishStage(stage, out, 'b1')
    const first = await deployCommand(['--out', out], { DEPLOY_TARGET: 's3://site/www' })
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout.trim()).toBe('Deployed build b1 to s3://site/www: uploaded 3 files (0.0 KB), 0 files unchanged, 0 objects deleted, 0 objects kept for open tabs.')
    const again = await deployCommand(['--out', out], { DEPLOY_TARGET: 's3://site/www' })
    expect(again.stdout.trim()).toBe('Deployed build b1 to s3://site/www: uploaded 0 files (0.0 KB), 3 files unchanged, 0 objects deleted, 0 objects kept for open tabs.')
  })

  it('should stop with one line and exit 1 for a target without s3://, a missing bucket or no build', async () => {
    const out = join(tempDir('deploy-none'), 'dist')
    const cases: [Record<string, string>, string][] = [
      [{ DEPLOY_TARGET: 'site/www' }, 'DEPLOY_TARGET "site/www" is not an s3:// address: write it as s3://bucket or s3://bucket/folder.'],
      [{ DEPLOY_TARGET: 's3://site' }, `No build to deploy in ${out}: run npm run build first (or give the output folder with --out).`],
    ]
    for (const [env, line] of cases) {
      const run = await deployCommand(['--out', out], env)
      expect(run.code).toBe(1)
      expect(run.stderr.trim()).toBe(line)
    }
  })
})
