/**
 * The site's analytics script (`ANALYTICS_SCRIPT_URL` with `ANALYTICS_ATTRIBUTES`), when the build
 * has one: added once the page is interactive, so it never holds the page back, and never inside
 * Storyblok's visual editor, which opens the same pages (preview builds carry none). Plausible and
 * Umami follow client navigations through the History API themselves.
 */
import type { AnalyticsScript } from '../../pages/build-contract.ts'

export function addAnalytics(analytics: AnalyticsScript | undefined, doc: Document = document): void {
  if (!analytics) return
  const script = doc.createElement('script')
  script.defer = true
  script.src = analytics.src
  for (const [name, value] of analytics.attributes) script.setAttribute(name, value)
  doc.head.append(script)
}
