/**
 * Beside the stages: what a build tells. Phase times, progress lines, the summary a person reads,
 * the stats file the benchmark reads, and the outcome a parent process gets over IPC.
 */
export { summary, writeStats } from './summary.ts'
export { progress } from './progress.ts'
export { tellFinished, tellLive } from './outcome.ts'
export { phaseClock, type PhaseClock } from './phase-clock.ts'
