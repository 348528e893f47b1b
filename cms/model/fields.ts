/**
 * The field types a component of the content model can have, each in one place: the field as
 * Storyblok's schema stores it (`schema`), the value the delivery API sends (`Field`'s type
 * parameter, for the blocks' prop types) and the check a value from the CMS must pass at the
 * crawl boundary (`problem`). Empty values (missing, null, "") always pass: every field may be empty.
 */
import type { Asset, Multilink, RichTextNode, SeoMetatags } from '../content-model.ts'
import { isObject } from '../content-walk.ts'

/** A field as Storyblok's component schema stores it (without `pos`, which comes from the order). */
export interface FieldSchema {
  type: string
  [setting: string]: unknown
}

/**
 * One field: its schema, and why a value from the CMS cannot be this field's (`undefined`: it can).
 * `Value` and `Kind` are for types only: what the field holds, and how the payload step changes it.
 */
export interface Field<Value = unknown, Kind extends string = string> {
  readonly schema: FieldSchema
  readonly problem: (value: unknown) => string | undefined
  readonly value?: Value
  readonly kind?: Kind
}

/** What an editor sees and must fill in, for any field type. */
export interface FieldOptions {
  /** Help shown under the field in the editor. */
  description?: string
  required?: boolean
  /** Editors translate it per language (field-level translation); text fields are, by default. */
  translatable?: boolean
}

function field<Value, Kind extends string = 'plain'>(type: string, options: FieldOptions, settings: Record<string, unknown>, problem: (value: unknown) => string | undefined): Field<Value, Kind> {
  const { description, required, translatable } = options
  const schema: FieldSchema = {
    type,
    ...settings,
    ...(description ? { description } : {}),
    ...(required ? { required: true } : {}),
    ...(translatable ? { translatable: true } : {}),
  }
  return { schema, problem: (value) => (value === undefined || value === null || value === '' ? undefined : problem(value)) }
}

/** How a wrong value is named in a message: its JSON type. */
function typeName(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (isObject(value)) return 'an object'
  return `a ${typeof value}`
}

const mustBe = (what: string, test: (value: unknown) => boolean) => (value: unknown) => (test(value) ? undefined : `is ${typeName(value)}, not ${what}`)

const isText = (value: unknown) => typeof value === 'string'

export function text(options: FieldOptions = {}): Field<string> {
  return field('text', { translatable: true, ...options }, {}, mustBe('text', isText))
}

export function textarea(options: FieldOptions = {}): Field<string> {
  return field('textarea', { translatable: true, ...options }, {}, mustBe('text', isText))
}

/** Storyblok sends a number field as text (`"6"`), and a value typed in by hand as a number. */
export function number(options: FieldOptions = {}): Field<string | number> {
  return field('number', options, {}, (value) => {
    if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'is not a finite number'
    if (typeof value !== 'string') return `is ${typeName(value)}, not a number`
    return Number.isFinite(Number.parseFloat(value)) ? undefined : `is ${JSON.stringify(value.slice(0, 40))}, not a number`
  })
}

/** An image. Older spaces stored an image as its URL alone; the payload step turns that into an asset. */
export function image(options: FieldOptions = {}): Field<Asset | string> {
  return field('asset', options, { filetypes: ['images'] }, mustBe('an asset', (value) => isText(value) || (isObject(value) && (value.filename === undefined || value.filename === null || isText(value.filename)))))
}

export interface LinkOptions extends FieldOptions {
  /** Which kinds of target an editor may pick besides stories and URLs. */
  email?: boolean
  asset?: boolean
  /** The editor may open the link in a new tab. */
  newTab?: boolean
}

export function multilink(options: LinkOptions = {}): Field<Multilink> {
  return field(
    'multilink',
    options,
    {
      ...(options.newTab ? { allow_target_blank: true } : {}),
      ...(options.email ? { email_link_type: true } : {}),
      ...(options.asset ? { asset_link_type: true } : {}),
    },
    mustBe('a link', isObject),
  )
}

/** Nested blocks: any nestable component, or only those of `only` (Storyblok's whitelist). */
export function blocks<Name extends string>(options: FieldOptions & { only?: readonly Name[] } = {}): Field<unknown[], 'blocks'> {
  const { only, ...rest } = options
  return field('bloks', rest, only ? { restrict_components: true, component_whitelist: [...only] } : { restrict_components: false }, mustBe('a list of blocks', Array.isArray))
}

/** Rich text: a document, which the payload step renders to HTML once per build. */
export function richtext(options: FieldOptions = {}): Field<RichTextNode | string, 'richtext'> {
  return field('richtext', { translatable: true, ...options }, {}, mustBe('rich text', (value) => isText(value) || (isObject(value) && typeof value.type === 'string')))
}

/** One choice of `values`; the first is the default. A value not among them reads as the default. */
export function option<Value extends string>(values: readonly { value: Value; name: string }[], options: FieldOptions = {}): Field<Value> {
  const allowed = new Set<string>(values.map((choice) => choice.value))
  return field('option', options, { default_value: values[0]!.value, options: values.map(({ name, value }) => ({ name, value })) }, (value) =>
    typeof value === 'string' && allowed.has(value) ? undefined : `is ${JSON.stringify(value)}, not one of ${[...allowed].join(', ')}`,
  )
}

/**
 * Other stories of one content type, stored as their uuids (the relation the build resolves from
 * its own crawl, and the editor's draft with `resolve_relations`).
 */
export function stories(contentType: string, options: FieldOptions = {}): Field<string[], 'stories'> {
  return field('options', options, { source: 'internal_stories', filter_content_type: [contentType] }, mustBe('a list of stories', Array.isArray))
}

/** Storyblok's SEO app: a Plugin field of custom type `seo-metatags` (docs/content-model.md). */
export function seo(options: FieldOptions = {}): Field<SeoMetatags> {
  return field('custom', { translatable: true, ...options }, { field_type: 'seo-metatags' }, mustBe('SEO settings', isObject))
}
