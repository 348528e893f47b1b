/** Small synthetic spaces for tests of the embedded API, the client and the crawl. */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadSpace, type Space, type StoredStory } from '../../cms/api/space.ts'
import { localizedFullSlug } from '../../cms/api/translate.ts'
import { SITE_CONFIG, type Blok, type Story } from '../../cms/content-model.ts'
import { localizeStory, publishedIn } from '../../pages/languages.ts'
import { routeOf } from '../../pages/routes.ts'
import { DEMO_SPACE_DIR } from '../../cms/demo-space.ts'

export const TOKENS = { public: 'test-public', preview: 'test-preview' }

export function storyOf(id: number, fullSlug: string, content: Partial<Blok> & { component: string }, extra: Partial<StoredStory> = {}): StoredStory {
  return {
    id,
    uuid: `uuid-${id}`,
    name: `Story ${id}`,
    slug: fullSlug.split('/').filter(Boolean).pop() ?? 'home',
    full_slug: fullSlug,
    position: id,
    first_published_at: `2025-01-${String((id % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
    content: { _uid: `blok-${id}`, ...content },
    ...extra,
  }
}

/**
 * `count` projects under `projects/`, each related to the next `related` projects and linking to
 * the previous one with a story multilink.
 */
export function projectSpace(count: number, related = 3): Space {
  const stories = Array.from({ length: count }, (_, i) => {
    const id = i + 1
    const relatedIds = Array.from({ length: related }, (_, k) => ((i + 1 + k) % count) + 1)
    return storyOf(id, `projects/p${id}`, {
      component: 'project',
      title: `Project ${id}`,
      related: relatedIds.map((r) => `uuid-${r}`),
      link: { fieldtype: 'multilink', linktype: 'story', id: `uuid-${((i + count - 1) % count) + 1}`, url: '', cached_url: '' },
    })
  })
  return { id: 7, name: 'Test space', domain: 'https://test.example/', version: 100, tokens: TOKENS, stories }
}

/**
 * The demo space with the hostile stories of tests/fixtures/hostile-stories/ in place of its own
 * (same ids and slugs) or beside them: a `<script>` title, a very long title with a block type the
 * site does not know, emoji and right-to-left titles, and the reference article that uses every
 * rich-text node and mark with tricky links. The demo itself reads like a real studio's site.
 */
export function hostileSpace(): Space {
  const space = structuredClone(loadSpace(DEMO_SPACE_DIR))
  const dir = join(import.meta.dirname, '..', 'fixtures', 'hostile-stories')
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json')).sort()) {
    const story = JSON.parse(readFileSync(join(dir, file), 'utf8')) as StoredStory
    const at = space.stories.findIndex((candidate) => candidate.id === story.id)
    if (at >= 0) space.stories[at] = story
    else space.stories.push(story)
  }
  return space
}

/**
 * Every route a space's stories get, in each language the build makes (`STORYBLOK_LANGUAGES=auto`):
 * the default's at `/…`, each other language's at `/<code>/…` with its translated slug, for the
 * stories published in it. Settings stories and unpublished stories have none.
 */
export function routesByLanguage(space: Space): Map<string | undefined, string[]> {
  const pages = space.stories.filter((story) => story.published !== false && story.content.component !== SITE_CONFIG)
  const routes = new Map<string | undefined, string[]>([[undefined, pages.map(routeOf)]])
  for (const code of space.language_codes ?? []) {
    const stories = pages.filter((story) => publishedIn(story, code))
    routes.set(code, stories.map((story) => routeOf(localizeStory({ ...story, full_slug: localizedFullSlug(story, code), default_full_slug: story.full_slug } as Story, code))))
  }
  return routes
}
