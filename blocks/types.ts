/** What every block component receives: its block, typed by the content model (cms/model/components.ts). */
import type { Blok } from '../cms/content-model.ts'
import type { BlockName, FieldsOf, FieldValue } from '../cms/model/index.ts'
import type { Field } from '../cms/model/fields.ts'
import type { RenderedRichText, StoryCard } from '../pages/build-contract.ts'

/**
 * A field's value as a block reads it from the payload: the payload step renders rich text to HTML
 * and turns related stories into cards (pages/trim-content.ts); nested blocks are blocks.
 */
type Shown<F> =
  F extends Field<unknown, 'richtext'> ? RenderedRichText
  : F extends Field<unknown, 'stories'> ? StoryCard[]
  : F extends Field<unknown, 'blocks'> ? Blok[]
  : FieldValue<F>

/**
 * One block of the model. Every field may be empty, and the crawl boundary has read a value of
 * the wrong type as empty (cms/model/check-blocks.ts).
 */
export type BlokOf<Name extends BlockName> = Blok & { [Key in keyof FieldsOf<Name>]?: Shown<FieldsOf<Name>[Key]> | null }

export interface BlockProps<Name extends BlockName = BlockName> {
  blok: BlokOf<Name>
  /** The block opens the page: its image is the likely largest paint, so load it eagerly. */
  priority?: boolean
}
