/**
 * `npm start [-- --port N] [--host H] [--out DIR] [--work-dir DIR] [--insecure-webhooks] [--demo]`: the
 * production server. It serves the live build as `npm run preview` does and adds:
 * - POST /api/webhooks/storyblok: signed Storyblok webhooks, answered 202 at once and queued;
 *   each build refetches and re-renders only what changed, and goes live by an atomic link swap;
 * - GET /healthz: the live build id, the queue and, with DEPLOY_TARGET, the last deploy;
 * with DEPLOY_TARGET set, each build that goes live is deployed to object storage (npm run deploy);
 * - GET /api/preview/story: drafts for the visual editor, for requests with a valid editor token.
 * SIGTERM stops accepting connections and abandons a running build; the live build is untouched
 * and pending changes stay on disk for the next start.
 */
import type { RequestHandler } from 'express'
import { existsSync } from 'node:fs'
import { createServer, type RequestListener } from 'node:http'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { loadSpace } from '../cms/api/space.ts'
import { ConfigError, readVar } from '../cms/config.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'
import { cacheDir } from './engine/cache/cache.ts'
import { loadEnv, readBuildConfig } from './engine/config.ts'
import { liveDir } from './engine/files/deploy.ts'
import { listenOrExit, portOrExit } from './server/listen.ts'
import { createApp } from './server/app.ts'
import { buildRunner } from './server/build-runner.ts'
import { deployRunner } from './server/deploy-runner.ts'
import { storiesShowingAsset } from './engine/publish/asset-index.ts'
import { clientConfig, DeployError, parseTarget } from './engine/deploy/target.ts'
import { previewProxy } from './server/preview-proxy.ts'
import { BuildQueue } from './server/queue.ts'

const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`)
const fail = (message: string) => {
  process.stderr.write(`${message}\n`)
  process.exit(1)
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '3000' },
    host: { type: 'string', default: process.env.HOST ?? '0.0.0.0' },
    out: { type: 'string', default: 'dist' },
    'work-dir': { type: 'string', default: '.build' },
    'insecure-webhooks': { type: 'boolean', default: false },
    demo: { type: 'boolean', default: false },
  },
})
const configFailure = (error: unknown) => fail(error instanceof ConfigError ? error.message : String(error))
let env: ReturnType<typeof loadEnv> = {}
try {
  env = loadEnv()
} catch (error) {
  configFailure(error)
}
const port = portOrExit(values.port)
const secret = readVar(env, 'STORYBLOK_WEBHOOK_SECRET')
if (!secret && !values['insecure-webhooks']) {
  fail(
    'STORYBLOK_WEBHOOK_SECRET is not set, so webhooks could not be verified: anyone could trigger builds. ' +
      'Set it to the secret of the webhook in Storyblok (Settings → Webhooks), or pass --insecure-webhooks for local testing only.',
  )
}

const buildArgs = ['--out', values.out!, '--work-dir', values['work-dir']!, ...(values.demo ? ['--demo'] : [])]
let config
try {
  config = readBuildConfig(env, buildArgs)
} catch (error) {
  configFailure(error)
}
const outDir = config!.outDir

// With DEPLOY_TARGET, every build that goes live is deployed (scripts/server/deploy-runner.ts); its settings are checked now.
// Only the settings module is imported here: the AWS SDK loads in the deploy process, never in the server.
let deployer: ReturnType<typeof deployRunner> | undefined
if (env.DEPLOY_TARGET) {
  try {
    clientConfig(env)
    deployer = deployRunner({ target: parseTarget(env.DEPLOY_TARGET).url, outDir, log })
  } catch (error) {
    fail(error instanceof DeployError ? error.message : String(error))
  }
}
if (!liveDir(outDir) || !existsSync(join(liveDir(outDir)!, 'index.html'))) fail(`Nothing to serve: ${outDir} holds no build. Run \`npm run build\` first.`)

// The port first: a busy one ends the command before anything starts (scripts/server/listen.ts).
let app: RequestListener | undefined
const server = createServer((req, res) => (app ? app(req, res) : res.writeHead(503, { 'retry-after': '1' }).end('Starting.')))
const actualPort = await listenOrExit(server, port, values.host!)

// The preview proxy talks to the CMS with the preview token; for the demo space, to an embedded CMS of its own.
let previewCms: CmsServer | undefined
let preview: RequestHandler | undefined
if (config!.embedded) {
  previewCms = await startCmsServer({ space: loadSpace(DEMO_SPACE_DIR) })
  preview = previewProxy({ ...config!.cms, apiUrl: previewCms.url, previewToken: previewCms.space.tokens.preview }, log)
} else if (config!.cms.previewToken) {
  preview = previewProxy({ ...config!.cms, previewToken: config!.cms.previewToken }, log)
}

// The server sends the compressed variants itself, so its builds write them unless PRECOMPRESS=0 says not to.
const runner = buildRunner({ args: buildArgs, env: { ...process.env, PRECOMPRESS: readVar(env, 'PRECOMPRESS') ?? '1' }, log })
const queue = new BuildQueue({
  file: join(cacheDir(config!), 'pending-webhooks.json'),
  start: (storyIds) => {
    const run = runner.start(storyIds)
    // Deployed once live: the build process may still be writing compressed variants, which deploys leave out,
    // and its search index, which one more deploy takes once the process has ended.
    void run.live.then((live) => live && deployer?.deploy())
    if (config!.search) void run.done.then(({ live }) => live && deployer?.deploy(), () => {})
    return run
  },
  log,
})
app = createApp({ outDir, queue, webhookSecret: secret, preview, standingBy: runner.standingBy, deployStatus: deployer?.status, storiesShowingAsset: (id) => storiesShowingAsset(cacheDir(config!), id), log })

// Set before the server says it serves: a SIGTERM right after that line must find them.
let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  log(`${signal}: no new connections; abandoning any running build (the live build is untouched; pending changes are kept).`)
  const closed = new Promise<void>((resolvePromise) => server.close(() => resolvePromise()))
  server.closeIdleConnections()
  await queue.close()
  runner.close()
  deployer?.close()
  await previewCms?.close()
  await Promise.race([closed, new Promise((resolvePromise) => setTimeout(resolvePromise, 5000).unref())])
  process.exit(0)
}
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGINT', () => void stop('SIGINT'))

log(`Serving ${resolve(outDir)} at http://${values.host}:${actualPort}/ (webhooks: POST /api/webhooks/storyblok${secret ? '' : ', NOT VERIFIED (--insecure-webhooks)'}; preview proxy ${preview ? 'on' : 'off: no STORYBLOK_PREVIEW_TOKEN'})`)
queue.resume()
// The bucket may be behind the build served (built before this start): a deploy of an unchanged build uploads nothing.
deployer?.deploy()
