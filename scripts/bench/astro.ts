/**
 * `npm run bench:astro [-- --stories 5000 --runs 3]`: our cold full build (bundles included) against
 * Astro's static build of the same generated space, through Storyblok's official integration
 * (scripts/bench/astro-peer), both from the embedded CMS with the client's throttle lifted, then
 * Pagefind over Astro's output as an Astro site adds search. The two take turns, A B A B, after one
 * untimed build of each; the ratio is taken pair by pair. Results go to docs/benchmark/astro.md.
 *
 * The peer renders every story as our pages show it: a component per block type, rich text through
 * the integration's renderer, related projects resolved, responsive images, the head's sharing tags,
 * the derived navigation and breadcrumbs. It writes no payloads, manifests or sitemap, and lists only
 * the first page of a long project list: it does less than our build, a conservative peer.
 */
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { startCmsServer } from '../../cms/api/server.ts'
import { runNode, runScript, type NodeProcess } from '../engine/bundles/child-process.ts'
import { BENCH_TOKENS, generateSpace } from './generate-space.ts'
import { LIFTED_RATE_LIMIT, settleDisk, writeKeepingNotes } from './shared.ts'
import { machineDescription, median } from './stats.ts'

const ROOT = resolve(import.meta.dirname, '..', '..')
const WORK = join(ROOT, '.build', 'bench-astro')
const PEER_SOURCE = join(ROOT, 'scripts', 'bench', 'astro-peer')
const PEER = join(WORK, 'astro-peer')
/** Our summary's first line, printed once the build is live; its search index is written after it. Astro's build is whole when it exits. */
const LIVE = /Built (\d+) routes in/

/** Copies the peer's sources into the work folder and installs its locked packages there once. */
function installPeer(): void {
  mkdirSync(PEER, { recursive: true })
  for (const name of readdirSync(PEER_SOURCE)) {
    rmSync(join(PEER, name), { recursive: true, force: true })
    cpSync(join(PEER_SOURCE, name), join(PEER, name), { recursive: true })
  }
  const lock = readFileSync(join(PEER, 'package-lock.json'), 'utf8')
  const installed = join(PEER, 'node_modules', '.bench-lock.json')
  if (existsSync(installed) && readFileSync(installed, 'utf8') === lock) return
  console.log('Installing the Astro peer (npm ci in .build/bench-astro/astro-peer)…')
  const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEER, stdio: 'inherit' })
  if (npm.status !== 0) throw new Error('Installing the Astro peer failed: see npm’s output above.')
  writeFileSync(installed, lock)
}

/**
 * Runs a build to its end: its wall time in seconds, what it printed, and when it first printed
 * `mark` (seconds since it was started: the process's start-up counts, as it does in Astro's time).
 */
async function timed(start: () => NodeProcess, what: string, mark?: RegExp): Promise<{ seconds: number; output: string; marked?: number }> {
  settleDisk()
  const started = performance.now()
  const build = start()
  let marked: number | undefined
  if (mark) build.child.stdout!.on('data', () => (marked ??= mark.test(build.stdout()) ? (performance.now() - started) / 1000 : undefined))
  const { code } = await build.exited
  if (code !== 0) throw new Error(`${what} failed (exit ${code}):\n${build.output()}`)
  return { seconds: (performance.now() - started) / 1000, output: build.output(), marked }
}

/** One pair's seconds: ours live and ours with its search index; Astro's build and Astro's build with Pagefind after it. */
interface Pair {
  oursLive: number
  ours: number
  astro: number
  astroSearch: number
}

async function bench(stories: number, runs: number, seed: number) {
  const cms = await startCmsServer({ space: generateSpace(stories, seed), memoize: true })
  const env = { ...process.env, CI: 'true', STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: BENCH_TOKENS.public, STORYBLOK_RATE_LIMIT: String(LIFTED_RATE_LIMIT), ASTRO_TELEMETRY_DISABLED: '1' }
  const work = join(WORK, 'work')
  // Every run writes a folder of its own, deleted at the end: deleting thousands of files between runs would slow the next.
  const ours = (run: number) => {
    rmSync(join(work, 'vike', 'fingerprint'), { force: true })
    return () => runScript('scripts/build.ts', ['--out', join(WORK, `run-ours-${run}`), '--work-dir', work, '--full'], { cwd: ROOT, env })
  }
  const peerOut = (run: number) => join(WORK, `run-astro-${run}`)
  const astro = (run: number) => () => runNode([join(PEER, 'node_modules', 'astro', 'astro.js'), 'build'], { cwd: PEER, env: { ...env, ASTRO_OUT_DIR: peerOut(run) } })
  // The search index, as an Astro site adds it: Pagefind over the built site (ours runs the same Pagefind once live).
  const pagefind = (run: number) => () => runNode([join(PEER, 'node_modules', 'pagefind', 'lib', 'runner', 'bin.cjs'), '--site', peerOut(run)], { cwd: PEER, env })
  const pairs: Pair[] = []
  let astroPages = 0
  let ourRoutes = 0
  try {
    // One untimed build of each: the CMS makes its answers, the disk cache holds both tool chains.
    await timed(ours(0), 'Our warm-up build')
    await timed(astro(0), 'The Astro warm-up build')
    for (let run = 1; run <= runs; run++) {
      const a = await timed(ours(run), 'Our build', LIVE)
      const b = await timed(astro(run), 'The Astro build')
      const search = await timed(pagefind(run), 'Pagefind over the Astro build')
      ourRoutes = Number(LIVE.exec(a.output)?.[1] ?? 0)
      astroPages = Number(/(\d+) page\(s\) built/.exec(b.output)?.[1] ?? 0)
      pairs.push({ oursLive: a.marked!, ours: a.seconds, astro: b.seconds, astroSearch: b.seconds + search.seconds })
      console.log(`  ${stories} stories, pair ${run}/${runs}: ours live at ${a.marked!.toFixed(1)} s, with its search index ${a.seconds.toFixed(1)} s; Astro ${b.seconds.toFixed(1)} s, with Pagefind ${(b.seconds + search.seconds).toFixed(1)} s`)
    }
  } finally {
    await cms.close()
    for (const name of readdirSync(WORK)) if (name.startsWith('run-')) rmSync(join(WORK, name), { recursive: true, force: true })
  }
  return { stories, pairs, astroPages, ourRoutes }
}

const range = (values: number[], digits = 1) => `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`

const { values } = parseArgs({ options: { stories: { type: 'string', default: '5000' }, runs: { type: 'string', default: '3' }, seed: { type: 'string', default: '1' } } })
const sizes = values.stories.split(',').map(Number)
const runs = Number(values.runs)
if (sizes.some((size) => !Number.isInteger(size) || size < 2) || !Number.isInteger(runs) || runs < 1) {
  console.error('Usage: npm run bench:astro -- --stories 5000 --runs 3 [--seed 1]')
  process.exit(1)
}
const results = []
try {
  installPeer()
  for (const size of sizes) results.push(await bench(size, runs, Number(values.seed)))
} catch (error) {
  console.error(`bench:astro stopped: ${(error as Error).message}`)
  process.exit(1)
}

const peer = JSON.parse(readFileSync(join(PEER_SOURCE, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
const rows = results.flatMap(({ stories, pairs, astroPages, ourRoutes }) => {
  const row = (what: string, ours: (pair: Pair) => number, astro: (pair: Pair) => number) =>
    `| ${stories} | ${what} | ${range(pairs.map(ours))} s | ${range(pairs.map(astro))} s | ${range(pairs.map((pair) => astro(pair) / ours(pair)), 2)}× |`
  return [row(`the site built (ours: live, ${ourRoutes} routes; Astro: ${astroPages} pages)`, (pair) => pair.oursLive, (pair) => pair.astro), row('with its search index', (pair) => pair.ours, (pair) => pair.astroSearch)]
})
const table = ['| stories | until | ours, median (min–max) | Astro | Astro ÷ ours, pair by pair |', '| --- | --- | --- | --- | --- |', ...rows].join('\n')
const command = `npm run bench:astro -- --stories ${values.stories} --runs ${runs}`
const date = new Date().toISOString().slice(0, 10)
const markdown = `# Against Astro\n\nMeasured by \`${command}\` on ${date}: ${machineDescription()}.\nAstro ${peer.dependencies.astro} with @storyblok/astro ${peer.dependencies['@storyblok/astro']} and Pagefind ${peer.dependencies.pagefind} (scripts/bench/astro-peer) against our cold full build, bundles included, of the same generated space (seed ${values.seed}) from the embedded CMS, throttles lifted. The two take turns after one untimed build of each; each time counts from the process's start.\n\n${table}\n\nThe peer does less than our build: no payloads, build manifests, sitemap or project-list pages past the first (scripts/bench/astro.ts).\n`
console.log(`\n${table}\n`)
writeKeepingNotes(join(ROOT, 'docs', 'benchmark', 'astro.md'), markdown)
console.log('Written to docs/benchmark/astro.md')
