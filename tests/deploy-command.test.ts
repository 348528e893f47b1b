/**
 * `npm run deploy` as a command: a deploy to a real S3-protocol server (s3rver) says what it did in
 * one line, and a setting a user got wrong stops it with one line naming it and exit 1.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { startCmsServer } from '../cms/api/server.ts'
import { clientConfig, deploySite, parseTarget } from '../scripts/engine/deploy/index.ts'
import { readChanges } from '../scripts/engine/files/changes.ts'
import { createStage, liveDir, publishStage } from '../scripts/engine/files/deploy.ts'
import { sign } from '../scripts/server/webhook.ts'
import { cleanEnv, runBuild, runScript, tempDir, workDir } from './helpers/build.ts'
import { startServer, waitFor } from './helpers/server.ts'
import { projectSpace, storyOf, TOKENS } from './helpers/space.ts'

let server: S3rver
let endpoint: string
beforeAll(async () => {
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: tempDir('s3rver-command'), configureBuckets: [{ name: 'site', configs: [] }] })
  endpoint = `http://127.0.0.1:${((await server.run()) as AddressInfo).port}`
})
afterAll(() => server.close())

// For this file's own client (the bucket read below) and, through cleanEnv, the deploys it starts.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
const storageEnv = () => ({ AWS_ENDPOINT_URL_S3: endpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' })

async function deployCommand(args: string[], env: Record<string, string>) {
  const run = runScript('deploy.ts', args, cleanEnv({ ...storageEnv(), ...env }))
  const { code } = await run.exited
  return { code, stdout: run.stdout(), stderr: run.stderr() }
}

/** Deploy processes of `out` waiting for their job (scripts/server/deploy-runner.ts). */
const standingBy = (out: string) => execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((line) => /deploy\.[jt]s /.test(line) && line.includes(`--out ${out} --standby`))

describe('npm run deploy', () => {
  it('should deploy the live build and say what it uploaded, then that nothing changed', async () => {
    const out = join(tempDir('deploy-command'), 'dist')
    const stage = await createStage(out)
    mkdirSync(join(stage, 'builds', 'meta'), { recursive: true })
    for (const [path, content] of Object.entries({ 'index.html': '<h1>Home</h1>', 'builds/meta/b1.json': '{"id":"b1"}', 'builds/latest.json': '{"id":"b1"}' })) writeFileSync(join(stage, path), content)
    await publishStage(stage, out, 'b1')
    const first = await deployCommand(['--out', out], { DEPLOY_TARGET: 's3://site/www' })
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout.trim()).toBe('Deployed build b1 to s3://site/www: uploaded 3 files (35 B), 0 files unchanged, 0 objects deleted, 0 objects kept for open tabs.')
    const again = await deployCommand(['--out', out], { DEPLOY_TARGET: 's3://site/www' })
    expect(again.stdout.trim()).toBe('Deployed build b1 to s3://site/www: uploaded 0 files (0 B), 3 files unchanged, 0 objects deleted, 0 objects kept for open tabs.')
  })

  it('should stop with one line and exit 1 for a target without s3:// or no build, and npm start too', async () => {
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
    // npm start checks the target before it serves.
    const start = runScript('start.ts', ['--port', '0', '--demo'], cleanEnv({ ...storageEnv(), DEPLOY_TARGET: 'site/www', STORYBLOK_WEBHOOK_SECRET: 'x' }))
    expect((await start.exited).code).toBe(1)
    expect(start.stderr().trim()).toBe('DEPLOY_TARGET "site/www" is not an s3:// address: write it as s3://bucket or s3://bucket/folder.')
  })
})

interface Health {
  build: string
  deploy?: { running: boolean; standby: boolean; last?: { at: string; deployed?: { build: string; listed: boolean; uploaded: number; unchanged: number; phases: Record<string, number> }; deployFailed?: string } }
}

describe('npm start with DEPLOY_TARGET', () => {
  it('should deploy the build it serves, then each build a webhook makes live, uploading only what changed', async () => {
    const space = projectSpace(6, 1)
    space.stories.push(storyOf(99, 'home', { component: 'page' }))
    const cms = await startCmsServer({ space })
    const out = join(tempDir('deploy-start'), 'dist')
    const work = workDir('deploy-start')
    const env = { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: TOKENS.public, STORYBLOK_WEBHOOK_SECRET: 'deploy-secret', DEPLOY_TARGET: 's3://site/live', ...storageEnv() }
    expect((await runBuild(['--out', out, '--work-dir', work], env)).code).toBe(0)
    const server = await startServer(['--out', out, '--work-dir', work], env)
    try {
      const health = async () => (await (await fetch(`${server.url}/healthz`)).json()) as Health
      const first = await waitFor(async () => (await health()).deploy?.last, 30_000, 'the first deploy')
      expect(first.deployFailed).toBeUndefined()
      expect(first.deployed!.build).toBe((await health()).build)
      const total = first.deployed!.uploaded
      space.stories[0]!.content.title = 'Project 1, deployed'
      space.version++
      const body = JSON.stringify({ text: 'test', action: 'published', space_id: space.id, story_id: space.stories[0]!.id })
      await fetch(`${server.url}/api/webhooks/storyblok`, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': sign(body, 'deploy-secret') }, body })
      const next = await waitFor(async () => {
        const now = await health()
        return now.build !== first.deployed!.build && now.deploy?.last?.deployed?.build === now.build && now.deploy.last.deployed
      }, 60_000, 'the webhook build to be deployed')
      expect(next.uploaded).toBeGreaterThan(0)
      expect(next.uploaded).toBeLessThan(total / 2)
      // The first deploy listed the bucket; the next asked only after what it touched, in a process that stood by for it.
      expect([first.deployed!.listed, next.listed]).toEqual([true, false])
      // Where the deploy's time went, step by step, for an operator (and bench:publish) to read.
      expect(Object.keys(next.phases)).toEqual(['manifest', 'files', 'objects', 'upload', 'record'])
      // The webhook's build records what it wrote since the build the bucket held, so its deploy read only that.
      expect(readChanges(liveDir(out)!)?.from).toBe(first.deployed!.build)
      // The quick deploys learnt the builds' files from their changes records: once the search index has
      // followed, a full check that reads every file finds the bucket holding all of them.
      const fullCheck = () => deploySite({ outDir: out, target: parseTarget('s3://site/live'), client: clientConfig(storageEnv()), dryRun: true, graceMs: 86_400_000, log: () => {} })
      await waitFor(async () => ((await fullCheck()).plan.uploads.length === 0 && (await health()).deploy?.running === false) || undefined, 30_000, 'a full check to find the bucket complete')
      expect((await fullCheck()).plan.foreign).toEqual([])
      await waitFor(() => standingBy(out).length === 1 || undefined, 30_000, 'the next deploy to stand by')
      // /healthz says so once its code has loaded, so that a publish's deploy starts at once.
      await waitFor(async () => (await health()).deploy?.standby || undefined, 30_000, '/healthz to say the next deploy stands by')
      const latest = await new S3Client(clientConfig(storageEnv())).send(new GetObjectCommand({ Bucket: 'site', Key: 'live/builds/latest.json' }))
      expect(JSON.parse(await latest.Body!.transformToString()).id).toBe(next.build)
      expect(server.output()).toMatch(/Deployed build \S+ to s3:\/\/site\/live in [\d.]+ s: \d+ uploaded/)
    } finally {
      await server.stop()
      await cms.close()
    }
    await waitFor(() => standingBy(out).length === 0 || undefined, 10_000, 'the standing-by deploy to end with the server')
  })
})
