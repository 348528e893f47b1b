/**
 * Builds the client assets and the server entry with Vike (`vike build`) into the directory given
 * as first argument. scripts/build.ts runs it as its own process, so that it overlaps with the
 * crawl and keeps Vike's build state out of the process that renders pages.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vike/api'
import { VIKE_OUT_DIR } from '../vike.config.ts'

const outDir = process.argv[2] ?? VIKE_OUT_DIR
// PREVIEW_CONFIG (set by scripts/bundles.ts) reaches the bundle through vike.config.ts's `define`.
// Plugins and define come from vike.config.ts (through pages/+config.ts); only what the `vite`
// setting cannot carry is passed here: Vike reads outDir before it reads +config.
await build({ viteConfig: { mode: 'production', build: { outDir } } })

// What this process cost, for the build's stats (the benchmark reports it apart from rendering).
const usage = process.resourceUsage()
writeFileSync(join(outDir, 'bundle-stats.json'), JSON.stringify({ cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6, maxRssMb: Math.round(usage.maxRSS / 1024) }))
