/**
 * Dates as visitors read them: `2025-10-01` → `1 October 2025`. Written out by hand, not with
 * Intl, so the server's and the browser's text are the same bytes whatever ICU data each has
 * (hydration compares them).
 */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

export function readableDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate)
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : isoDate
}
