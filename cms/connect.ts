/**
 * Which CMS a command talks to: the configured Storyblok space, or (without a token and without an
 * API URL) the demo space served by the embedded API on a free loopback port.
 */
import { startCmsServer, type CmsServer } from './api/server.ts'
import { loadSpace } from './api/space.ts'
import { watchSpace } from './api/watch.ts'
import type { CmsConfig } from './config.ts'
import { DEMO_SPACE_DIR } from './demo-space.ts'

export interface CmsConnection {
  cms: CmsConfig
  /** The embedded API, when the demo space is served; close it when done. */
  server?: CmsServer
}

export interface EmbeddedOptions {
  /** The stored space to serve instead of the demo (`npm run dev -- --space DIR`). */
  spaceDir?: string
  /** Read the space again when its files change (cms/api/watch.ts), and call this. */
  onSpaceChange?: () => void
}

export async function connectCms(cms: CmsConfig, embedded: boolean, log: (line: string) => void, { spaceDir = DEMO_SPACE_DIR, onSpaceChange }: EmbeddedOptions = {}): Promise<CmsConnection> {
  if (!embedded) return { cms }
  const space = loadSpace(spaceDir)
  const server = await startCmsServer({ space })
  // Watched for as long as the process serves it (npm run dev).
  if (onSpaceChange) watchSpace(spaceDir, space, { onChange: onSpaceChange, log })
  log(`No STORYBLOK_TOKEN set: using the ${spaceDir === DEMO_SPACE_DIR ? 'demo space' : `space in ${spaceDir}`} "${space.name}" from the embedded CMS at ${server.url}`)
  const token = cms.version === 'draft' ? space.tokens.preview : space.tokens.public
  return { cms: { ...cms, apiUrl: server.url, token, previewToken: space.tokens.preview }, server }
}
