/**
 * The order a render pass takes its pages in. The main thread makes each page's payload from its
 * story, and a story the crawl kept as an object (scripts/engine/content/story-store.ts) costs it no read and no
 * parse, where every other story is read back from the story file. Spread evenly over the pass,
 * they keep both threads busy throughout; in the file's order one thread would wait for the other
 * first and the other way round later. What the build reports stays in route order.
 */
import type { StoryLocation } from '../content/story-store.ts'

/** `a` and `b` merged so that each is spread evenly over the result, each in its own order. */
export function interleave<T>(a: readonly T[], b: readonly T[]): T[] {
  const merged: T[] = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    // The next item is the one whose place in its own list is further behind.
    if (j >= b.length || (i < a.length && (i + 0.5) / a.length <= (j + 0.5) / b.length)) merged.push(a[i++]!)
    else merged.push(b[j++]!)
  }
  return merged
}

/**
 * `routes` with the pages of kept stories spread evenly among the others; each group in the
 * story file's order, so that the file is read front to back.
 */
export function renderOrder(routes: readonly string[], locationOf: (route: string) => StoryLocation, isKept: (location: StoryLocation) => boolean): string[] {
  const inFile = [...routes].sort((a, b) => locationOf(a).at - locationOf(b).at)
  const kept = inFile.filter((route) => isKept(locationOf(route)))
  return interleave(kept, inFile.filter((route) => !isKept(locationOf(route))))
}
