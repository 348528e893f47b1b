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
  // As the split matches them (scripts/engine/content/folder-languages.ts): Storyblok slugs are lower case.
  const topLevel = topLevelFolders(fullSlugs)
  return codes.every((code) => topLevel.has(code)) ? 'folder' : 'field'
}

/** The top-level folders of a space's stories (`de` of `de/about`). */
export function topLevelFolders(fullSlugs: Iterable<string>): Set<string> {
  const folders = new Set<string>()
  for (const slug of fullSlugs) if (slug.includes('/')) folders.add(slug.split('/')[0]!)
  return folders
}

/**
 * Whether a folder's name is a language code, for folder-level spaces that list no languages:
 * a two-letter language (with an optional region or script) that ICU knows. Three-letter codes are
 * left out, as they are also words (`new` is Newari).
 */
export function isLanguageFolder(name: string): boolean {
  if (!/^[a-z]{2}(-[a-z0-9]{2,8})*$/i.test(name)) return false
  try {
    // Made here, not at load: this module also reaches the browser (renderer/document.tsx).
    return new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(name) !== undefined
  } catch {
    return false
  }
}
