/**
 * Stage 3, render: payloads, heads and HTML for the planned routes, by a pool of worker threads.
 *
 * In: the plan, the sites and the bundle folder. Out: `index.html` and `_payload.json` per route,
 * written into the stage folder through the plan's output writer.
 */
export { sitePass } from './site-pass.ts'
export type { RenderPool } from './pool.ts'
export { mergeLanguagePass } from './language-pass.ts'
export { renderWorkers, type RenderWorkers } from './workers.ts'
