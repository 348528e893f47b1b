/** The content model, the files made from it, the checks at the crawl boundary and the demo space must agree. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { hostileSpace } from './helpers/space.ts'
import { loadSpace } from '../cms/api/space.ts'
import { blockName, CONTENT_TYPES, RESOLVE_RELATIONS, SITE_CONFIG, type Blok } from '../cms/content-model.ts'
import { eachBlok } from '../cms/content-walk.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'
import { checkBlocks } from '../cms/model/check-blocks.ts'
import { schemaFileContents } from '../cms/model/files.ts'
import { ASSET_FIELDS, BLOCK_NAMES, COMPONENT_DEFINITIONS } from '../cms/model/index.ts'
import type { SchemaComponent, SchemaGroup } from '../cms/model/storyblok-schema.ts'

const components = JSON.parse(readFileSync(new URL('../cms/components.json', import.meta.url), 'utf8')) as SchemaComponent[]
const groups = JSON.parse(readFileSync(new URL('../cms/groups.json', import.meta.url), 'utf8')) as SchemaGroup[]
const space = loadSpace(DEMO_SPACE_DIR)
const fieldsOf = (name: string) => Object.keys(COMPONENT_DEFINITIONS.get(name)?.fields ?? {})

describe('files made from the content model', () => {
  it('should be up to date: cms/components.json, cms/groups.json and the README table (npm run schema -- write)', () => {
    for (const [file, text] of schemaFileContents()) expect(readFileSync(file, 'utf8'), `${file} is stale: run npm run schema -- write`).toBe(text)
  })

  it('should write cms/components.json as Storyblok CLI 4 does: an array of Management API components, each in a group of cms/groups.json', () => {
    expect(Array.isArray(components)).toBe(true)
    const uuids = new Set(groups.map((group) => group.uuid))
    for (const component of components) {
      expect(component, component.name).toMatchObject({ name: expect.any(String), display_name: expect.any(String), is_root: expect.any(Boolean), is_nestable: expect.any(Boolean), schema: expect.any(Object) })
      expect(uuids, component.name).toContain(component.component_group_uuid)
      Object.values(component.schema).forEach((field, pos) => expect(field.pos, `${component.name} field ${pos}`).toBe(pos))
    }
  })

  it('should make the page types and the site settings content types, and the rest nestable', () => {
    for (const component of components) {
      const isContentType = [...CONTENT_TYPES, SITE_CONFIG].includes(component.name)
      expect(component.is_root, component.name).toBe(isContentType)
      expect(component.is_nestable, component.name).toBe(!isContentType)
    }
  })

  it('should whitelist only components of the model, and only nestable ones', () => {
    for (const component of components) {
      for (const [field, definition] of Object.entries(component.schema)) {
        for (const name of (definition.component_whitelist as string[] | undefined) ?? []) {
          expect(COMPONENT_DEFINITIONS.get(name)?.kind, `${component.name}.${field} allows ${name}`).toBe('nestable')
        }
      }
    }
  })

  it('should list every image field in ASSET_FIELDS', () => {
    expect(ASSET_FIELDS).toEqual(new Set(['image', 'share_image']))
  })

  it('should declare each resolved relation as a stories field of the model', () => {
    for (const relation of RESOLVE_RELATIONS) {
      const [component, field] = relation.split('.')
      expect(components.find((item) => item.name === component)!.schema[field!]).toMatchObject({ type: 'options', source: 'internal_stories', filter_content_type: ['project'] })
    }
  })
})

describe('checks at the crawl boundary', () => {
  const check = (content: Blok) => {
    const problems: string[] = []
    checkBlocks(content, problems)
    return { content, problems }
  }

  it('should keep values of the right type, and every empty value', () => {
    const teaser = { _uid: 't', component: 'teaser', headline: 'Hi', text: '', image: null }
    const button = { _uid: 'b', component: 'button', label: 'Go', variant: 'secondary', link: { linktype: 'url', url: 'https://example.com' } }
    const list = { _uid: 'l', component: 'all-projects', limit: '6' }
    const { content, problems } = check({ _uid: 'p', component: 'page', title: 'Home', body: [teaser, button, list] })
    expect(problems).toEqual([])
    expect((content.body as Blok[])[0]).toEqual(teaser)
  })

  it('should read a value of the wrong type as empty and say where it was', () => {
    const { content, problems } = check({ _uid: 'p', component: 'page', title: ['not', 'text'], body: [{ _uid: 'b', component: 'Button', label: 3, variant: 'tertiary' }] })
    expect(problems).toEqual([
      'page.title is a list, not text; it is read as empty',
      'Button.label is a number, not text; it is read as empty',
      'Button.variant is "tertiary", not one of primary, secondary; it is read as empty',
    ])
    expect(content).toEqual({ _uid: 'p', component: 'page', body: [{ _uid: 'b', component: 'Button' }] })
  })

  it('should accept the older shape of an image, its URL alone, and a number field sent as a number', () => {
    expect(check({ _uid: 'a', component: 'article', image: 'https://a.storyblok.com/f/1/2x2/abc/a.jpg' }).problems).toEqual([])
    expect(check({ _uid: 'l', component: 'all-articles', limit: 4 }).problems).toEqual([])
    expect(check({ _uid: 'l', component: 'all-articles', limit: 'many' }).problems).toEqual(['all-articles.limit is "many", not a number; it is read as empty'])
  })

  it('should leave unknown fields and unknown components alone', () => {
    const { content, problems } = check({ _uid: 'p', component: 'page', extra: 42, body: [{ _uid: 'c', component: 'carousel', title: 7 }] })
    expect(problems).toEqual([])
    expect(content).toEqual({ _uid: 'p', component: 'page', extra: 42, body: [{ _uid: 'c', component: 'carousel', title: 7 }] })
  })

  it('should find no problem in the demo space', () => {
    const problems: string[] = []
    for (const story of space.stories) checkBlocks(structuredClone(story.content), problems)
    expect(problems).toEqual([])
  })
})

describe('demo space', () => {
  it('should use every block type', () => {
    const used = new Set<string>()
    for (const story of space.stories) eachBlok(story.content, (blok) => used.add(blockName(blok.component)))
    for (const name of BLOCK_NAMES) expect(used, name).toContain(name)
  })

  it('should only use fields of the content model in known blocks, translated ones in the space’s languages', () => {
    for (const story of space.stories) {
      eachBlok(story.content, (blok) => {
        if (!COMPONENT_DEFINITIONS.has(blockName(blok.component))) return
        const fields = fieldsOf(blockName(blok.component))
        for (const key of Object.keys(blok)) {
          if (key === '_uid' || key === 'component') continue
          // A translation is stored as `<field>__i18n__<code>` (cms/api/translate.ts).
          const [field, code] = key.split('__i18n__')
          if (code !== undefined) expect(space.language_codes, `${story.full_slug}: ${key}`).toContain(code)
          expect(fields, `${story.full_slug}: ${blok.component}.${key}`).toContain(field)
        }
      })
    }
  })

  it('should have at least 6 projects with related projects and 6 articles in nested folders', () => {
    const projects = space.stories.filter((story) => story.content.component === 'project')
    const articles = space.stories.filter((story) => story.content.component === 'article' && story.published !== false)
    expect(projects.length).toBeGreaterThanOrEqual(6)
    for (const project of projects) expect((project.content.related as string[]).length).toBeGreaterThan(0)
    expect(articles.length).toBeGreaterThanOrEqual(6)
    for (const article of articles) expect(article.full_slug).toMatch(/^blog\/\d{4}\//)
  })

  // The demo reads like a real studio's site; the test fixtures beside it show every feature.
  it('should use every rich-text node and mark of docs/behaviour.md, in the demo or the test fixtures', () => {
    const nodes = new Set<string>()
    const marks = new Set<string>()
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(visit)
      if (typeof value !== 'object' || value === null) return
      const object = value as { type?: unknown; marks?: { type: string }[] }
      if (typeof object.type === 'string') nodes.add(object.type)
      for (const mark of object.marks ?? []) marks.add(mark.type)
      Object.values(object).forEach(visit)
    }
    ;[...space.stories, ...hostileSpace().stories].forEach((story) => visit(story.content))
    for (const node of ['paragraph', 'heading', 'bullet_list', 'ordered_list', 'blockquote', 'code_block', 'image', 'emoji', 'horizontal_rule', 'hard_break', 'table', 'tableRow', 'tableHeader', 'tableCell', 'blok']) {
      expect(nodes, node).toContain(node)
    }
    for (const mark of ['bold', 'italic', 'underline', 'strike', 'code', 'link', 'highlight', 'textStyle', 'subscript', 'superscript', 'styled', 'anchor']) {
      expect(marks, mark).toContain(mark)
    }
  })
})
