/**
 * scripts/engine/render/order.ts: the pages of stories kept as objects spread evenly among the pages of
 * stories read back from the story file.
 */
import { describe, expect, it } from 'vitest'
import { interleave, renderOrder } from '../scripts/engine/render/order.ts'
import type { StoryLocation } from '../scripts/engine/content/story-store.ts'

/** Where the items of `list` (each true or false) sit in it, as fractions of its length. */
function placesOf(list: boolean[], wanted: boolean): number[] {
  return list.flatMap((item, at) => (item === wanted ? [at / list.length] : []))
}

describe('interleave', () => {
  it('should keep every item of both lists, each list in its own order', () => {
    const merged = interleave(['a1', 'a2', 'a3'], ['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'])
    expect(merged).toHaveLength(10)
    expect(merged.filter((item) => item.startsWith('a'))).toEqual(['a1', 'a2', 'a3'])
    expect(merged.filter((item) => item.startsWith('b'))).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7'])
  })

  it('should spread the shorter list evenly over the result', () => {
    const merged = interleave(Array<boolean>(100).fill(true), Array<boolean>(300).fill(false))
    // One in four, never two of the shorter list side by side, none far from its even place.
    const places = placesOf(merged, true)
    for (let i = 0; i < places.length; i++) expect(Math.abs(places[i]! - i / places.length)).toBeLessThan(0.01)
    for (let i = 1; i < merged.length; i++) expect(merged[i] && merged[i - 1]).toBe(false)
  })

  it('should give either list unchanged when the other is empty', () => {
    expect(interleave([1, 2, 3], [])).toEqual([1, 2, 3])
    expect(interleave([], [1, 2, 3])).toEqual([1, 2, 3])
    expect(interleave([], [])).toEqual([])
  })
})

describe('renderOrder', () => {
  it('should take each group in the story file order', () => {
    const at = new Map([['/a/', 30], ['/b/', 10], ['/c/', 20], ['/d/', 0]])
    const locationOf = (route: string): StoryLocation => ({ file: 'f', at: at.get(route)!, length: 1 })
    expect(renderOrder([...at.keys()], locationOf, () => false)).toEqual(['/d/', '/b/', '/c/', '/a/'])
    expect(renderOrder([...at.keys()], locationOf, ({ at }) => at >= 20)).toEqual(['/c/', '/d/', '/a/', '/b/'])
  })

  it('should spread the stories the crawl kept as objects over the whole render, not put them first', () => {
    // The crawl keeps the first stories it appends, up to a budget: here the first quarter of the file.
    const routes = Array.from({ length: 400 }, (_, i) => `/story-${i}/`)
    const locationOf = (route: string): StoryLocation => ({ file: 'f', at: routes.indexOf(route) * 100, length: 100 })
    const kept = ({ at }: StoryLocation) => at < 10_000
    const order = renderOrder([...routes].reverse(), locationOf, kept)
    const keptPlaces = placesOf(order.map((route) => kept(locationOf(route))), true)
    expect(keptPlaces).toHaveLength(100)
    // The last kept story's page comes near the end of the render, not at a quarter of it.
    expect(keptPlaces[0]).toBeLessThan(0.01)
    expect(keptPlaces.at(-1)).toBeGreaterThan(0.98)
  })
})
