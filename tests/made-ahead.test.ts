/**
 * scripts/build/made-ahead.ts: pieces of text taken from a generator in the event loop's free turns,
 * the rest when the text is read.
 */
import { setImmediate as turn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { madeAhead } from '../scripts/build/made-ahead.ts'

/** A source of `count` pieces that counts what was taken from it. */
function counted(count: number) {
  const taken = { pieces: 0 }
  function* source() {
    for (let i = 0; i < count; i++) {
      taken.pieces++
      yield `${i},`
    }
  }
  return { source: source(), taken }
}

/** Lets the event loop turn until `done` says so, for at most a second. */
async function turnsUntil(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 1000
  while (!done() && Date.now() < deadline) await turn()
}

describe('madeAhead', () => {
  it('should take nothing before the event loop turns, then every piece while it is free', async () => {
    const { source, taken } = counted(10_000)
    const ahead = madeAhead(source)
    expect(taken.pieces).toBe(0)
    await turnsUntil(() => taken.pieces === 10_000)
    expect(taken.pieces).toBe(10_000)
    expect([...ahead.pieces()].join('')).toBe(Array.from({ length: 10_000 }, (_, i) => `${i},`).join(''))
  })

  it('should give every piece in order when read before it is done, taking the rest at once', async () => {
    const { source, taken } = counted(2_000_000)
    const ahead = madeAhead(source)
    await turn()
    await turn()
    // Some pieces were made ahead, not all of them.
    expect(taken.pieces).toBeGreaterThan(0)
    expect(taken.pieces).toBeLessThan(2_000_000)
    const pieces = [...ahead.pieces()]
    expect(pieces).toHaveLength(2_000_000)
    expect(pieces[0]).toBe('0,')
    expect(pieces.every((piece, i) => piece === `${i},`)).toBe(true)
  })

  it('should take no more pieces once stopped', async () => {
    const { source, taken } = counted(2_000_000)
    const ahead = madeAhead(source)
    await turn()
    ahead.stop()
    const stoppedAt = taken.pieces
    await turn()
    await turn()
    expect(taken.pieces).toBe(stoppedAt)
  })

  it('should throw where the pieces are read what the source threw in a turn', async () => {
    let thrown = false
    function* failing(): Generator<string> {
      yield 'first'
      thrown = true
      throw new Error('Do not know how to serialize a BigInt')
    }
    const ahead = madeAhead(failing())
    await turnsUntil(() => thrown)
    expect(thrown).toBe(true)
    expect(() => [...ahead.pieces()]).toThrow('Do not know how to serialize a BigInt')
  })
})
