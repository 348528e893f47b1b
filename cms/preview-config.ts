/**
 * What a preview build hands the browser so that the visual editor can fetch drafts: the preview
 * token and where the API is. It exists only in builds made with `--preview` (or PREVIEW=1), and
 * only inside the lazily loaded editor chunk; production bundles get `null`.
 */
import type { CmsConfig } from './config.ts'

/** Where `npm start` serves drafts to the visual editor (scripts/server/preview-proxy.ts). */
export const PREVIEW_PROXY_PATH = '/api/preview/story'

export type PreviewConfig = Pick<CmsConfig, 'previewToken' | 'region' | 'apiUrl' | 'perPage' | 'rateLimit' | 'release'>

export function previewConfigOf(cms: CmsConfig): PreviewConfig {
  return { previewToken: cms.previewToken, region: cms.region, apiUrl: cms.apiUrl, perPage: cms.perPage, rateLimit: cms.rateLimit, ...(cms.release ? { release: cms.release } : {}) }
}

/** The CMS settings the browser uses for drafts. */
export function draftCmsConfig(preview: PreviewConfig): CmsConfig {
  return { ...preview, version: 'draft' }
}
