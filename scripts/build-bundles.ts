/**
 * Builds the client assets and the server entry with Vike (`vike build`), into VIKE_OUT_DIR. Run
 * as its own process by scripts/build.ts so that it overlaps with the crawl and keeps Vike's build
 * state out of the process that renders pages.
 */
import { build } from 'vike/api'
import { viteConfig } from '../vike.config.ts'

await build({ viteConfig })
