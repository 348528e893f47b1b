/** The content model, the importable component schema and the demo space must agree. */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { hostileSpace } from './helpers/space.ts'
import { loadSpace } from '../cms/api/space.ts'
import { ASSET_FIELDS, BLOCK_FIELDS, BLOCK_NAMES, blockName, CONTENT_TYPES, RESOLVE_RELATIONS, SETTINGS_FIELDS, SITE_CONFIG, type BlockName } from '../cms/content-model.ts'
import { eachBlok } from '../cms/content-walk.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'

interface SchemaComponent {
  name: string
  is_root: boolean
  is_nestable: boolean
  schema: Record<string, { type: string; source?: string; filter_content_type?: string[] }>
}
const { components } = JSON.parse(readFileSync(new URL('../cms/components.json', import.meta.url), 'utf8')) as { components: SchemaComponent[] }
const space = loadSpace(DEMO_SPACE_DIR)

describe('component schema (cms/components.json)', () => {
  it('should define exactly the blocks of the content model and the site settings', () => {
    expect(components.map((component) => component.name).sort()).toEqual([...BLOCK_NAMES, ...Object.keys(SETTINGS_FIELDS)].sort())
  })

  it('should give each block exactly the fields of the content model', () => {
    for (const component of components) {
      expect(Object.keys(component.schema), component.name).toEqual({ ...BLOCK_FIELDS, ...SETTINGS_FIELDS }[component.name as BlockName])
    }
  })

  it('should make page, article, project and the site settings content types and the rest nestable', () => {
    for (const component of components) {
      const isContentType = [...CONTENT_TYPES, SITE_CONFIG].includes(component.name)
      expect(component.is_root, component.name).toBe(isContentType)
      expect(component.is_nestable, component.name).toBe(!isContentType)
    }
  })

  it('should list every asset field of the schema in ASSET_FIELDS, and no other field', () => {
    const assetFields = components.flatMap((component) => Object.entries(component.schema).filter(([, definition]) => definition.type === 'asset').map(([field]) => field))
    expect(new Set(assetFields)).toEqual(ASSET_FIELDS)
  })

  it('should declare the resolved relation as a story option field', () => {
    for (const relation of RESOLVE_RELATIONS) {
      const [component, field] = relation.split('.')
      const definition = components.find((item) => item.name === component)!.schema[field!]!
      expect(definition).toMatchObject({ type: 'options', source: 'internal_stories', filter_content_type: ['project'] })
    }
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
        const fields = ({ ...BLOCK_FIELDS, ...SETTINGS_FIELDS } as Record<string, readonly string[]>)[blockName(blok.component)]
        if (!fields) return
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
