/**
 * Seconds per build phase, of wall time and of the build process's CPU (all its threads), for the
 * summary and the benchmark's account of where the time goes.
 */
import { performance } from 'node:perf_hooks'

export interface PhaseClock {
  /** Ends the phase running since the last lap (or the start) under `name`. */
  lap(name: string): void
  /** Seconds since the start. */
  elapsed(): number
  readonly phases: Record<string, number>
  /** CPU seconds (user and system, every thread of the process) per phase. */
  readonly cpu: Record<string, number>
}

export function phaseClock(): PhaseClock {
  const started = performance.now()
  let last = started
  let lastCpu = process.cpuUsage()
  const phases: Record<string, number> = {}
  const cpu: Record<string, number> = {}
  return {
    phases,
    cpu,
    lap(name) {
      const now = performance.now()
      const nowCpu = process.cpuUsage()
      phases[name] = Number(((now - last) / 1000).toFixed(3))
      cpu[name] = Number(((nowCpu.user - lastCpu.user + nowCpu.system - lastCpu.system) / 1e6).toFixed(3))
      last = now
      lastCpu = nowCpu
    },
    elapsed: () => (performance.now() - started) / 1000,
  }
}
