/** Seconds per build phase, for the summary and the benchmark's account of where the time goes. */
import { performance } from 'node:perf_hooks'

export interface PhaseClock {
  /** Ends the phase running since the last lap (or the start) under `name`. */
  lap(name: string): void
  /** Seconds since the start. */
  elapsed(): number
  readonly phases: Record<string, number>
}

export function phaseClock(): PhaseClock {
  const started = performance.now()
  let last = started
  const phases: Record<string, number> = {}
  return {
    phases,
    lap(name) {
      const now = performance.now()
      phases[name] = Number(((now - last) / 1000).toFixed(3))
      last = now
    },
    elapsed: () => (performance.now() - started) / 1000,
  }
}
