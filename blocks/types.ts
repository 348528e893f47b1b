/** What every block component receives. */
import type { Blok } from '../cms/content-model.ts'

export interface BlockProps {
  blok: Blok
  /** The block opens the page: its image is the likely largest paint, so load it eagerly. */
  priority?: boolean
}
