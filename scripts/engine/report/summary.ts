/** The build's report: the summary it prints, and the figures it writes for the benchmark. */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { BUNDLE_STATS_FILE } from '../bundles/layout.ts'
import type { BuildConfig } from '../config.ts'
import type { OutputWriter } from '../files/output.ts'
import type { PrerenderResult } from '../render/prerender.ts'
import { formatBytes } from './progress.ts'

/** What one build did, for its summary. */
export interface BuildFacts {
  requests: number
  id: string
  seconds: number
  /** Full or incremental, and why. */
  mode: string
  rendered: number
  /** Warnings of the crawl and the site's shape, each naming its story or route. */
  warnings: string[]
  /** Stories of content types without a page view, counted per content type (pages/site.ts). */
  notPages?: Map<string, number>
}

/** The summary printed at the end of a build: what was built, how, and what to fix. Returns how many warnings it gave. */
export function summary(log: (line: string) => void, config: BuildConfig, result: PrerenderResult, output: OutputWriter, facts: BuildFacts): number {
  const { requests, id, seconds, mode, rendered } = facts
  const kinds = [...output.bytesByKind].map(([kind, bytes]) => `${kind} ${formatBytes(bytes)}`).join(', ')
  const warnings = [
    ...facts.warnings,
    ...[...result.unknownBlocks].map(([name, stories]) => {
      const [first, ...more] = [...stories]
      const where = more.length ? `${first} and ${more.length} more ${more.length === 1 ? 'story' : 'stories'}` : first
      return `Block component "${name}" is not registered (used in ${where}): it renders nothing.`
    }),
    ...result.warnings,
  ]
  if (!config.siteUrl) warnings.push('SITE_URL is not set: pages have no canonical URL.')
  if (!config.contact.endpoint && !config.contact.email) {
    warnings.push('Neither CONTACT_ENDPOINT nor CONTACT_EMAIL is set: the contact form opens a mail with no recipient.')
  }
  log('')
  log(`Built ${result.routes.length} routes in ${seconds.toFixed(1)} s → ${relative(process.cwd(), config.outDir) || '.'}/ (build ${id})`)
  log(`  Build: ${mode}; ${rendered} routes rendered, ${output.written} files written`)
  if (config.preview) log('  PREVIEW BUILD: the preview token is in the editor code. Serve this build to editors only.')
  log(`  CMS requests: ${requests}`)
  if (facts.notPages?.size) log(`  Not pages (data stories, no route): ${[...facts.notPages].map(([type, count]) => `${type} ${count}`).join(', ')}`)
  // maxRSS is in KiB; the bundle build runs in its own process and is not included.
  log(`  Peak memory (crawl and render process): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`)
  log(`  Files: ${output.files}, ${formatBytes(output.bytes)} (${kinds})`)
  log(`  Warnings: ${warnings.length}`)
  for (const warning of warnings) log(`    - ${warning}`)
  return warnings.length
}

/** Machine-readable figures of one build, for the benchmark (`BUILD_STATS_FILE`). */
export function writeStats(
  file: string,
  { seconds, phases, phaseCpu, routes, requests, output, bundleDir, mode, workers }: { seconds: number; phases: Record<string, number>; phaseCpu: Record<string, number>; routes: number; requests: number; output: OutputWriter; bundleDir?: string; mode: string; workers: number },
) {
  const usage = process.resourceUsage()
  let bundles: unknown
  try {
    // Only when this build made the bundles: reused bundles cost nothing.
    bundles = bundleDir ? JSON.parse(readFileSync(join(bundleDir, BUNDLE_STATS_FILE), 'utf8')) : { reused: true }
  } catch {
    bundles = undefined
  }
  const stats = {
    seconds,
    phases,
    phaseCpu,
    routes,
    requests,
    mode,
    /** Render workers the build ran (scripts/engine/render/pool.ts). */
    workers,
    written: output.written,
    // CPU of this process, worker threads included; the bundle build is its own process.
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    // Of it, the kernel's: on a slow disk mostly making folders and files (docs/benchmark/README.md).
    systemSeconds: usage.systemCPUTime / 1e6,
    maxRssMb: Math.round(usage.maxRSS / 1024),
    bytes: output.bytes,
    bytesByKind: Object.fromEntries(output.bytesByKind),
    bundles,
  }
  writeFileSync(file, JSON.stringify(stats, null, 2))
}
