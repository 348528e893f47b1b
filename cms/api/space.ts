/**
 * A space the embedded API serves: stored either as a folder (`space.json` plus one JSON file per
 * story under `stories/` and one per datasource under `datasources/`, the form the demo space is
 * written in) or as one JSON file with `stories` and `datasources` (the form the benchmark
 * generator writes).
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { Blok, Story } from '../content-model.ts'
import type { SchemaComponent, SchemaGroup } from '../model/storyblok-schema.ts'
import type { TranslatedSlug } from './translate.ts'

/** A story as stored: the delivery shape plus what only the CMS knows. */
export interface StoredStory extends Story {
  /** `false` for a story that was never published: only `version=draft` sees it. */
  published?: boolean
  /** Unpublished changes, swapped in for `version=draft`. */
  draft?: { name?: string; content: Blok }
  /** The story as scheduled in releases (the Releases app), by release id: `version=draft&from_release=<id>` sees it. */
  releases?: Record<string, { name?: string; content: Blok }>
  /** The story's path in other languages (the Translatable Slugs app), without the language prefix. */
  translated_slugs?: TranslatedSlug[] | null
}

export interface Space {
  id: number
  name: string
  domain: string
  /** The content version (`cv`), which `cdn/spaces/me` answers with. */
  version: number
  /** `management`: the personal access token the embedded Management API accepts (cms/api/management.ts). */
  tokens: { public: string; preview: string; management?: string }
  /** The space's languages besides the default (`cdn/spaces/me` → `language_codes`). */
  language_codes?: string[]
  stories: StoredStory[]
  /** Datasource entries by datasource slug (`cdn/datasource_entries`). */
  datasources?: Record<string, { name: string; value: string }[]>
  /** The block library, as the Management API keeps it. */
  components?: SchemaComponent[]
  component_groups?: SchemaGroup[]
}

type SpaceMeta = Omit<Space, 'stories'> & { stories?: StoredStory[] }

function datasourceFiles(dir: string): Space['datasources'] {
  if (!existsSync(dir)) return {}
  return Object.fromEntries(jsonFiles(dir).map((file) => [basename(file, '.json'), readJson<{ name: string; value: string }[]>(file)]))
}

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch (error) {
    throw new Error(`Cannot read space file ${file}: ${(error as Error).message}`)
  }
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name))
}

export function loadSpace(path: string): Space {
  const isDir = statSync(path).isDirectory()
  const meta = readJson<SpaceMeta>(isDir ? join(path, 'space.json') : path)
  const stories = isDir ? jsonFiles(join(path, 'stories')).map((file) => readJson<StoredStory>(file)) : (meta.stories ?? [])
  const datasources = isDir ? datasourceFiles(join(path, 'datasources')) : (meta.datasources ?? {})
  if (!meta.tokens?.public || !meta.tokens?.preview) throw new Error(`Space ${path} has no tokens.public/tokens.preview.`)
  return { ...meta, stories, datasources }
}
