/**
 * The contract between the build and its bundle process (scripts/engine/bundles/process.mjs): the job it is
 * given, what it says as it goes, and the files it leaves in its folder.
 */

/** The render worker: scripts/engine/render/worker.ts and the page code it imports, as one ES module. */
export const WORKER_BUNDLE = 'worker/render-worker.mjs'

/**
 * What the bundle process tells the build over Node's IPC channel as it goes: `worker-written`
 * once the worker bundle is written, while Vike's build runs (the build may start its render
 * worker, scripts/engine/render/workers.ts); `written` once every bundle and its records are
 * written, a few tens of milliseconds before the process has exited (the render may start).
 */
export interface BundleMessage {
  bundles: 'worker-written' | 'written'
}

/** Vike's asset manifest of the client bundle (Vite's manifest format): the entry's script and styles. */
export const CLIENT_MANIFEST = 'assets.json'

/** Every project file the bundler read, for the next build's code fingerprint (scripts/engine/cache/cache.ts). */
export const BUNDLE_INPUTS_FILE = 'inputs.json'

/** The bundle process's CPU time and peak memory, for the build's stats (scripts/engine/report/summary.ts). */
export const BUNDLE_STATS_FILE = 'bundle-stats.json'

/** The bundle process's one argument, as JSON. */
export interface BundleJob {
  /** The project folder. */
  root: string
  outDir: string
  /** The render worker's source, relative to `root`. */
  workerEntry: string
  files: { worker: string; inputs: string; stats: string }
}

export function bundleJob(root: string, outDir: string): BundleJob {
  return {
    root,
    outDir,
    workerEntry: 'scripts/engine/render/worker.ts',
    files: { worker: WORKER_BUNDLE, inputs: BUNDLE_INPUTS_FILE, stats: BUNDLE_STATS_FILE },
  }
}
