/**
 * A page's HTML as the render pool writes it: the document of renderer/document.tsx (the same
 * function Vike's onRenderHtml hook returns in `npm run dev`) with the client bundle's tags where
 * Vike puts them: its stylesheets right after `<head>`, its module script (and modulepreloads of
 * the chunks it imports) before `</body>`. The tags come from the bundle's manifest
 * (scripts/engine/bundles/client-entry.ts), never from a rendered page.
 */
import { storyLabel } from '../../../cms/story-shape.ts'
import { escapeHtml } from '../../../renderer/escape.ts'
import { clientEntryOf } from '../bundles/client-entry.ts'

/** Names the story as every per-story message of the build does: `Story "<full_slug>" (id N): …`. */
export class RenderError extends Error {
  constructor(route: string, story: { full_slug: string; id: number } | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(story ? `${storyLabel(story)}: rendering ${route} failed: ${reason}` : `Rendering ${route} failed: ${reason}`)
    this.name = 'RenderError'
  }
}

/** The client bundle's tags every page carries. */
export interface PageAssets {
  head: string
  end: string
}

/**
 * The chunks the entry imports are announced with it, so the browser fetches them with the entry
 * instead of after parsing it; at the end of the body, so the stylesheet and the page's first
 * image go first. Vike announces none for pages that are HTML-only to it; the tags are those it
 * writes for pages with client hooks.
 */
export function pageAssets(bundleDir: string): PageAssets {
  const { script, imports, styles } = clientEntryOf(bundleDir)
  return {
    head: styles.map((href) => `<link rel="stylesheet" type="text/css" href="${escapeHtml(href)}">`).join(''),
    end: `<script src="${escapeHtml(script)}" type="module" async></script>` + imports.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}" as="script" type="text/javascript">`).join(''),
  }
}

/**
 * A document from its three parts (renderer/document.tsx: the head, the React tree, the end) with
 * the tags put in, without joining the parts first. `<head>` is the head's, and the last `</body>`
 * the end's: the body is React's, which writes neither (text is escaped).
 */
export function withAssets(head: string, body: string, end: string, assets: PageAssets): string {
  const headAt = head.indexOf('<head>') + '<head>'.length
  const bodyAt = end.lastIndexOf('</body>')
  if (headAt < '<head>'.length || bodyAt < 0) throw new Error('A document without <head> or </body>: renderer/document-head.ts changed?')
  return head.slice(0, headAt) + assets.head + head.slice(headAt) + body + end.slice(0, bodyAt) + assets.end + end.slice(bodyAt)
}
