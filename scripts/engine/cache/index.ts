/**
 * Beside the stages: the build cache, what one build leaves for the next. Read before the content
 * (the previous build's stories, routes and files, if its build is still live), written by the
 * publish stage once the build is live. One build at a time holds its lock.
 */
export { loadState, readStateAhead, type CacheState, type StateAhead } from './cache.ts'
export { previousBuildOf, type PreviousBuild } from './previous-build.ts'
