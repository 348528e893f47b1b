/**
 * The build's shell file: the site-wide data every page shares (pages/build-contract.ts, SiteShell),
 * written once per build under a content-hashed name in `assets/`, so browsers fetch it once and
 * cache it for good, and a navigation change makes a new file instead of new payloads.
 */
import { createHash } from 'node:crypto'
import type { SiteShell } from './build-contract.ts'

export interface ShellFile {
  /** The file's URL path: `/assets/site.<hash>.json`. */
  url: string
  body: string
}

export function shellFileOf(shell: SiteShell): ShellFile {
  const body = JSON.stringify(shell)
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12)
  return { url: `/assets/site.${hash}.json`, body }
}
