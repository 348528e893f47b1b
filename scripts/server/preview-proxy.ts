/**
 * The token-free preview proxy: `GET /api/preview/story?uuid=…&_storyblok_tk[…]=…` answers
 * a story's draft (`{ story, links }`, as the delivery API does) to the visual editor, and only to
 * it. Storyblok signs every editor URL: `_storyblok_tk[token]` is sha1(`space_id:preview_token:
 * timestamp`), so a request that carries a valid, fresh one comes from someone the editor let in.
 * The preview token never leaves the server. A draft is asked `from_release` the release the editor
 * previews, when the page passes one on.
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'
import { CmsRequestError, createCmsClient } from '../../cms/client.ts'
import type { CmsConfig } from '../../cms/config.ts'
import { LANGUAGE_TAG } from '../../cms/language.ts'
import { releaseId } from '../../cms/release.ts'
import { RESOLVE_RELATIONS } from '../../cms/content-model.ts'

/** Editor links are accepted for one hour after Storyblok signed them. */
export const EDITOR_TOKEN_MAX_AGE_SECONDS = 3600
/** Clocks differ: a timestamp up to this far in the future is still accepted. */
const CLOCK_SKEW_SECONDS = 300

export const EDITOR_PARAMS = ['_storyblok_tk[space_id]', '_storyblok_tk[timestamp]', '_storyblok_tk[token]'] as const

export function editorToken(spaceId: number | string, previewToken: string, timestamp: number | string): string {
  return createHash('sha1').update(`${spaceId}:${previewToken}:${timestamp}`).digest('hex')
}

/** Why the request's editor parameters are not valid for this space, or undefined when they are. */
export function checkEditorToken(params: URLSearchParams, space: { id: number; previewToken: string }, nowMs = Date.now()): string | undefined {
  const [spaceId, timestamp, token] = EDITOR_PARAMS.map((name) => params.get(name))
  if (!spaceId || !timestamp || !token) return 'the request carries no Storyblok editor parameters (_storyblok_tk[…])'
  if (spaceId !== String(space.id)) return 'the editor link is for another space'
  if (!/^\d+$/.test(timestamp)) return 'the editor timestamp is not a number'
  const expected = Buffer.from(editorToken(spaceId, space.previewToken, timestamp), 'hex')
  const given = Buffer.from(/^[0-9a-f]{40}$/i.test(token) ? token : '', 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'the editor token is not valid for this space'
  const age = nowMs / 1000 - Number(timestamp)
  if (age > EDITOR_TOKEN_MAX_AGE_SECONDS) return 'the editor link has expired (older than one hour): reload the page in Storyblok'
  if (age < -CLOCK_SKEW_SECONDS) return 'the editor timestamp is in the future'
  return undefined
}

/** The proxy's handler; `cms` must carry the preview token. */
export function previewProxy(cms: CmsConfig & { previewToken: string }, log: (line: string) => void): RequestHandler {
  const client = createCmsClient({ ...cms, version: 'draft' })
  let spaceId: Promise<number> | undefined
  const space = () => {
    spaceId ??= client.getSpace().then(({ id }) => id)
    spaceId.catch(() => (spaceId = undefined)) // ask again next time
    return spaceId
  }

  return async (req, res) => {
    res.setHeader('cache-control', 'no-store')
    const params = new URL(req.originalUrl, 'http://localhost').searchParams
    const uuid = params.get('uuid')
    try {
      const problem = checkEditorToken(params, { id: await space(), previewToken: cms.previewToken })
      if (problem) return res.status(401).json({ error: `Preview refused: ${problem}.` })
      if (!uuid) return res.status(400).json({ error: 'Preview refused: the request names no story (uuid=…).' })
      // The language the editor edits (field-level translation); anything else is the default.
      const language = params.get('language') ?? ''
      const translated = LANGUAGE_TAG.test(language) ? { language } : {}
      // The release the editor previews (`_storyblok_release`, passed on by the page as from_release).
      const release = releaseId(params.get('from_release'))
      const inRelease = release ? { from_release: release } : {}
      const { story, links } = await client.getStory(uuid, { find_by: 'uuid', resolve_relations: RESOLVE_RELATIONS.join(','), resolve_links: 'url', ...translated, ...inRelease })
      return res.json({ story, links })
    } catch (error) {
      if (error instanceof CmsRequestError && error.status === 404) return res.status(404).json({ error: `Story ${uuid} has no draft.` })
      log(`Preview proxy: ${(error as Error).message}`)
      return res.status(502).json({ error: 'The CMS did not answer the draft request; try again.' })
    }
  }
}
