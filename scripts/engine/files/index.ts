/**
 * Beside the stages: the files of a build. The stage folder a build writes into (made at the
 * start, filled by the plan and the render, made live by the publish stage), the live build and
 * the ones kept before it, the output writer that knows every file's digest, and the compressed
 * variants written once a build is live.
 */
export { clearOld, createStage, discardStage, liveBuildId, liveDir, stagePath } from './deploy.ts'
export { prepareFolders, type FolderThread } from './fill-stage.ts'
export { compressLive } from './variants.ts'
