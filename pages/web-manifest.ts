/**
 * The web manifest (`/site.webmanifest`): the site's name and description from its settings, the
 * theme's colours, and the icons of `public/` (`npm run icons` makes them from `favicon.svg`).
 * Written by every build with the other site files (scripts/engine/publish/site-files.ts), so a renamed
 * site renames its installed app too.
 */
import type { SiteInfo } from './build-contract.ts'
import type { TextFile } from './sitemap.ts'

export const MANIFEST_PATH = 'site.webmanifest'
/** The header's colour (renderer/theme.css, `--color-secondary`): the browser's toolbar matches it. */
export const THEME_COLOR = '#262626'
/** The page background (`--color-background`): the splash screen while the site starts. */
export const BACKGROUND_COLOR = '#e5e7eb'
/** The favicon set in `public/`, by the names `npm run icons` writes (scripts/icons.ts). */
export const ICONS = [
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
] as const

export function webManifest(site: Pick<SiteInfo, 'name' | 'description'>): TextFile {
  const manifest = {
    name: site.name,
    // Home screens cut names past about 12 characters; the first word usually reads best.
    short_name: site.name.length <= 12 ? site.name : site.name.split(/\s+/)[0]!.slice(0, 12),
    ...(site.description ? { description: site.description } : {}),
    start_url: '/',
    display: 'browser',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: ICONS,
  }
  return { path: MANIFEST_PATH, body: `${JSON.stringify(manifest, null, 2)}\n` }
}
