/**
 * Vike build settings, imported by pages/+config.ts (Vike reads that file; this one keeps the
 * settings at the root where a reader looks for them).
 */
import react from '@vitejs/plugin-react'
import type { InlineConfig } from 'vite'
import type { Config } from 'vike/types'

/** Where `vike build` writes the client assets and the server entry the prerender imports. */
export const VIKE_OUT_DIR = '.build/vike'

/** Vite settings, Vike's `vite` setting below (the bundle process passes outDir itself: scripts/engine/bundles/process.mjs). */
export const viteConfig: InlineConfig = {
  plugins: [react()],
  // Draft settings for the visual editor: null except in preview builds, whose bundle process gets
  // them from scripts/engine/bundles/bundles.ts (see cms/preview-config.ts).
  define: { __PREVIEW_CONFIG__: process.env.PREVIEW_CONFIG ?? 'null' },
  build: { outDir: VIKE_OUT_DIR },
  logLevel: 'warn',
}

export default {
  // Navigation runs on our own per-route `_payload.json`; Vike's client router would need a second
  // copy of every payload (`index.pageContext.json`).
  clientRouting: false,
  // scripts/build.ts prerenders through Vike's renderPage(), streaming pages to disk instead of
  // holding the whole site in memory as Vike's built-in prerender does.
  prerender: false,
  // Routes are folders (`/blog/post/` → blog/post/index.html), as a CDN serves them.
  trailingSlash: true,
  // The client gets its data from `_payload.json`, never from HTML-embedded pageContext.
  passToClient: [],
  // No Vike client hooks: pages are HTML-only to Vike and renderer/+client.ts is the whole browser
  // runtime, which saves Vike's client runtime (12.7 KB gzip) on every page.
  clientHooks: false,
  vite: viteConfig,
} satisfies Config
