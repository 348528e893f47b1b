/**
 * The files the bundle build (scripts/build-bundles.ts) leaves in its folder for the rest of the
 * build. A module of constants only: the bundle build is compiled into one plain ES module before
 * it runs (scripts/bundles.ts), and whatever it imports is compiled with it.
 */

/** The render worker: scripts/render-worker.ts and the page code it imports, as one ES module. */
export const WORKER_BUNDLE = 'worker/render-worker.mjs'

/** Every project file the bundler read, for the next build's code fingerprint (scripts/build-cache.ts). */
export const BUNDLE_INPUTS_FILE = 'inputs.json'

/** The bundle process's CPU time and peak memory, for the build's stats (scripts/build-report.ts). */
export const BUNDLE_STATS_FILE = 'bundle-stats.json'
