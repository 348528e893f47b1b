/**
 * Language tags (BCP 47's shape, loosely) and writing direction: what `<html lang dir>` and a
 * link's `hreflang` may say. The site's language is `SITE_LANGUAGE` (docs/behaviour.md, "Constants").
 */
export const LANGUAGE_TAG = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/

/** The site's language when `SITE_LANGUAGE` is not set. */
export const DEFAULT_SITE_LANGUAGE = 'en'

/** Languages written right to left by default (primary subtags), and the scripts that are. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi'])
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'syrc', 'thaa', 'nkoo', 'adlm', 'rohg'])

/** `rtl` for a tag whose script runs right to left (`ar`, `he-IL`, `pa-Arab`), else `ltr`. */
export function textDirection(tag: string): 'rtl' | 'ltr' {
  const [language = '', ...subtags] = tag.toLowerCase().split('-')
  const script = subtags.find((subtag) => subtag.length === 4)
  if (script) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr'
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr'
}

/** How a space translates: `field` (one story, translated fields) or `folder` (a folder per language). */
export const LANGUAGE_STRATEGIES = ['field', 'folder'] as const
export type LanguageStrategy = (typeof LANGUAGE_STRATEGIES)[number]

/**
 * The strategy of a space that does not say (`STORYBLOK_LANGUAGE_STRATEGY` unset): `folder` when
 * every one of its language codes is a top-level folder of its stories (`de/…`), else `field`.
 */
export function detectLanguageStrategy(codes: string[], fullSlugs: Iterable<string>): LanguageStrategy {
  if (!codes.length) return 'field'
  const topLevel = new Set<string>()
  for (const slug of fullSlugs) if (slug.includes('/')) topLevel.add(slug.split('/')[0]!.toLowerCase())
  return codes.every((code) => topLevel.has(code.toLowerCase())) ? 'folder' : 'field'
}
