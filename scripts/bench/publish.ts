/**
 * `npm run bench:publish [-- --stories demo,10000 --runs 3]`: the publish loop's latency. For each
 * space (the demo space, or a generated one of N stories) it makes a full build and starts `npm start`;
 * then, the spaces taking turns run by run, it edits one story in the CMS, sends its signed webhook
 * and measures the time until `/healthz` names a new live build. The edited story is a project that
 * other projects relate to, so its cards on those pages change too. Results go to
 * docs/benchmark/publish.md.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { startCmsServer } from '../../cms/api/server.ts'
import { loadSpace, type Space } from '../../cms/api/space.ts'
import { DEMO_SPACE_DIR } from '../../cms/demo-space.ts'
import { runNode, runScript } from '../engine/bundles/child-process.ts'
import { buildsDir } from '../engine/files/deploy.ts'
import { formatBytes } from '../engine/report/progress.ts'
import { sign } from '../server/webhook.ts'
import { generateSpace } from './generate-space.ts'
import { machineDescription, median } from './stats.ts'

const ROOT = resolve(import.meta.dirname, '..', '..')
const WORK = join(ROOT, '.build', 'bench-publish')
const SECRET = 'bench-webhook-secret'

const spawnScript = ([script, ...args]: string[], env: NodeJS.ProcessEnv) => runScript(script!, args, { cwd: ROOT, env: { ...process.env, CI: 'true', ...env } })


/** Starts `npm start` on the built output; resolves with its URL once it serves. */
function startServer(out: string, work: string, env: NodeJS.ProcessEnv) {
  const server = spawnScript(['scripts/start.ts', '--port', '0', '--host', '127.0.0.1', '--out', out, '--work-dir', work], env)
  const url = new Promise<string>((resolvePromise, reject) => {
    const timer = setInterval(() => {
      const found = /Serving .* at (http:\/\/[^/\s]+)\//.exec(server.output())?.[1]
      if (found) resolvePromise(found), clearInterval(timer)
      if (server.child.exitCode !== null) reject(new Error(server.output())), clearInterval(timer)
    }, 20)
  })
  return { server, url }
}

/** The most related-to project: its card is on the most other pages. */
function mostShown(space: Space) {
  const relatedCount = new Map<string, number>()
  for (const story of space.stories) for (const uuid of (story.content.related as string[] | undefined) ?? []) relatedCount.set(uuid, (relatedCount.get(uuid) ?? 0) + 1)
  const [uuid, shownOn] = [...relatedCount].sort((a, b) => b[1] - a[1])[0]!
  return { target: space.stories.find((story) => story.uuid === uuid)!, shownOn }
}

/** Polls `/healthz` until `done` says so. */
async function until(url: string, done: (health: Health) => boolean): Promise<void> {
  while (!done((await (await fetch(`${url}/healthz`)).json()) as Health)) await new Promise((resolvePromise) => setTimeout(resolvePromise, 10))
}
interface Health {
  build: string
  queue: { building: boolean; pending: number; standby: boolean }
  deploy?: { running: boolean; standby: boolean; last?: { deployed?: { build: string; uploaded: number; uploadedBytes: number; seconds: number; phases: Record<string, number> }; deployFailed?: string } }
}

/** The build the bucket's builds/latest.json names, read on a connection of its own: one kept alive stalled for seconds once the server had dropped it. */
function bucketLatest(bucketUrl: string): Promise<string | undefined> {
  return new Promise((resolvePromise) => {
    get(`${bucketUrl}/builds/latest.json`, { agent: false }, (response) => {
      let body = ''
      response.on('data', (chunk) => (body += chunk))
      response.on('end', () => {
        try {
          resolvePromise(response.statusCode === 200 ? (JSON.parse(body) as { id?: string }).id : undefined)
        } catch {
          resolvePromise(undefined) // being written: s3rver serves a file while it stores it
        }
      })
    }).on('error', () => resolvePromise(undefined))
  })
}

/** One edit of `target` published by webhook: seconds until live, and until the build process is done. */
async function publishOnce(url: string, bucketUrl: string, out: string, space: Space, target: Space['stories'][number], run: number) {
  const before = ((await (await fetch(`${url}/healthz`)).json()) as Health).build
  target.content.title = `${String(target.content.title).replace(/ \(edit \d+\)$/, '')} (edit ${run})`
  space.version++
  const body = JSON.stringify({ text: 'bench', action: 'published', space_id: space.id, story_id: target.id, full_slug: target.full_slug })
  const started = performance.now()
  const answer = await fetch(`${url}/api/webhooks/storyblok`, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-signature': sign(body, SECRET) }, body })
  if (answer.status !== 202) throw new Error(`The webhook was answered ${answer.status}`)
  // Live: /healthz names the new build (the link was swapped). The build process then deletes the
  // oldest kept build before it exits; that is timed apart.
  let live = before
  await until(url, (health) => (live = health.build) !== before)
  const seconds = (performance.now() - started) / 1000
  const since = () => (performance.now() - started) / 1000
  // The build process goes on after going live (search index, compressed variants) while the deploy
  // runs: each is timed on its own.
  let uploaded = ''
  let steps = ''
  let failed: string | undefined
  const [done, visible, inBucket] = await Promise.all([
    until(url, (health) => !health.queue.building && health.queue.pending === 0).then(since),
    // Visible in the bucket: its builds/latest.json, uploaded after every other file of the build, names it (read
    // as a browser would, without credentials: s3rver checks none), before the deploy records its manifest.
    (async () => {
      while ((await bucketLatest(bucketUrl)) !== live) await new Promise((resolvePromise) => setTimeout(resolvePromise, 10))
    })().then(since),
    // Deployed: npm start's deploy of the new build ended (its manifest recorded).
    until(url, (health) => {
      const last = health.deploy?.last
      uploaded = last?.deployed ? `${last.deployed.uploaded} files, ${formatBytes(last.deployed.uploadedBytes)}` : ''
      // The deploy's own time by step (scripts/engine/deploy/deploy-site.ts); before it, the deploy waits for the build to go live.
      steps = last?.deployed ? `${last.deployed.seconds.toFixed(2)} s: ${Object.entries(last.deployed.phases).map(([step, seconds]) => `${step} ${seconds.toFixed(2)}`).join(', ')}` : ''
      failed = last?.deployFailed
      return last?.deployed?.build === health.build || Boolean(failed)
    }).then(since),
  ])
  if (failed) throw new Error(`The deploy of the new build failed: ${failed}`)
  await until(url, (health) => health.queue.standby && !health.deploy?.running && Boolean(health.deploy?.standby))
  // Minutes later, the build that fell out of the kept ones is deleted too.
  while (readdirSync(buildsDir(out)).some((name) => name.startsWith('.trash-'))) await new Promise((resolvePromise) => setTimeout(resolvePromise, 20))
  return { seconds, done, visible, inBucket, uploaded, steps }
}

/** A space built in full and served by `npm start`, idle with its next build standing by. */
async function serve(label: string, space: Space, storage: NodeJS.ProcessEnv) {
  const cms = await startCmsServer({ space })
  const out = join(WORK, `out-${label}`)
  const work = join(WORK, `work-${label}`)
  rmSync(out, { force: true, recursive: true })
  const env = { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: space.tokens.public, STORYBLOK_WEBHOOK_SECRET: SECRET, STORYBLOK_RATE_LIMIT: '10000', ...storage, DEPLOY_TARGET: `s3://bench/${label}` }
  const full = spawnScript(['scripts/build.ts', '--out', out, '--work-dir', work, '--full'], env)
  if ((await full.exited).code !== 0) throw new Error(`The full build failed:\n${full.output()}`)
  const { server, url: serving } = startServer(out, work, env)
  const url = await serving
  // Its first deploy (the whole build) done, as long before the first webhook.
  await until(url, (health) => health.queue.standby && Boolean(health.deploy?.last) && !health.deploy?.running && Boolean(health.deploy?.standby))
  const first = ((await (await fetch(`${url}/healthz`)).json()) as Health).deploy?.last?.deployed
  if (!first) throw new Error(`The first deploy failed:\n${server.output()}`)
  const firstDeploy = `${first.uploaded.toLocaleString('en')} files, ${formatBytes(first.uploadedBytes)} in ${first.seconds.toFixed(1)} s`
  const stop = async () => {
    server.child.kill('SIGTERM')
    await server.exited
    await cms.close()
  }
  const bucketUrl = `${storage.AWS_ENDPOINT_URL_S3}/bench/${label}`
  /** `npm run deploy` once the runs are done: a full check (the bucket listed) that finds nothing to upload. */
  const noOpDeploy = async () => {
    const began = performance.now()
    const deploy = spawnScript(['scripts/deploy.ts', '--out', out], env)
    if ((await deploy.exited).code !== 0) throw new Error(`npm run deploy failed:\n${deploy.output()}`)
    return `${/uploaded (.*?), [\d,]+ objects? deleted/.exec(deploy.stdout())?.[1] ?? deploy.stdout().trim()} in ${((performance.now() - began) / 1000).toFixed(1)} s`
  }
  return { label, space, out, server, url, bucketUrl, stop, firstDeploy, noOpDeploy, noOp: '', ...mostShown(space), samples: [] as { seconds: number; done: number; visible: number; inBucket: number; uploaded: string; steps: string; line: string }[] }
}
type Served = Awaited<ReturnType<typeof serve>>

async function publishRun(served: Served, run: number): Promise<void> {
  const { label, server, url, bucketUrl, out, space, target, samples } = served
  const logFrom = server.output().length
  const { seconds, done, visible, inBucket, uploaded, steps } = await publishOnce(url, bucketUrl, out, space, target, run)
  const line = /^\S+ {3}(.*routes rendered.*)$/m.exec(server.output().slice(logFrom))?.[1]?.trim() ?? ''
  samples.push({ seconds, done, visible, inBucket, uploaded, steps, line })
  process.stderr.write(`  ${label}, run ${run}: live after ${seconds.toFixed(2)} s, build process done after ${done.toFixed(2)} s, visible in the bucket after ${visible.toFixed(2)} s, deployed after ${inBucket.toFixed(2)} s (${uploaded} uploaded; deploy ${steps}; ${line})\n`)
}

const { values } = parseArgs({ options: { stories: { type: 'string', default: 'demo,10000' }, runs: { type: 'string', default: '3' }, seed: { type: 'string', default: '1' } } })
const runs = Number(values.runs)
mkdirSync(WORK, { recursive: true })
const served: Served[] = []
// The bucket every server deploys to (npm start with DEPLOY_TARGET): a real S3-protocol server, local.
rmSync(join(WORK, 's3'), { recursive: true, force: true })
const bucketServer = runNode(['--openssl-legacy-provider', join(import.meta.dirname, 'bucket-server.mjs'), join(WORK, 's3'), 'bench'])
while (!/^\d+\n/.test(bucketServer.stdout())) {
  if (bucketServer.child.exitCode !== null) throw new Error(`The bucket server did not start:\n${bucketServer.output()}`)
  await new Promise((resolvePromise) => setTimeout(resolvePromise, 20))
}
const storage = { AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${bucketServer.stdout().trim()}`, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' }
try {
  for (const size of values.stories!.split(',')) served.push(await serve(size, size === 'demo' ? structuredClone(loadSpace(DEMO_SPACE_DIR)) : generateSpace(Number(size), Number(values.seed)), storage))
  // The spaces take turns, run by run (A B A B), so that a slower minute of this machine falls on all of them.
  for (let run = 1; run <= runs; run++) for (const each of served) await publishRun(each, run)
  for (const each of served) each.noOp = await each.noOpDeploy()
} finally {
  for (const each of served) await each.stop()
  bucketServer.child.kill('SIGTERM')
  await bucketServer.exited
}
const results = served.map(({ label, space, target, shownOn, samples, firstDeploy, noOp }) => ({
  label,
  firstDeploy,
  noOp,
  stories: space.stories.length,
  story: target.full_slug,
  shownOn,
  seconds: median(samples.map((sample) => sample.seconds)),
  done: median(samples.map((sample) => sample.done)),
  visible: median(samples.map((sample) => sample.visible)),
  inBucket: median(samples.map((sample) => sample.inBucket)),
  samples,
}))

const machine = machineDescription()
const date = new Date().toISOString().slice(0, 10)
const rows = results.map(
  (r) =>
    `| ${r.label} (${r.stories} stories) | \`${r.story}\` (related from ${r.shownOn}) | ${r.seconds.toFixed(2)} s | ${r.samples.map((s) => s.seconds.toFixed(2)).join(', ')} | ${r.done.toFixed(2)} s | ${r.visible.toFixed(2)} s | ${r.samples.map((s) => s.visible.toFixed(2)).join(', ')} | ${r.inBucket.toFixed(2)} s (${r.samples[0]?.uploaded ?? ''}) | ${r.samples.find((sample) => sample.visible === r.visible)?.steps ?? ''} | ${r.samples[0]?.line ?? ''} |`,
)
const markdown = `# Webhook to live\n\nMeasured by \`npm run bench:publish -- --stories ${values.stories} --runs ${runs}\` on ${date}: ${machine}.\nThe spaces take turns, run by run. One story edited in the embedded CMS, its signed webhook sent to \`npm start\` once it is idle (its next build and next deploy standing by and the oldest build deleted, as minutes after the last webhook), timed until \`/healthz\` names the new live build, until the build process has ended (search index and compressed variants made), and, apart from that, until the server's deploy (\`DEPLOY_TARGET\`, to a local s3rver) has put that build in the bucket: visible once the bucket's \`builds/latest.json\`, which the deploy uploads after every other file of the build, names it; done once the deploy has recorded its manifest and reported. Client throttle lifted.\n\n| space | story | webhook to live, median | runs | build process done | visible in the bucket, median | runs | deploy done, median (first run's uploads) | deploy by step, in the run of the median visible time | first run's build |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n${rows.join('\n')}\n\nThe whole build's first deploy (\`npm start\`'s, listing the bucket) and a no-op \`npm run deploy\` after the runs (also a full check):\n\n| space | first deploy | no-op deploy |\n| --- | --- | --- |\n${results.map((r) => `| ${r.label} | ${r.firstDeploy} | ${r.noOp} |`).join('\n')}\n`
console.log(`\n${markdown}`)
mkdirSync(join(ROOT, 'docs', 'benchmark'), { recursive: true })
writeFileSync(join(ROOT, 'docs', 'benchmark', 'publish.md'), markdown)
