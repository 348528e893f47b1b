// Over 250 lines: one pure answer per endpoint of the delivery API it stands in for, all under the same access rules.
/**
 * The Storyblok delivery API's answers, as pure functions of a space and a request: what the
 * embedded CMS serves. Only what the client and crawl use is implemented, with the real API's
 * shapes (docs/behaviour.md, "Calls"; the real API: https://www.storyblok.com/docs/api/content-delivery/v2).
 */
import { DATASOURCE_PER_PAGE, DEFAULT_PER_PAGE, INLINE_RESOLVE_LIMIT, LINKS_PER_PAGE, MAX_PER_PAGE } from '../config.ts'
import type { Story } from '../content-model.ts'
import { relationUuids, storyLinkUuids } from '../content-walk.ts'
import { addEditableMarkers } from './editable.ts'
import { localizedFullSlug, localizedName, translateContent } from './translate.ts'
import type { Space, StoredStory } from './space.ts'
import { own } from '../own.ts'
import { releaseId } from '../release.ts'
import { storyLinkOf } from '../links.ts'

export interface DeliveryAnswer {
  status: number
  body: unknown
  /** The body already serialized (`JSON.stringify(body)`), when it was made from memoized stories. */
  json?: string
  headers?: Record<string, string>
}

export interface DeliveryOptions {
  /**
   * The space's stories are changed in place only together with a new `space.version` (a space
   * read from a file, the benchmark's generated spaces): each story's answer is then made and
   * serialized once per content version and access, as Storyblok's CDN caches its answers, instead
   * of for every request, so that a benchmark measures the build, not the API beside it.
   */
  memoize?: boolean
}


const NOT_FOUND: DeliveryAnswer = { status: 404, body: ['This record could not be found'] }
const UNAUTHORIZED: DeliveryAnswer = { status: 401, body: { error: 'Unauthorized' } }

type Version = 'published' | 'draft'

function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}

function visibleStories(space: Space, version: Version): StoredStory[] {
  return version === 'draft' ? space.stories : space.stories.filter((story) => story.published !== false)
}

/** Who is asking: which version, which language (undefined: the default one) and which release's drafts. */
interface Access {
  version: Version
  language?: string
  release?: string
}

/** The stories of each `group_id`, made once per list of stories (tests add stories to a running space). */
const groupsOf = new WeakMap<StoredStory[], { size: number; groups: Map<string, StoredStory[]> }>()

/**
 * A story's `alternates` as the delivery API sends them (folder-level translation): the other
 * stories of its group (the same `group_id`), as minimal story objects; its stored ones otherwise.
 */
function alternatesOf(space: Space, stored: StoredStory): unknown {
  let cached = groupsOf.get(space.stories)
  if (!cached || cached.size !== space.stories.length) {
    const groups = new Map<string, StoredStory[]>()
    for (const story of space.stories) if (typeof story.group_id === 'string') groups.set(story.group_id, [...(groups.get(story.group_id) ?? []), story])
    groupsOf.set(space.stories, (cached = { size: space.stories.length, groups }))
  }
  const group = typeof stored.group_id === 'string' ? (cached.groups.get(stored.group_id) ?? []) : []
  if (group.length < 2) return stored.alternates
  return group
    .filter((other) => other.id !== stored.id)
    .map(({ id, name, slug, full_slug, parent_id, published }) => ({ id, name, slug, published: published !== false, full_slug, is_folder: false, parent_id: parent_id ?? 0 }))
}

/**
 * The story as the API sends it: draft overlay applied, the language asked for (cms/api/translate.ts),
 * its alternates, editor markers added, CMS-only fields gone.
 */
function present(space: Space, stored: StoredStory, { version, language, release }: Access, excluded: string[]): Story {
  const { published: _published, draft: ownDraft, releases, ...rest } = stored
  // A release's version of the story, where the release holds one, stands in for its draft.
  const draft = (release && releases && own(releases, release)) || ownDraft
  const alternates = alternatesOf(space, stored)
  const story = alternates === undefined ? rest : { ...rest, alternates }
  // translateContent answers a deep copy, which the markers and exclusions then change in place.
  const marked = translateContent(version === 'draft' && draft ? draft.content : story.content, language)
  addEditableMarkers(marked, space.id, story.id)
  for (const field of excluded) delete (marked as Record<string, unknown>)[field]
  const name = (version === 'draft' && draft?.name) || story.name
  if (!language) return { ...story, name, lang: 'default', content: marked }
  return { ...story, name: localizedName({ ...story, name }, language), lang: language, full_slug: localizedFullSlug(story, language), default_full_slug: story.full_slug, content: marked }
}

/** Each stored story's answers as JSON, by access and excluded fields, for one content version. */
const presentedJson = new WeakMap<StoredStory, { version: number; byAccess: Map<string, string> }>()

/** The JSON of present()'s answer, made once per content version (DeliveryOptions.memoize). */
function presentJson(space: Space, stored: StoredStory, access: Access, excluded: string[]): string {
  let memo = presentedJson.get(stored)
  if (!memo || memo.version !== space.version) presentedJson.set(stored, (memo = { version: space.version, byAccess: new Map() }))
  const key = `${access.version}|${access.language ?? ''}|${access.release ?? ''}|${excluded.join(',')}`
  let json = memo.byAccess.get(key)
  if (json === undefined) memo.byAccess.set(key, (json = JSON.stringify(present(space, stored, access, excluded))))
  return json
}

/** Story uuids referenced by `component.field` relation fields, across stories. */
function relationUuidsOf(stories: Story[], relations: string[]): string[] {
  return [...new Set(stories.flatMap((story) => relationUuids(story.content, relations)))]
}

/** Story uuids that multilink fields and rich-text link marks point at, across stories. */
function linkUuidsOf(stories: Story[]): string[] {
  return [...new Set(stories.flatMap((story) => storyLinkUuids(story.content)))]
}

interface Included {
  rels?: Story[]
  rel_uuids?: string[]
  links?: unknown[]
  link_uuids?: string[]
}

/** Whether a request asks for relations or links to be resolved (a crawl asks for neither). */
function resolves(query: URLSearchParams): boolean {
  const resolveLinks = query.get('resolve_links')
  return list(query.get('resolve_relations')).length > 0 || resolveLinks === 'url' || resolveLinks === 'story' || resolveLinks === 'link'
}

/** `resolve_relations` and `resolve_links`: inline up to 50, uuids past that (the client batches them). */
function includes(space: Space, stories: Story[], query: URLSearchParams, access: Access): Included {
  const included: Included = { rels: [], links: [] }
  if (!resolves(query)) return included
  const relations = list(query.get('resolve_relations'))
  const resolveLinks = query.get('resolve_links')
  // Only when something is to be resolved: a crawl asks for nothing, and this map of every story,
  // made for each of its pages, was a fifth of the API's CPU time at 5,000 stories.
  const byUuid = new Map(visibleStories(space, access.version).map((story) => [story.uuid, story]))

  if (relations.length) {
    const uuids = relationUuidsOf(stories, relations).filter((uuid) => byUuid.has(uuid))
    if (uuids.length > INLINE_RESOLVE_LIMIT) included.rel_uuids = uuids
    else included.rels = uuids.map((uuid) => present(space, byUuid.get(uuid)!, access, []))
  }

  if (resolveLinks === 'url' || resolveLinks === 'story' || resolveLinks === 'link') {
    const uuids = linkUuidsOf(stories).filter((uuid) => byUuid.has(uuid))
    if (uuids.length > INLINE_RESOLVE_LIMIT) included.link_uuids = uuids
    else {
      included.links = uuids.map((uuid) => {
        const story = byUuid.get(uuid)!
        return resolveLinks === 'story' ? present(space, story, access, []) : storyLinkOf(story)
      })
    }
  }
  return included
}

/**
 * Which version a token may read, or `undefined` for a token the space does not know; and the
 * language asked for, when the space has it (any other `language` answers in the default one).
 */
function authorize(space: Space, query: URLSearchParams): Access | undefined {
  const token = query.get('token')
  const version: Version = query.get('version') === 'draft' ? 'draft' : 'published'
  const code = query.get('language') ?? ''
  const language = space.language_codes?.includes(code) ? { language: code } : {}
  // Releases hold drafts: only the preview token reads them.
  const release = releaseId(query.get('from_release'))
  if (token === space.tokens.preview) return { version, ...language, ...(release ? { release: String(release) } : {}) }
  if (token === space.tokens.public && version === 'published') return { version, ...language }
  return undefined
}

function listStories(space: Space, query: URLSearchParams, access: Access, { memoize = false }: DeliveryOptions): DeliveryAnswer {
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Number.parseInt(query.get('per_page') ?? '', 10) || DEFAULT_PER_PAGE))
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '', 10) || 1)
  const startsWith = query.get('starts_with')
  const byUuids = list(query.get('by_uuids'))

  let matches = visibleStories(space, access.version)
  if (startsWith) matches = matches.filter((story) => story.full_slug.startsWith(startsWith))
  if (byUuids.length) {
    const wanted = new Set(byUuids)
    matches = matches.filter((story) => wanted.has(story.uuid))
  }
  // Stored stories are usually in id order already: checking is one pass, sorting a copy for every
  // page of a crawl was not.
  if (!matches.every((story, at) => at === 0 || matches[at - 1]!.id <= story.id)) matches = [...matches].sort((a, b) => a.id - b.id)

  const excluded = list(query.get('excluding_fields'))
  const shown = matches.slice((page - 1) * perPage, page * perPage)
  const headers = { total: String(matches.length), 'per-page': String(perPage) }
  if (memoize && !resolves(query)) {
    // The same bytes as JSON.stringify(body) below, with nothing to resolve: `rels` and `links` empty.
    const json = `{"stories":[${shown.map((story) => presentJson(space, story, access, excluded)).join(',')}],"cv":${JSON.stringify(space.version)},"rels":[],"links":[]}`
    return { status: 200, headers, body: undefined, json }
  }
  const stories = shown.map((story) => present(space, story, access, excluded))
  return { status: 200, headers, body: { stories, cv: space.version, ...includes(space, stories, query, access) } }
}

/**
 * `cdn/links`, paginated (as for spaces made since 2023): an object of link objects by uuid, in id
 * order, with `published_at` and the other dates under `include_dates=1`. The embedded space has
 * no folders, so every link is a story.
 */
function listLinks(space: Space, query: URLSearchParams, access: Access): DeliveryAnswer {
  const perPage = Math.min(LINKS_PER_PAGE, Math.max(1, Number.parseInt(query.get('per_page') ?? '', 10) || DEFAULT_PER_PAGE))
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '', 10) || 1)
  const dates = query.get('include_dates') === '1'
  const stories = [...visibleStories(space, access.version)].sort((a, b) => a.id - b.id)
  const links = stories.slice((page - 1) * perPage, page * perPage).map((story) => [
    story.uuid,
    {
      id: story.id,
      uuid: story.uuid,
      slug: story.full_slug,
      name: story.name,
      is_folder: false,
      parent_id: null,
      published: story.published !== false,
      position: story.position ?? 0,
      is_startpage: story.is_startpage ?? false,
      ...(dates ? { published_at: story.published_at ?? null, created_at: story.first_published_at ?? null, updated_at: story.published_at ?? null } : {}),
    },
  ])
  return { status: 200, headers: { total: String(stories.length), 'per-page': String(perPage) }, body: { links: Object.fromEntries(links) } }
}

/** `cdn/datasource_entries?datasource=<slug>`: an unknown datasource has no entries. */
function listDatasourceEntries(space: Space, query: URLSearchParams): DeliveryAnswer {
  const perPage = Math.min(DATASOURCE_PER_PAGE, Math.max(1, Number.parseInt(query.get('per_page') ?? '', 10) || DEFAULT_PER_PAGE))
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '', 10) || 1)
  const slug = query.get('datasource')
  const all = slug ? (own(space.datasources ?? {}, slug) ?? []) : Object.values(space.datasources ?? {}).flat()
  const entries = all.map((entry, at) => ({ id: at + 1, name: entry.name, value: entry.value, dimension_value: null }))
  return {
    status: 200,
    headers: { total: String(entries.length), 'per-page': String(perPage) },
    body: { datasource_entries: entries.slice((page - 1) * perPage, page * perPage) },
  }
}

function getStory(space: Space, key: string, query: URLSearchParams, access: Access): DeliveryAnswer {
  const findBy = query.get('find_by')
  const wanted = key.replace(/\/+$/, '')
  const stored = visibleStories(space, access.version).find((story) =>
    findBy === 'uuid'
      ? story.uuid === key
      : /^\d+$/.test(key)
        ? story.id === Number(key)
        : story.full_slug.replace(/\/+$/, '') === wanted,
  )
  if (!stored) return NOT_FOUND
  const story = present(space, stored, access, list(query.get('excluding_fields')))
  return { status: 200, body: { story, cv: space.version, ...includes(space, [story], query, access) } }
}

/** Answers one GET below `/v2/` (e.g. `cdn/stories`), with the real API's status codes and shapes. */
export function answerDelivery(space: Space, path: string, query: URLSearchParams, options: DeliveryOptions = {}): DeliveryAnswer {
  const access = authorize(space, query)
  if (!access) return UNAUTHORIZED
  if (path === 'cdn/spaces/me') {
    return {
      status: 200,
      body: { space: { id: space.id, name: space.name, domain: space.domain, version: space.version, language_codes: space.language_codes ?? [] } },
    }
  }
  if (path === 'cdn/stories') return listStories(space, query, access, options)
  if (path === 'cdn/datasource_entries') return listDatasourceEntries(space, query)
  if (path === 'cdn/links') return listLinks(space, query, access)
  const single = /^cdn\/stories\/(.+)$/.exec(path)
  if (single?.[1]) return getStory(space, decodeURIComponent(single[1]), query, access)
  return NOT_FOUND
}
