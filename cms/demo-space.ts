/** The demo space stored in this repository, served by the embedded CMS when no Storyblok space is configured. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PROJECT_ROOT } from './project-root.ts'

export const DEMO_SPACE_DIR = join(PROJECT_ROOT, 'cms', 'demo-space')
/** The demo's images; its asset URLs point at `/demo-assets/…`, so the build publishes them there. */
export const DEMO_ASSETS_DIR = join(DEMO_SPACE_DIR, 'assets')
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
  return JSON.parse(readFileSync(join(DEMO_SPACE_DIR, 'space.json'), 'utf8')) as { id: number; name: string }
}
