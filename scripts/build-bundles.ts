/**
 * Builds the client assets and the server entry with Vike (`vike build`) into the directory given
 * as first argument. scripts/build.ts runs it as its own process, so that it overlaps with the
 * crawl and keeps Vike's build state out of the process that renders pages.
 */
import { build } from 'vike/api'
import { VIKE_OUT_DIR, viteConfig } from '../vike.config.ts'

const outDir = process.argv[2] ?? VIKE_OUT_DIR
// PREVIEW_CONFIG (set by scripts/bundles.ts) reaches the bundle through vike.config.ts's `define`.
await build({ viteConfig: { ...viteConfig, mode: 'production', build: { ...viteConfig.build, outDir } } })
