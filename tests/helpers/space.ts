/** Small synthetic spaces for tests of the embedded API, the client and the crawl. */
import type { Blok } from '../../cms/content-model.ts'
import type { Space, StoredStory } from '../../cms/api/space.ts'

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
