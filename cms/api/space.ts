/**
 * A space the embedded API serves: stored either as a folder (`space.json` plus one JSON file per
 * story under `stories/`, the form the demo space is written in) or as one JSON file with a
 * `stories` array (the form the benchmark generator writes).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Blok, Story } from '../content-model.ts'

/** A story as stored: the delivery shape plus what only the CMS knows. */
export interface StoredStory extends Story {
  /** `false` for a story that was never published: only `version=draft` sees it. */
  published?: boolean
  /** Unpublished changes, swapped in for `version=draft`. */
  draft?: { name?: string; content: Blok }
}

export interface Space {
  id: number
  name: string
  domain: string
  /** The content version (`cv`), which `cdn/spaces/me` answers with. */
  version: number
  tokens: { public: string; preview: string }
  stories: StoredStory[]
}

type SpaceMeta = Omit<Space, 'stories'> & { stories?: StoredStory[] }

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch (error) {
    throw new Error(`Cannot read space file ${file}: ${(error as Error).message}`)
  }
}

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name))
}

export function loadSpace(path: string): Space {
  const isDir = statSync(path).isDirectory()
  const meta = readJson<SpaceMeta>(isDir ? join(path, 'space.json') : path)
  const stories = isDir ? storyFiles(join(path, 'stories')).map((file) => readJson<StoredStory>(file)) : (meta.stories ?? [])
  if (!meta.tokens?.public || !meta.tokens?.preview) throw new Error(`Space ${path} has no tokens.public/tokens.preview.`)
  return { ...meta, stories }
}
