/**
 * The content model as the README's table (between the `content-model` markers): one row per
 * component, its fields with their types, whitelists, required and translatable marks.
 */
import { COMPONENTS, type ComponentDefinition } from './components.ts'
import type { FieldSchema } from './fields.ts'

export const TABLE_START = '<!-- content-model:start (written by `npm run schema -- write`) -->'
export const TABLE_END = '<!-- content-model:end -->'

const KIND: Record<ComponentDefinition['kind'], string> = { page: 'content type, page', data: 'content type, data', nestable: 'nestable' }

/** A field type as an editor knows it from Storyblok's field list. */
function typeName(schema: FieldSchema): string {
  switch (schema.type) {
    case 'bloks':
      return Array.isArray(schema.component_whitelist) ? `blocks: ${schema.component_whitelist.map((name) => `\`${name}\``).join(', ')}` : 'blocks: any nestable'
    case 'option': {
      const [first, ...rest] = (schema.options as { value: string }[]).map((choice) => `\`${choice.value}\``)
      return `option: ${[`${first} (default)`, ...rest].join(', ')}`
    }
    case 'options':
      return `stories: \`${(schema.filter_content_type as string[]).join('`, `')}\``
    case 'asset':
      return 'image'
    case 'custom':
      return 'SEO app'
    default:
      return schema.type
  }
}

function fieldCell(name: string, schema: FieldSchema): string {
  const marks = [typeName(schema), ...(schema.required ? ['required'] : []), ...(schema.translatable ? ['translatable'] : [])]
  return `\`${name}\` (${marks.join(', ')})`
}

export function contentModelTable(): string {
  const rows = Object.entries(COMPONENTS).map(([name, component]: [string, ComponentDefinition]) => {
    const fields = Object.entries(component.fields).map(([field, definition]) => fieldCell(field, definition.schema))
    return `| \`${name}\` | ${KIND[component.kind]} | ${component.group} | ${component.description} ${fields.join(', ')} |`
  })
  return [TABLE_START, '| component | kind | group | what it is, and its fields |', '| --- | --- | --- | --- |', ...rows, TABLE_END].join('\n')
}

/** `text` with the table between its markers replaced; undefined when the markers are missing. */
export function withContentModelTable(text: string): string | undefined {
  const start = text.indexOf(TABLE_START)
  const end = text.indexOf(TABLE_END)
  if (start < 0 || end < start) return undefined
  return `${text.slice(0, start)}${contentModelTable()}${text.slice(end + TABLE_END.length)}`
}
