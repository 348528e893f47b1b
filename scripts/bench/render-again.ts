/**
 * Renders every route of the last build again, on the build's own render workers, from the story
 * file its cache kept: the render phase alone, with no crawl, no bundle build and no CMS sharing
 * the cores, so that a change to the page code can be measured against the machine's noise.
 * Prints the wall time and the CPU of each kind of thread: the main thread (which makes the
 * payloads), the render workers, and V8's background threads (optimizing compilation, concurrent
 * garbage collection).
 *
 *   node --import tsx scripts/bench/render-again.ts --work-dir DIR [--bundles DIR] [--out DIR]
 *
 * `--work-dir` is the work directory of a finished build (its `cache/` and `vike/`); `--bundles`
 * renders with other bundles (another checkout's), `--out` (default: a temporary folder) is
 * emptied first. BUILD_WORKERS sets the number of workers, as for a build.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { siteOf } from '../../pages/site.ts'
import { OutputWriter } from '../engine/files/output.ts'
import { prerender } from '../engine/render/prerender.ts'
import { indexBytes, RenderPool, workerCount, workerHeapMb } from '../engine/render/pool.ts'
import { SpilledStories } from '../engine/content/story-store.ts'
import { readState } from '../engine/cache/cache.ts'

// As in a build (scripts/build.ts): the workers, which inherit this environment, must load React's
// production build.
process.env.NODE_ENV = 'production'

/** CPU seconds of each thread of this process, by thread id (Linux only: /proc/self/task). */
function threadSeconds(): Map<string, number> {
  const seconds = new Map<string, number>()
  for (const tid of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    seconds.set(tid, (Number(fields[11]) + Number(fields[12])) / 100) // utime + stime, in ticks of 10 ms
  }
  return seconds
}

const { values } = parseArgs({ options: { 'work-dir': { type: 'string' }, bundles: { type: 'string' }, out: { type: 'string' } } })
if (!values['work-dir']) {
  process.stderr.write('Give the work directory of a finished build: --work-dir DIR (its cache/ and vike/).\n')
  process.exit(1)
}
const work = resolve(values['work-dir'])
const state = readState(join(work, 'cache'))
if (!state) throw new Error(`No build cache of this version in ${work}: build again.`)
// The story file sits beside the state (its recorded path may be relative to another folder).
const stories = SpilledStories.reopen({ ...state.stories, file: join(work, 'cache', basename(state.stories.file)) })
const site = siteOf(stories, { name: state.space.name })
const out = resolve(values.out ?? join(tmpdir(), 'render-again'))
rmSync(out, { recursive: true, force: true })

const before = threadSeconds()
const pool = new RenderPool({ bundleDir: resolve(values.bundles ?? join(work, 'vike')), outRoot: out }, workerHeapMb(indexBytes(site.index)), workerCount())
const started = performance.now()
await prerender({ site, stories, pool, output: new OutputWriter(out) })
const seconds = (performance.now() - started) / 1000
// The threads started since `before` are the workers'; the others but the main thread are V8's
// (and libuv's, idle here).
let main = 0
let workers = 0
let background = 0
for (const [tid, total] of threadSeconds()) {
  const spent = total - (before.get(tid) ?? 0)
  if (tid === String(process.pid)) main += spent
  else if (before.has(tid)) background += spent
  else workers += spent
}
await pool.close()
stories.close()
rmSync(out, { recursive: true, force: true })
console.log(
  `${site.routes.size} routes on ${workerCount()} workers: ${seconds.toFixed(2)} s; CPU ${(main + workers + background).toFixed(2)} s ` +
    `(main thread ${main.toFixed(2)}, workers ${workers.toFixed(2)}, V8 background ${background.toFixed(2)})`,
)
