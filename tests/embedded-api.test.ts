import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCmsServer, type CmsServer } from '../cms/api/server.ts'
import { loadSpace } from '../cms/api/space.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'
import { projectSpace, storyOf, TOKENS } from './helpers/space.ts'

let server: CmsServer
let demo: CmsServer

async function get(base: CmsServer, path: string, params: Record<string, string> = {}) {
  const url = new URL(`${base.url}/${path}`)
  url.search = new URLSearchParams({ token: TOKENS.public, ...params }).toString()
  const response = await fetch(url)
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }
}

beforeAll(async () => {
  server = await startCmsServer({ space: projectSpace(120) })
  const demoSpace = loadSpace(DEMO_SPACE_DIR)
  demo = await startCmsServer({ space: { ...demoSpace, tokens: TOKENS } })
})
afterAll(async () => {
  await server.close()
  await demo.close()
})

describe('embedded delivery API', () => {
  it('should answer cdn/spaces/me with the space version', async () => {
    const { status, body } = await get(server, 'cdn/spaces/me')
    expect(status).toBe(200)
    expect(body.space).toMatchObject({ id: 7, version: 100 })
  })

  it('should answer 401 without a token or with an unknown one', async () => {
    expect((await fetch(`${server.url}/cdn/stories`)).status).toBe(401)
    expect((await get(server, 'cdn/stories', { token: 'wrong' })).status).toBe(401)
  })

  it('should serve drafts only with the preview token', async () => {
    expect((await get(demo, 'cdn/stories', { version: 'draft' })).status).toBe(401)
    const published = await get(demo, 'cdn/stories', { per_page: '100' })
    const draft = await get(demo, 'cdn/stories', { version: 'draft', per_page: '100', token: TOKENS.preview })
    expect(draft.body.stories.length).toBe(published.body.stories.length + 1)
    const about = draft.body.stories.find((story: any) => story.full_slug === 'about')
    expect(about.content.title).toMatch(/draft/)
  })

  it('should page with total and per-page headers, default 25, at most 100', async () => {
    const first = await get(server, 'cdn/stories')
    expect(first.headers.get('total')).toBe('120')
    expect(first.headers.get('per-page')).toBe('25')
    expect(first.body.stories).toHaveLength(25)
    const capped = await get(server, 'cdn/stories', { per_page: '500', page: '2' })
    expect(capped.headers.get('per-page')).toBe('100')
    expect(capped.body.stories).toHaveLength(20)
    expect(first.body.cv).toBe(100)
  })

  it('should page stories in id order however they are stored', async () => {
    const space = projectSpace(60)
    const shuffled = await startCmsServer({ space: { ...space, stories: [...space.stories].reverse() } })
    try {
      const ids = []
      for (const page of ['1', '2', '3']) ids.push(...(await get(shuffled, 'cdn/stories', { page })).body.stories.map((story: any) => story.id))
      expect(ids).toEqual(space.stories.map((story) => story.id))
    } finally {
      await shuffled.close()
    }
  })

  it('should add the editable marker to every block without changing the stored story', async () => {
    const space = projectSpace(3)
    const marked = await startCmsServer({ space })
    try {
      const { body } = await get(marked, 'cdn/stories/projects/p1')
      expect(body.story.content._editable).toBe('<!--#storyblok#{"name":"project","space":"7","uid":"blok-1","id":"1"}-->')
      expect(space.stories[0]!.content._editable).toBeUndefined()
    } finally {
      await marked.close()
    }
  })

  it("should page a datasource's entries like the real API, and answer an unknown one with none", async () => {
    const redirects = await get(demo, 'cdn/datasource_entries', { datasource: 'redirects', per_page: '2', page: '2' })
    expect(redirects.status).toBe(200)
    expect(redirects.headers.get('total')).toBe('5')
    expect(redirects.body.datasource_entries).toEqual([
      { id: 3, name: '/studio', value: '/about/', dimension_value: null },
      { id: 4, name: '/jobs', value: '/contact/ 302', dimension_value: null },
    ])
    const unknown = await get(demo, 'cdn/datasource_entries', { datasource: 'colours' })
    expect([unknown.status, unknown.headers.get('total'), unknown.body.datasource_entries]).toEqual([200, '0', []])
  })

  it('should filter by starts_with and by_uuids and drop excluded fields', async () => {
    const some = await get(server, 'cdn/stories', { starts_with: 'projects/p1', per_page: '100' })
    expect(some.body.stories.every((story: any) => story.full_slug.startsWith('projects/p1'))).toBe(true)
    const byUuid = await get(server, 'cdn/stories', { by_uuids: 'uuid-3,uuid-5', excluding_fields: 'title' })
    expect(byUuid.body.stories.map((story: any) => story.uuid)).toEqual(['uuid-3', 'uuid-5'])
    expect(byUuid.body.stories[0].content.title).toBeUndefined()
  })

  it('should add the editable marker to every block', async () => {
    const { body } = await get(server, 'cdn/stories/projects/p1')
    expect(body.story.content._editable).toBe('<!--#storyblok#{"name":"project","space":"7","uid":"blok-1","id":"1"}-->')
  })

  it('should inline up to 50 relations in rels and list more in rel_uuids', async () => {
    const few = await get(server, 'cdn/stories', { per_page: '10', resolve_relations: 'project.related' })
    expect(few.body.rels.length).toBeGreaterThan(0)
    expect(few.body.rel_uuids).toBeUndefined()
    const many = await get(server, 'cdn/stories', { per_page: '100', resolve_relations: 'project.related' })
    expect(many.body.rel_uuids.length).toBeGreaterThan(50)
    expect(many.body.rels).toEqual([])
  })

  it('should inline up to 50 links in links and list more in link_uuids', async () => {
    const few = await get(server, 'cdn/stories', { per_page: '10', resolve_links: 'url' })
    expect(few.body.links[0]).toMatchObject({ uuid: expect.any(String), full_slug: expect.stringMatching(/^projects\//) })
    const many = await get(server, 'cdn/stories', { per_page: '100', resolve_links: 'url' })
    expect(many.body.link_uuids.length).toBeGreaterThan(50)
  })

  it('should find one story by full slug, uuid and id, and 404 as JSON otherwise', async () => {
    expect((await get(server, 'cdn/stories/projects/p2')).body.story.uuid).toBe('uuid-2')
    expect((await get(server, 'cdn/stories/uuid-3', { find_by: 'uuid' })).body.story.full_slug).toBe('projects/p3')
    expect((await get(server, 'cdn/stories/4')).body.story.uuid).toBe('uuid-4')
    const missing = await get(server, 'cdn/stories/projects/nope')
    expect(missing.status).toBe(404)
    expect(missing.body).toEqual(['This record could not be found'])
  })

  it('should inject 429, 5xx and malformed JSON faults on request', async () => {
    const before = server.requests.length
    server.faults = { rateLimitEvery: 1 }
    expect((await get(server, 'cdn/spaces/me')).status).toBe(429)
    server.faults = { serverErrorOn: [before + 2], serverErrorStatus: 503 }
    expect((await get(server, 'cdn/spaces/me')).status).toBe(503)
    server.faults = { malformedOn: [before + 3] }
    const response = await fetch(`${server.url}/cdn/spaces/me?token=${TOKENS.public}`)
    await expect(response.json()).rejects.toThrow()
    server.faults = {}
  })
})

describe('embedded delivery API, memoized answers', () => {
  /** The raw bytes of an answer, to compare a memoized server with a plain one byte for byte. */
  async function raw(base: CmsServer, path: string, params: Record<string, string> = {}) {
    const url = new URL(`${base.url}/${path}`)
    url.search = new URLSearchParams({ token: TOKENS.public, ...params }).toString()
    const response = await fetch(url)
    return { status: response.status, total: response.headers.get('total'), text: await response.text() }
  }

  it('should answer the same bytes as without memoizing, in every language, version and page, and again after a change with a new version', async () => {
    const space = { ...projectSpace(60), language_codes: ['de'] }
    space.stories[3]!.content = { ...space.stories[3]!.content, title__i18n__de: 'Ein Projekt' }
    const plain = await startCmsServer({ space })
    const memoized = await startCmsServer({ space, memoize: true })
    try {
      const queries: Record<string, string>[] = [
        {},
        { page: '2' },
        { per_page: '100' },
        { language: 'de' },
        { version: 'draft', token: TOKENS.preview },
        { excluding_fields: 'body' },
        { resolve_relations: 'project.related' },
      ]
      for (const query of queries) {
        for (let round = 0; round < 2; round++) expect(await raw(memoized, 'cdn/stories', query)).toEqual(await raw(plain, 'cdn/stories', query))
      }
      expect(await raw(memoized, 'cdn/spaces/me')).toEqual(await raw(plain, 'cdn/spaces/me'))
      // A story changed in place with a new content version (as a publish does) is answered anew.
      space.stories[0]!.content = { ...space.stories[0]!.content, title: 'Changed in place' }
      space.version++
      const after = await raw(memoized, 'cdn/stories', {})
      expect(after).toEqual(await raw(plain, 'cdn/stories', {}))
      expect(after.text).toContain('Changed in place')
      expect(JSON.parse((await raw(memoized, 'cdn/spaces/me')).text).space.version).toBe(space.version)
      // Failures are not kept: a bad token is answered anew, and a good one still works after it.
      expect((await raw(memoized, 'cdn/stories', { token: 'wrong' })).status).toBe(401)
      expect((await raw(memoized, 'cdn/stories', {})).status).toBe(200)
    } finally {
      await plain.close()
      await memoized.close()
    }
  })
})

describe('embedded delivery API, languages (field-level translation)', () => {
  let bilingual: CmsServer
  beforeAll(async () => {
    const about = storyOf(1, 'about', { component: 'page', title: 'About us', title__i18n__de: 'Über uns', description: 'Who we are', description__i18n__de: '', body: [{ _uid: 't', component: 'teaser', headline: 'Hello', headline__i18n__de: 'Hallo' }] }, {
      name: 'About',
      translated_slugs: [{ path: 'ueber-uns', name: 'Über uns', lang: 'de', published: true }],
    })
    const contact = storyOf(2, 'contact', { component: 'page', title: 'Contact' })
    bilingual = await startCmsServer({ space: { ...projectSpace(0), language_codes: ['de'], stories: [about, contact] } })
  })
  afterAll(() => bilingual.close())

  it('should list the space’s languages in cdn/spaces/me', async () => {
    expect((await get(bilingual, 'cdn/spaces/me')).body.space.language_codes).toEqual(['de'])
  })

  it('should answer language=de with the translated fields, lang, a prefixed and translated full_slug and default_full_slug', async () => {
    const { body } = await get(bilingual, 'cdn/stories', { language: 'de' })
    const [about, contact] = body.stories
    expect(about).toMatchObject({ lang: 'de', name: 'Über uns', full_slug: 'de/ueber-uns', default_full_slug: 'about' })
    expect(about.content).toMatchObject({ title: 'Über uns', description: 'Who we are', body: [{ headline: 'Hallo' }] })
    expect(JSON.stringify(body)).not.toContain('__i18n__')
    expect(contact).toMatchObject({ lang: 'de', full_slug: 'de/contact', default_full_slug: 'contact', content: { title: 'Contact' } })
  })

  it('should answer the default language without the language parameter, or for a language the space does not have', async () => {
    for (const params of [{}, { language: 'fr' }] as Record<string, string>[]) {
      const { body } = await get(bilingual, 'cdn/stories', params)
      expect(body.stories[0]).toMatchObject({ lang: 'default', full_slug: 'about', content: { title: 'About us' } })
      expect(JSON.stringify(body.stories)).not.toContain('__i18n__')
    }
  })
})

describe('embedded delivery API, languages (folder-level translation)', () => {
  it('should list the other stories of a story’s group_id as its alternates, as minimal story objects', async () => {
    const english = storyOf(1, 'en/about', { component: 'page' }, { group_id: 'g-about', parent_id: 10 })
    const german = storyOf(2, 'de/ueber-uns', { component: 'page' }, { group_id: 'g-about', parent_id: 20 })
    const alone = storyOf(3, 'de/impressum', { component: 'page' }, { group_id: 'g-imprint', alternates: [] })
    const folders = await startCmsServer({ space: { ...projectSpace(0), stories: [english, german, alone] } })
    try {
      const { body } = await get(folders, 'cdn/stories')
      expect(body.stories[0].alternates).toEqual([{ id: 2, name: 'Story 2', slug: 'ueber-uns', published: true, full_slug: 'de/ueber-uns', is_folder: false, parent_id: 20 }])
      expect(body.stories[1].alternates).toMatchObject([{ id: 1, full_slug: 'en/about' }])
      expect(body.stories[2].alternates).toEqual([])
    } finally {
      await folders.close()
    }
  })
})
