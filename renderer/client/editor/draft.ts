/**
 * Drafts in the visual editor, rendered through the same payload code as the build: the draft
 * story is fetched with the preview token (preview builds only) or arrives from the bridge's
 * `input` events, and is trimmed like a published payload, keeping the editor markers.
 */
import { createCmsClient } from '../../../cms/client.ts'
import { RESOLVE_RELATIONS, type Story, type StoryLink } from '../../../cms/content-model.ts'
import { draftCmsConfig, type PreviewConfig } from '../../../cms/preview-config.ts'
import { buildPayload, type RoutePayload, type SiteIndex, type StoryRef } from '../../../pages/payload.ts'

/**
 * The site the draft is rendered in: navigation and project list of the published payload, and
 * every story route the page knows of (published links plus those the draft answer resolved).
 */
function editorIndex(published: RoutePayload, links: StoryLink[]): SiteIndex {
  const byUuid = new Map<string, StoryRef>()
  for (const [uuid, route] of Object.entries(published.links)) byUuid.set(uuid, { uuid, full_slug: route.replace(/^\/|\/$/g, '') || 'home' })
  for (const link of links) if (link.full_slug) byUuid.set(link.uuid, { uuid: link.uuid, full_slug: link.full_slug })
  return { byUuid, projects: published.projects ?? [], nav: published.nav, site: published.site }
}

export function draftPayload(published: RoutePayload, story: Story, links: StoryLink[] = []): RoutePayload {
  return buildPayload(story, editorIndex(published, links), { keepEditable: true }).payload
}

/** Fetches the story's draft; rejects with the CMS's reason (e.g. a rejected token). */
export async function fetchDraft(preview: PreviewConfig, published: RoutePayload): Promise<RoutePayload> {
  const client = createCmsClient(draftCmsConfig(preview))
  const { story, links } = await client.getStory(published.story.uuid, {
    find_by: 'uuid',
    resolve_relations: RESOLVE_RELATIONS.join(','),
    resolve_links: 'url',
  })
  return draftPayload(published, story, links)
}
