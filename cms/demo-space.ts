/** The demo space stored in this repository, served by the embedded CMS when no Storyblok space is configured. */
import { fileURLToPath } from 'node:url'

export const DEMO_SPACE_DIR = fileURLToPath(new URL('./demo-space/', import.meta.url))
/** The demo's images; its asset URLs point at `/demo-assets/…`, so the build publishes them there. */
export const DEMO_ASSETS_DIR = fileURLToPath(new URL('./demo-space/assets/', import.meta.url))
export const DEMO_ASSETS_ROUTE = 'demo-assets'
/** The demo studio's address, used by the contact form when CONTACT_EMAIL is not set. */
export const DEMO_CONTACT_EMAIL = 'hello@ateliernord.example'
