/**
 * Releases (Storyblok's Releases app) are named by a numeric id: in the editor's `_storyblok_release`,
 * in `from_release` on the delivery API, and in `npm run build -- --release ID`.
 */

/** `value` as a release id, or undefined when it is none (missing, 0, or not a positive integer). */
export function releaseId(value: string | null | undefined): number | undefined {
  return value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined
}
