/**
 * Text made ahead of need, in the turns of the event loop: while the build's main thread waits on
 * other threads and processes (the bundles, the render worker's first pages), it takes pieces from
 * a generator a few milliseconds at a time; whatever is left is taken when the text is needed. The
 * build cache's story index is made this way (scripts/build/record.ts): made at the end, it kept
 * one core busy for about 60 ms at 5,000 stories while the other had nothing left to do
 * (docs/benchmark/profile.md, fourteenth round).
 */
import { performance } from 'node:perf_hooks'

/** How long one turn takes pieces before the event loop handles what came meanwhile. */
const TURN_MS = 2

export interface MadeAhead {
  /** Every piece, those made ahead first; takes the rest now. Once only: the pieces are let go as they are read. */
  pieces(): Iterable<string>
  /** Stops making pieces (the build failed, or will not use them). */
  stop(): void
}

/** `source`'s pieces should each take well under TURN_MS to make. */
export function madeAhead(source: Iterator<string>): MadeAhead {
  let made: string[] = []
  let done = false
  /** What the source threw in a turn: thrown again where the pieces are read. */
  let failure: { error: unknown } | undefined
  let turn: NodeJS.Immediate | undefined
  function take(): void {
    const until = performance.now() + TURN_MS
    try {
      while (performance.now() < until) {
        const next = source.next()
        if (next.done) return void (done = true)
        made.push(next.value)
      }
    } catch (error) {
      return void (failure = { error })
    }
    turn = setImmediate(take)
  }
  turn = setImmediate(take)
  return {
    *pieces() {
      clearImmediate(turn)
      if (failure) throw failure.error
      const ahead = made
      made = []
      yield* ahead
      if (done) return
      for (let next = source.next(); !next.done; next = source.next()) yield next.value
      done = true
    },
    stop() {
      clearImmediate(turn)
      made = []
    },
  }
}
