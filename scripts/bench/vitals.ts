/**
 * `npm run bench:vitals [-- --runs 3]`: Core Web Vitals of the demo on a slow phone. It builds the
 * demo (with compressed variants), serves it with `npm run preview` and loads a home page, an
 * article, a project and a list page in Debian's Chromium at 390 px, the CPU slowed four times and
 * the network shaped as Lighthouse's slow 4G (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up),
 * a fresh context per load. Medians go to docs/benchmark/vitals.md; the targets (LCP 2.5 s, TBT
 * 200 ms, CLS 0) are read there, not asserted: timings are the benchmark's job
 * (tests/web-vitals.test.ts holds CLS at 0).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser } from 'playwright-core'
import { runScript } from '../engine/bundles/child-process.ts'
import { machineDescription, median } from './stats.ts'
import { observeVitals, readVitals, type Vitals } from './web-vitals.ts'

const ROOT = resolve(import.meta.dirname, '..', '..')
const WORK = join(ROOT, '.build', 'bench-vitals')
const PAGES = { home: '/', article: '/blog/2025/working-in-the-open/', project: '/projects/harbour-lights/', list: '/blog/' }
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }
const CPU_SLOWDOWN = 4

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } })
const runs = Number(values.runs)

async function run(script: string, args: string[], ready?: RegExp) {
  // Compressed variants, which npm run preview sends as a CDN would compress.
  const child = runScript(join(ROOT, 'scripts', script), args, { cwd: ROOT, env: { ...process.env, CI: 'true', PRECOMPRESS: '1' } })
  if (!ready) {
    const { code } = await child.exited
    if (code !== 0) throw new Error(`${script} failed:\n${child.output()}`)
    return { child, url: '' }
  }
  for (let match = ready.exec(child.output()); ; match = ready.exec(child.output())) {
    if (match) return { child, url: match[1]! }
    if (child.child.exitCode !== null) throw new Error(`${script} ended:\n${child.output()}`)
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 20))
  }
}

/** One load of `url` on the slow phone, until its runtime runs with every image in view loaded. */
async function load(browser: Browser, url: string): Promise<Vitals> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
    await page.addInitScript(observeVitals)
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 })
    // The runtime runs: the router has the links (React loads on demand, renderer/client/hydration.ts).
    await page.waitForSelector('#root[data-runtime=ready]', { state: 'attached', timeout: 60_000 })
    await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.getBoundingClientRect().top > innerHeight), undefined, { timeout: 60_000 })
    return await page.evaluate(readVitals)
  } finally {
    await context.close()
  }
}

rmSync(WORK, { recursive: true, force: true })
mkdirSync(WORK, { recursive: true })
const out = join(WORK, 'dist')
await run('build.ts', ['--out', out, '--work-dir', join(WORK, 'work')])
const preview = await run('preview.ts', ['--dir', out, '--port', '0'], /at (http:\/\/[^\s]+)\//)
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] })
const rows: string[] = []
try {
  for (const [name, path] of Object.entries(PAGES)) {
    const samples: Vitals[] = []
    for (let i = 0; i < runs; i++) samples.push(await load(browser, `${preview.url}${path}`))
    const [lcp, tbt, cls] = [median(samples.map((v) => v.lcp)), median(samples.map((v) => v.tbt)), Math.max(...samples.map((v) => v.cls))]
    process.stderr.write(`  ${name} ${path}: LCP ${Math.round(lcp)} ms, TBT ${Math.round(tbt)} ms, CLS ${cls.toFixed(3)}\n`)
    rows.push(`| ${name} | \`${path}\` | ${(lcp / 1000).toFixed(2)} s | ${Math.round(tbt)} ms | ${cls.toFixed(3)} |`)
  }
} finally {
  await browser.close()
  preview.child.child.kill()
  rmSync(WORK, { recursive: true, force: true })
}
const date = new Date().toISOString().slice(0, 10)
const markdown = `# Slow-phone Core Web Vitals\n\nMeasured by \`npm run bench:vitals -- --runs ${runs}\` on ${date}: ${machineDescription()}.\nThe demo built with \`PRECOMPRESS=1\` and served by \`npm run preview\` (Brotli, as a CDN compresses); Debian's Chromium at 390 × 844 px, the CPU slowed ${CPU_SLOWDOWN}× and the network as Lighthouse's slow 4G (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up), a fresh context per load, until the page's runtime runs and every image in view has loaded. Medians of ${runs} loads; CLS the largest. Targets: LCP at most 2.5 s, TBT at most 200 ms, CLS 0.\n\n| page | route | LCP | TBT | CLS |\n| --- | --- | --- | --- | --- |\n${rows.join('\n')}\n`
writeFileSync(join(ROOT, 'docs', 'benchmark', 'vitals.md'), markdown)
console.log(markdown)
