/**
 * The HTML of a page before its React tree: doctype, `<html>`, the head (title, description,
 * canonical, share tags and structured data) and the opening root element. A pure function of the
 * page context in plain strings: it lies outside the root element React hydrates.
 * renderer/document.tsx adds the tree and the end.
 */
import { DEFAULT_SITE_LANGUAGE, textDirection } from '../cms/language.ts'
import { MANIFEST_PATH, THEME_COLOR } from '../pages/web-manifest.ts'
import { escapeHtml } from './escape.ts'
import { headOf, type HeadContext } from './head.ts'
import { MAIN_ID } from './landmarks.ts'
import { shareOf, shareTags } from './share.ts'
import { shellOf } from './shell.ts'
import { jsonLdScript, structuredData } from './structured-data.ts'

/** What follows the React tree: the root element's end and the document's. */
export const DOCUMENT_END = '</div>\n</body>\n</html>'

/** Share tags and structured data: for crawlers, so only in the HTML (renderer/share.ts). */
function crawlerTags(pageContext: HeadContext, canonical: string | undefined): string {
  if (!pageContext.payload) return ''
  const { site } = shellOf(pageContext)
  const share = shareOf(pageContext.payload, site, canonical)
  return shareTags(share) + structuredData(pageContext.payload, site, share).map(jsonLdScript).join('')
}

/**
 * No paint before the header is whole: its navigation sits right of the site name and left of the
 * language switcher, so a browser that painted the header as far as it had parsed it (a slow
 * phone, a slow network) would move the navigation when the switcher arrived. Chromium lets
 * rendering go once the expected element is in the document, so the element is main, which comes
 * after the header; browsers without `rel=expect` paint as before.
 */
const PAINT_AFTER_HEADER = `<link rel="expect" href="#${MAIN_ID}" blocking="render">`

export function documentHead(pageContext: HeadContext): string {
  const { title, description, canonical, prev, next, noindex, feed, alternates = [] } = headOf(pageContext)
  const language = shellOf(pageContext).site.language ?? DEFAULT_SITE_LANGUAGE
  const links = [
    noindex && '<meta name="robots" content="noindex">\n',
    canonical && `<link rel="canonical" href="${escapeHtml(canonical)}">\n`,
    prev && `<link rel="prev" href="${escapeHtml(prev)}">\n`,
    next && `<link rel="next" href="${escapeHtml(next)}">\n`,
    feed && `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(feed.href)}">\n`,
    ...alternates.map(({ hreflang, href }) => `<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}">\n`),
    crawlerTags(pageContext, canonical),
  ]
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}"${textDirection(language) === 'rtl' ? ' dir="rtl"' : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="/favicon.ico" sizes="32x32">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
<link rel="manifest" href="/${MANIFEST_PATH}">
<meta name="theme-color" content="${THEME_COLOR}">
${PAINT_AFTER_HEADER}
<title>${escapeHtml(title)}</title>
${description ? `<meta name="description" content="${escapeHtml(description)}">\n` : ''}${links.filter(Boolean).join('')}</head>
<body>
<div id="root"${pageContext.payload ? '' : ' data-page="error"'}${pageContext.shellFile ? ` data-shell="${escapeHtml(pageContext.shellFile)}"` : ''}>`
}
