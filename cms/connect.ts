/**
 * Which CMS a command talks to: the configured Storyblok space, or (without a token and without an
 * API URL) the demo space served by the embedded API on a free loopback port.
 */
import { startCmsServer, type CmsServer } from './api/server.ts'
import { loadSpace } from './api/space.ts'
import type { CmsConfig } from './config.ts'
import { DEMO_SPACE_DIR } from './demo-space.ts'

export interface CmsConnection {
  cms: CmsConfig
  /** The embedded API, when the demo space is served; close it when done. */
  server?: CmsServer
}

export async function connectCms(cms: CmsConfig, embedded: boolean, log: (line: string) => void): Promise<CmsConnection> {
  if (!embedded) return { cms }
  const space = loadSpace(DEMO_SPACE_DIR)
  const server = await startCmsServer({ space })
  log(`No STORYBLOK_TOKEN set: using the demo space "${space.name}" from the embedded CMS at ${server.url}`)
  const token = cms.version === 'draft' ? space.tokens.preview : space.tokens.public
  return { cms: { ...cms, apiUrl: server.url, token, previewToken: space.tokens.preview }, server }
}
