/** Options of `renderRichText`. */
import type { ResponsiveImage } from '../image.ts'

export interface RichTextOptions {
  /**
   * Current route of each linked story, by uuid. A story link's own `href` may be stale (the story
   * moved since the link was made), so the route from here wins. With this table, a story link
   * whose uuid has no entry (the story is not published) renders as its text; without the table
   * the stored href is used. A function is asked instead of a table: the payload step resolves
   * and records each linked story as the renderer meets it (pages/payload.ts).
   */
  links?: Record<string, string> | ((uuid: string) => string | undefined)
  /**
   * Rewrites an image node's `src`, e.g. to resize it through the image service. The string
   * renderer keeps `src` unchanged unless this is given.
   */
  image?: (src: string) => ResponsiveImage
  /** Called instead of `console.warn` for input that is not a rich-text document. */
  warn?: (message: string) => void
  /**
   * Told of every link or image URL the URL policy (cms/url-policy.ts) rejected: the link renders
   * as its text, the image not at all.
   */
  onRejectedUrl?: (url: string) => void
}
