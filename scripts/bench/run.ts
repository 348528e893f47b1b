// Over 250 lines: one benchmark script, from the generated space to the table it writes.
/**
 * `npm run bench [-- --stories 1000,10000 --runs 3 --seed 1 --languages 1]`: full builds of generated
 * spaces against the embedded CMS, with the figures docs/benchmark/README.md reports, printed as a
 * table and written to docs/benchmark/ (results.json and README.md, with machine, Node version and
 * date; with `--languages N`, N languages in all, languages.md and a JSON file named for N).
 *
 * The client's throttle (5 requests/s) is lifted so that the build itself is measured; the requests
 * made and the time they would take at 5/s are reported separately.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { startCmsServer, type CmsServer } from '../../cms/api/server.ts'
import { createCmsClient } from '../../cms/client.ts'
import { DEFAULT_PER_PAGE, DEFAULT_RATE_LIMIT, readCmsConfig } from '../../cms/config.ts'
import { crawl, crawlLanguage } from '../../cms/crawl.ts'
import { fetchDatasource, REDIRECTS_DATASOURCE } from '../../cms/datasource.ts'
import { minimumRequests } from '../../cms/request-budget.ts'
import { build as esbuild } from 'esbuild'
import { runNode, runScript } from '../engine/bundles/child-process.ts'
import { LATEST_BUILD_PATH } from '../../pages/build-contract.ts'
import { pageWeight, type PageWeight } from '../page-weight.ts'
import { BENCH_LANGUAGE_CODES, BENCH_TOKENS, generateSpace } from './generate-space.ts'
import { LIFTED_RATE_LIMIT, settleDisk, writeKeepingNotes } from './shared.ts'
import { machineDescription, median } from './stats.ts'

const ROOT = resolve(import.meta.dirname, '..', '..')
const WORK = join(ROOT, '.build', 'bench')

interface BuildStats {
  seconds: number
  routes: number
  requests: number
  cpuSeconds: number
  systemSeconds: number
  maxRssMb: number
  bytes: number
  bundles?: { cpuSeconds: number; systemSeconds: number; maxRssMb: number }
}

/** What every run folder's name starts with (its output, its deploy folder `.run-…builds`, its lower bound). */
const RUN_FOLDER = 'run-'

/** Deletes the folders the runs wrote into, with their deployed builds. */
function removeRunFolders(): void {
  for (const name of readdirSync(WORK)) {
    if (name.startsWith(RUN_FOLDER) || name.startsWith(`.${RUN_FOLDER}`)) rmSync(join(WORK, name), { recursive: true, force: true })
  }
}

/**
 * The lower bound as one module, bundled as Vite's server build bundles pages (the theme's CSS
 * import empty): Node itself cannot import a `.css` file.
 */
async function bundleLowerBound(): Promise<string> {
  const outfile = join(WORK, 'lower-bound.mjs')
  await esbuild({ entryPoints: [join(ROOT, 'scripts/bench/lower-bound.tsx')], outfile, bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', jsx: 'automatic', loader: { '.css': 'empty' }, logLevel: 'silent' })
  return outfile
}

/** Runs a TypeScript script as `npm run` does, or a bundled module (`.mjs`) as it is. */
async function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string; seconds: number }> {
  const started = performance.now()
  const options = { cwd: ROOT, env: { ...process.env, ...env } }
  const node = script.endsWith('.mjs') ? runNode([script, ...args], options) : runScript(script, args, options)
  const { code } = await node.exited
  return { code, output: node.output(), seconds: (performance.now() - started) / 1000 }
}


interface Sizes {
  median: number
  max: number
}

/** Median and largest HTML and payload bytes per content type (page, article, project) and in all. */
function bytesPerType(dir: string, routes: string[]): Record<string, { pages: number; html: Sizes; payload: Sizes }> {
  const byType = new Map<string, { html: number[]; payload: number[] }>()
  for (const route of routes) {
    const payloadFile = join(dir, route, '_payload.json')
    const type = (JSON.parse(readFileSync(payloadFile, 'utf8')) as { story: { content: { component: string } } }).story.content.component
    for (const key of [type, 'all']) {
      const entry = byType.get(key) ?? { html: [], payload: [] }
      entry.html.push(statSync(join(dir, route, 'index.html')).size)
      entry.payload.push(statSync(payloadFile).size)
      byType.set(key, entry)
    }
  }
  const sizes = (values: number[]): Sizes => ({ median: median(values), max: Math.max(...values) })
  return Object.fromEntries([...byType].map(([type, { html, payload }]) => [type, { pages: html.length, html: sizes(html), payload: sizes(payload) }]))
}

/** First-load weight of one route of each content type. */
function weights(dir: string, routes: string[]): Record<string, PageWeight> {
  const found: Record<string, PageWeight> = {}
  for (const route of routes) {
    const payload = JSON.parse(readFileSync(join(dir, route, '_payload.json'), 'utf8')) as { story: { content: { component: string } } }
    const type = payload.story.content.component
    found[type] ??= pageWeight(dir, route)
    if (Object.keys(found).length === 3) break
  }
  return found
}

/**
 * Has the embedded CMS make its answers once, untimed: a crawl of every language and the redirects
 * datasource, as the builds ask for them, through the same client with the same settings, so that
 * every request of a timed build is one the CMS has answered before. It serves those from memory afterwards (cms/api/server.ts
 * and cms/api/delivery.ts, `memoize`), as Storyblok's CDN serves a build from its cache, and the
 * timed builds do not share their two cores with the CMS making answers the real API would not
 * make on this machine. Warming with other requests (pages of 100) left the whole answers of the
 * first timed run to be made: about 0.35 s more of the CMS's CPU in that run than in the others.
 */
async function warmCms(cms: CmsServer, env: Record<string, string>): Promise<void> {
  const config = readCmsConfig(env)
  const client = createCmsClient(config)
  const discard = { add() {} }
  const { cv } = await crawl(client, { perPage: config.perPage, sink: discard })
  for (const code of cms.space.language_codes ?? []) await crawlLanguage(client, cv, code, { perPage: config.perPage, sink: discard })
  await fetchDatasource(client, REDIRECTS_DATASOURCE, cv)
}

async function benchSize(stories: number, runs: number, seed: number, reuseBundles: boolean, languages: number) {
  const space = generateSpace(stories, seed, languages)
  const spaceFile = join(WORK, `space-${stories}-${seed}.json`)
  mkdirSync(WORK, { recursive: true })
  writeFileSync(spaceFile, JSON.stringify(space))
  const cms = await startCmsServer({ space, memoize: true })
  // What the builds are told of the CMS; the warm-up crawls with the same settings.
  const cmsEnv = { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: BENCH_TOKENS.public, STORYBLOK_RATE_LIMIT: String(LIFTED_RATE_LIMIT) }
  await warmCms(cms, cmsEnv)
  // Each run builds into a folder of its own, and its lower bound writes into another: nothing is
  // deleted between runs (removeRunFolders, once every size is measured): on this machine's disk,
  // making files right after deleting thousands takes two to three times the kernel time, which a
  // cold build on a fresh checkout does not pay.
  const outOf = (run: number) => join(WORK, `${RUN_FOLDER}out-${stories}-${run + 1}`)
  const boundOf = (run: number) => join(WORK, `${RUN_FOLDER}bound-${stories}-${run + 1}`)
  const out = outOf(runs - 1)
  const statsFile = join(WORK, `stats-${stories}.json`)
  const lowerBound = bundleLowerBound()
  const builds: (BuildStats & { wall: number; cmsRequests: number })[] = []
  const bounds: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      const before = cms.requests.length
      // Every run a full build (--full ignores the build cache); the bundles are built every run
      // too unless --reuse-bundles, which measures a build whose code did not change.
      if (!reuseBundles) rmSync(join(WORK, 'work', 'vike', 'fingerprint'), { force: true })
      settleDisk()
      const result = await run('scripts/build.ts', ['--out', outOf(i), '--work-dir', join(WORK, 'work'), '--full'], { ...cmsEnv, BUILD_STATS_FILE: statsFile, CI: 'true' })
      if (result.code !== 0) throw new Error(`Build of ${stories} stories failed:\n${result.output}`)
      const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as BuildStats
      builds.push({ ...stats, wall: result.seconds, cmsRequests: cms.requests.length - before })
      // The lower bound right after each build, so that both see the machine in the same state.
      settleDisk()
      const bound = await run(await lowerBound, ['--space', spaceFile, '--out', boundOf(i)], { NODE_ENV: 'production' })
      if (bound.code !== 0) throw new Error(`Lower-bound render failed:\n${bound.output}`)
      bounds.push(JSON.parse(bound.output.trim().split('\n').pop()!).seconds as number)
      process.stderr.write(`  ${stories} stories, run ${i + 1}/${runs}: ${result.seconds.toFixed(1)} s (lower bound ${bounds.at(-1)!.toFixed(1)} s)\n`)
    }
  } finally {
    await cms.close()
  }
  return summarize({ stories, runs, languages, space, out, builds, bounds })
}

/** The figures of one size's runs, as the table reports them. */
function summarize({ stories, runs, languages, space, out, builds, bounds }: { stories: number; runs: number; languages: number; space: ReturnType<typeof generateSpace>; out: string; builds: (BuildStats & { wall: number; cmsRequests: number })[]; bounds: number[] }) {
  const boundSeconds = median(bounds)

  const walls = builds.map((build) => build.wall)
  const meta = JSON.parse(readFileSync(join(out, LATEST_BUILD_PATH), 'utf8')) as { id: string }
  const routes = (JSON.parse(readFileSync(join(out, 'builds/meta', `${meta.id}.json`), 'utf8')) as { routes: string[] }).routes
  const requests = builds[0]!.cmsRequests
  return {
    stories,
    runs,
    wall: { median: median(walls), min: Math.min(...walls), max: Math.max(...walls) },
    cpuSeconds: median(builds.map((build) => build.cpuSeconds + (build.bundles?.cpuSeconds ?? 0))),
    systemSeconds: median(builds.map((build) => build.systemSeconds + (build.bundles?.systemSeconds ?? 0))),
    peakRssMb: { render: Math.max(...builds.map((build) => build.maxRssMb)), bundles: Math.max(...builds.map((build) => build.bundles?.maxRssMb ?? 0)) },
    pagesPerSecond: routes.length / median(walls),
    languages,
    requests: { made: requests, minimum: minimumRequests(space.stories.length, DEFAULT_PER_PAGE, 0, languages - 1), secondsAtSpecThrottle: requests / DEFAULT_RATE_LIMIT },
    bytesWritten: builds[0]!.bytes,
    bytesPerType: bytesPerType(out, routes),
    firstLoad: weights(out, routes),
    lowerBoundSeconds: boundSeconds,
    lowerBound: { median: boundSeconds, min: Math.min(...bounds), max: Math.max(...bounds) },
    overhead: median(walls) / boundSeconds,
  }
}

type Result = Awaited<ReturnType<typeof benchSize>>

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const sizeCell = (sizes: Sizes | undefined) => (sizes ? `${kb(sizes.median)} / ${kb(sizes.max)}` : '–')

function table(results: Result[]): string {
  const rows = [
    ['stories', ...results.map((r) => String(r.stories))],
    ...(results.some((r) => r.languages > 1) ? [['languages (each story built in every one)', ...results.map((r) => String(r.languages))]] : []),
    ['wall time, median (min–max)', ...results.map((r) => `${r.wall.median.toFixed(1)} s (${r.wall.min.toFixed(1)}–${r.wall.max.toFixed(1)})`)],
    ['CPU time (render + bundles)', ...results.map((r) => `${r.cpuSeconds.toFixed(1)} s`)],
    ['…of it kernel time (files, memory, threads, network)', ...results.map((r) => `${r.systemSeconds.toFixed(1)} s`)],
    ['peak RSS: render process / bundle build', ...results.map((r) => `${r.peakRssMb.render} MB / ${r.peakRssMb.bundles} MB`)],
    ['pages per second', ...results.map((r) => r.pagesPerSecond.toFixed(0))],
    ['CMS requests (minimum)', ...results.map((r) => `${r.requests.made} (${r.requests.minimum})`)],
    ['…at the spec throttle of 5/s', ...results.map((r) => `${r.requests.secondsAtSpecThrottle.toFixed(0)} s`)],
    ['bytes written', ...results.map((r) => `${(r.bytesWritten / 1048576).toFixed(1)} MB`)],
    ...['all', 'page', 'article', 'project'].flatMap((type) => [
      [`HTML median / largest, ${type === 'all' ? 'all pages' : `${type}s`}`, ...results.map((r) => sizeCell(r.bytesPerType[type]?.html))],
      [`_payload.json median / largest, ${type === 'all' ? 'all pages' : `${type}s`}`, ...results.map((r) => sizeCell(r.bytesPerType[type]?.payload))],
    ]),
    ...['page', 'article', 'project'].map((type) => [`first-load JS, ${type} (gzip)`, ...results.map((r) => (r.firstLoad[type] ? kb(r.firstLoad[type]!.js) : '–'))]),
    ['lower bound (renderToString + write), median (min–max)', ...results.map((r) => `${r.lowerBound.median.toFixed(1)} s (${r.lowerBound.min.toFixed(1)}–${r.lowerBound.max.toFixed(1)})`)],
    ['overhead (median wall / median lower bound)', ...results.map((r) => `${r.overhead.toFixed(2)}×`)],
  ]
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)))
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
  return [line(rows[0]!), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...rows.slice(1).map(line)].join('\n')
}

const { values } = parseArgs({
  options: {
    stories: { type: 'string', default: '1000,10000' },
    runs: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    'reuse-bundles': { type: 'boolean', default: false },
    languages: { type: 'string', default: '1' },
  },
})
const reuseBundles = values['reuse-bundles']!
// Languages in all, the default one included: `--languages 3` builds each space in three.
const languages = Number(values.languages)
const sizes = values.stories.split(',').map(Number)
const runs = Number(values.runs)
if (sizes.some((size) => !Number.isInteger(size) || size < 2) || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(languages) || languages < 1 || languages > BENCH_LANGUAGE_CODES.length + 1) {
  console.error(`Usage: npm run bench -- --stories 1000,10000 --runs 3 [--seed 1] [--reuse-bundles] [--languages 1 to ${BENCH_LANGUAGE_CODES.length + 1}]`)
  process.exit(1)
}

console.log(`Benchmark: ${sizes.join(', ')} stories, ${runs} run(s) each. The client throttle is lifted to ${LIFTED_RATE_LIMIT}/s for these builds;`)
console.log(`the requests made and the time they would take at the spec's ${DEFAULT_RATE_LIMIT}/s are reported on their own rows.`)
const results: Result[] = []
console.log(reuseBundles ? 'Bundles are reused when the code is unchanged (--reuse-bundles): builds after the first skip the Vite build.' : 'Every run builds the bundles too (a cold full build).')
// Left over by a benchmark that did not finish; deleted before the first run, as any earlier run's are.
mkdirSync(WORK, { recursive: true })
removeRunFolders()
try {
  for (const size of sizes) results.push(await benchSize(size, runs, Number(values.seed), reuseBundles, languages))
} finally {
  removeRunFolders()
}

const machine = machineDescription()
const date = new Date().toISOString().slice(0, 10)
const command = `npm run bench -- --stories ${values.stories} --runs ${runs}${reuseBundles ? ' --reuse-bundles' : ''}${languages > 1 ? ` --languages ${languages}` : ''}`
const bundles = reuseBundles ? 'Bundles reused when the code is unchanged (only the first run builds them).' : 'Every run is a cold full build, bundles included.'
const markdown = `# Benchmark\n\nMeasured by \`${command}\` on ${date}: ${machine}.\nGenerated spaces (seed ${values.seed}) served by the embedded CMS; client throttle lifted (see the requests rows for the spec's 5/s). ${bundles}\n\n${table(results)}\n\nWhere the time goes, and what changed it: [profile.md](profile.md).\n`
console.log(`\n${table(results)}\n`)
mkdirSync(join(ROOT, 'docs', 'benchmark'), { recursive: true })
// Runs with languages get files of their own, beside the monolingual table.
const name = `${reuseBundles ? 'reused-bundles' : 'results'}${languages > 1 ? `-languages-${languages}` : ''}`
writeFileSync(join(ROOT, 'docs', 'benchmark', `${name}.json`), JSON.stringify({ date, machine, command, results }, null, 2))
const page = `${reuseBundles ? 'reused-bundles' : languages > 1 ? 'languages' : 'README'}${languages > 1 && reuseBundles ? `-languages-${languages}` : ''}.md`
writeKeepingNotes(join(ROOT, 'docs', 'benchmark', page), markdown)
console.log(`Written to docs/benchmark/${name}.json and docs/benchmark/${page}`)
