/** The demo space stored in this repository, served by the embedded CMS when no Storyblok space is configured. */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const DEMO_SPACE_DIR = fileURLToPath(new URL('./demo-space/', import.meta.url))
/** The demo's images; its asset URLs point at `/demo-assets/…`, so the build publishes them there. */
export const DEMO_ASSETS_DIR = fileURLToPath(new URL('./demo-space/assets/', import.meta.url))
export const DEMO_ASSETS_ROUTE = 'demo-assets'
/** The demo studio's address, used by the contact form when CONTACT_EMAIL is not set. */
export const DEMO_CONTACT_EMAIL = 'hello@ateliernord.example'

/**
 * Whether a crawled space is the demo: served by the embedded API or by `npm run cms` (or a test's
 * copy of it), a build of it publishes the demo's images, which its asset URLs point at.
 */
export function isDemoSpace(space: { id: number; name: string }): boolean {
  const demo = demoSpace()
  return space.id === demo.id && space.name === demo.name
}

/** The demo space's id and name, as its `space.json` holds them. */
export function demoSpace(): { id: number; name: string } {
  return JSON.parse(readFileSync(new URL('./demo-space/space.json', import.meta.url), 'utf8')) as { id: number; name: string }
}
