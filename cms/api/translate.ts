/**
 * Field-level translation as the delivery API answers it (the embedded API's `language`
 * parameter). A stored story keeps its translations the way Storyblok's management API shows them,
 * beside each translatable field as `<field>__i18n__<code>`; the delivery API answers with the
 * values of the language asked for (the default's where a field has none), `lang`, a `full_slug`
 * prefixed with the code (translated by the Translatable Slugs app when the story has one) and
 * `default_full_slug`. Pure functions of a stored story.
 */
import { own } from '../own.ts'

/** How the management API stores a field's translation: `<field>__i18n__<code>`. */
export const I18N_SEPARATOR = '__i18n__'

/** One entry of a story's `translated_slugs` (the Translatable Slugs app). */
export interface TranslatedSlug {
  /** The story's full path in that language, without the language prefix. */
  path: string
  name?: string | null
  lang: string
  published?: boolean | null
}

/**
 * The content in one language: every `<field>__i18n__<code>` with a value replaces `<field>`, and
 * no `__i18n__` key is left (the delivery API sends none). `code` undefined: the default language.
 */
export function translateContent<T>(value: T, code: string | undefined): T {
  if (Array.isArray(value)) return value.map((item) => translateContent(item, code)) as T
  if (typeof value !== 'object' || value === null) return value
  const object = value as Record<string, unknown>
  const result: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(object)) {
    // A `__proto__` field would set the copy's prototype, not a field: no real field has the name.
    if (key.includes(I18N_SEPARATOR) || key === '__proto__') continue
    const translated = code === undefined ? undefined : own(object, `${key}${I18N_SEPARATOR}${code}`)
    result[key] = translateContent(translated !== undefined && translated !== '' ? translated : child, code)
  }
  return result as T
}

/** The story's full_slug in one language: `<code>/` and its translated path, or its default one. */
export function localizedFullSlug(story: { full_slug: string; translated_slugs?: TranslatedSlug[] | null }, code: string): string {
  const translated = story.translated_slugs?.find((entry) => entry.lang === code && entry.path)
  return `${code}/${translated?.path ?? story.full_slug}`
}

/** The story's name in one language (a translated slug may rename it), or its default name. */
export function localizedName(story: { name: string; translated_slugs?: TranslatedSlug[] | null }, code: string): string {
  return story.translated_slugs?.find((entry) => entry.lang === code)?.name || story.name
}
