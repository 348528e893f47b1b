/**
 * Drafts in the visual editor, rendered through the same payload code as the build: the draft
 * story is fetched with the preview token (preview builds only) or arrives from the bridge's
 * `input` events, and is trimmed like a published payload, keeping the editor markers.
 */
import { createCmsClient } from '../../../cms/client.ts'
import { LISTED_TYPES, RESOLVE_RELATIONS, type Story, type StoryLink } from '../../../cms/content-model.ts'
import { draftCmsConfig, PREVIEW_PROXY_PATH, type PreviewConfig } from '../../../cms/preview-config.ts'
import { checkStory } from '../../../cms/story-shape.ts'
import { buildPayload } from '../../../pages/payload.ts'
import type { SiteIndex, StoryRef } from '../../../pages/site-index.ts'
import { LANGUAGE_TAG } from '../../../cms/language.ts'
import { releaseId } from '../../../cms/release.ts'
import type { RoutePayload, SiteInfo } from '../../../pages/build-contract.ts'
import { fullSlugOf } from '../../../pages/routes.ts'
import { siteFetch, statusOf } from '../fetch.ts'

/**
 * The site the draft is rendered in: the story lists and breadcrumbs of the published payload,
 * and every story route the page knows of (published links plus those the draft answer resolved).
 */
function editorIndex(published: RoutePayload, links: StoryLink[]): SiteIndex {
  const byUuid = new Map<string, StoryRef>()
  for (const [uuid, route] of Object.entries(published.links)) byUuid.set(uuid, { uuid, full_slug: fullSlugOf(route) })
  // The published routes win: the build placed those stories (a language's folder, a default
  // language's folder served at /); the answer's slugs place only stories the draft newly links.
  for (const link of links) if (link.full_slug && !byUuid.has(link.uuid)) byUuid.set(link.uuid, { uuid: link.uuid, full_slug: link.full_slug })
  const byRoute = new Map((published.breadcrumbs ?? []).map((crumb) => [crumb.route, { name: crumb.label }]))
  const lists = Object.fromEntries(LISTED_TYPES.map((type) => [type, published.lists?.[type] ?? []])) as SiteIndex['lists']
  return { byUuid, lists, byRoute }
}

/**
 * The language the visual editor edits: `_storyblok_lang` when it names one, else the page's own
 * language on another language's site (pages/languages.ts); undefined for the default language.
 */
export function editedLanguage(search: string, site: SiteInfo): string | undefined {
  const lang = new URLSearchParams(search).get('_storyblok_lang') ?? ''
  if (lang && lang !== 'default' && LANGUAGE_TAG.test(lang)) return lang
  return site.home ? site.language : undefined
}

/** The release the editor previews (`_storyblok_release`, the Releases app), when it names one: drafts are then asked `from_release` it. */
export function editedRelease(search: string): number | undefined {
  return releaseId(new URLSearchParams(search).get('_storyblok_release'))
}

/** The draft as a payload: checked and repaired like a crawled story (cms/story-shape.ts), then trimmed. */
export function draftPayload(published: RoutePayload, story: Story, links: StoryLink[] = []): RoutePayload {
  // At the page's own route, as the build placed it: a draft's slug is not where the page is yet.
  const checked = { ...checkStory(story).story, full_slug: published.story.full_slug }
  return buildPayload(checked, editorIndex(published, links), { keepEditable: true }).payload
}

/** The proxy is not there (a static host): the caller falls back to the published version. */
export class NoPreviewProxy extends Error {}

/**
 * Fetches the story's draft through the site's own server, which holds the preview token and
 * checks the editor's signed parameters (`_storyblok_tk[…]`, passed on from this page's URL).
 */
export async function fetchDraftViaProxy(published: RoutePayload, search = location.search, language?: string): Promise<RoutePayload> {
  const release = editedRelease(search)
  const query = new URLSearchParams({ uuid: published.story.uuid, ...(language ? { language } : {}), ...(release ? { from_release: String(release) } : {}) })
  for (const [name, value] of new URLSearchParams(search)) if (name.startsWith('_storyblok_tk[')) query.set(name, value)
  try {
    const { story, links } = await siteFetch<{ story: Story; links: StoryLink[] }>(`${PREVIEW_PROXY_PATH}?${query}`, { retry: 0 })
    return draftPayload(published, story, links)
  } catch (error) {
    const status = statusOf(error)
    if (status === 404 || status === 405) throw new NoPreviewProxy()
    const reason = (error as { data?: { error?: string } }).data?.error
    throw new Error(reason ?? (error as Error).message)
  }
}

/** Fetches the story's draft (as the editor's release holds it, else as the build's); rejects with the CMS's reason (e.g. a rejected token). */
export async function fetchDraft(preview: PreviewConfig, published: RoutePayload, language?: string, release = editedRelease(location.search)): Promise<RoutePayload> {
  const client = createCmsClient(draftCmsConfig(release ? { ...preview, release } : preview))
  const { story, links } = await client.getStory(published.story.uuid, {
    find_by: 'uuid',
    resolve_relations: RESOLVE_RELATIONS.join(','),
    resolve_links: 'url',
    ...(language ? { language } : {}),
  })
  return draftPayload(published, story, links)
}
