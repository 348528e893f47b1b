/**
 * Stage 4, publish: the stage folder made live, and what the next build needs of this one.
 *
 * In: the rendered stage, the plan's files and the bundle folder. Out: the site files (sitemap,
 * feed, headers, redirects), the build manifests, the live build switched over, old builds cleared,
 * and the build cache's new state.
 */
export { goLive, stageBuildFiles } from './go-live.ts'
export { recordBuild } from './record.ts'
export { writeSiteFiles } from './site-files.ts'
export { storiesShowingAsset, writeAssetIndex } from './asset-index.ts'
