/**
 * Core Web Vitals as a page observes them, for the layout tests (tests/web-vitals.test.ts) and the
 * slow-phone benchmark (scripts/bench/vitals.ts): `observeVitals` runs in the page, added with
 * Playwright's addInitScript before the page's own scripts, so every shift from the first paint on
 * is seen.
 */
declare global {
  interface Window {
    /** Kept by observeVitals in the page under test. */
    __vitals?: Vitals
  }
}

export interface Vitals {
  cls: number
  lcp: number
  tbt: number
  /** The elements that moved, shortened. */
  shifts: string[]
}

/** Runs in the browser: keeps the page's vitals in `window.__vitals`. */
export function observeVitals(): void {
  const vitals: Vitals = { cls: 0, lcp: 0, tbt: 0, shifts: [] }
  window.__vitals = vitals
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
      if (entry.hadRecentInput) continue
      vitals.cls += entry.value
      for (const source of entry.sources ?? []) vitals.shifts.push((source.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? String(source.node))
    }
  }).observe({ type: 'layout-shift', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime
  }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.tbt += Math.max(0, entry.duration - 50)
  }).observe({ type: 'longtask', buffered: true })
}

/** Runs in the browser: the vitals observed so far (observeVitals ran first). */
export function readVitals(): Vitals {
  return window.__vitals!
}
