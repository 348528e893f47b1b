/**
 * Stage 2, plan: what this build must render and write.
 *
 * In: the content, the sites made from it and the previous build's state in the build cache.
 * Out: a `Plan` (full or incremental: the routes to render, the output writer that knows every
 * file's digest) and, through `loadState`, the previous state or why there is none.
 */
export { planBuild, type Plan } from './plan.ts'
