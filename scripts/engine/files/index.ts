/**
 * Beside the stages: the files of a build. The stage folder a build writes into (made at the
 * start, filled by the plan and the render, made live by the publish stage), the live build and
 * the ones kept before it, and the output writer that knows every file's digest.
 */
export { clearOld, createStage, discardStage, liveBuildId, stagePath } from './deploy.ts'
export { prepareFolders, type FolderThread } from './fill-stage.ts'
