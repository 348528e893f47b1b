/**
 * What blocks may know besides their own fields: routes of linked stories, the story lists, the
 * story's name and date, the interface's words, whether they render for the visual editor, and how to render a nested
 * block. Blocks never fetch and never read Vike's page context: everything comes from here, so
 * they stay pure components of their props and this environment.
 *
 * `Block` (blocks/Block.tsx, which looks blocks up in the registry) is handed in by the page:
 * blocks that hold other blocks render them through it instead of importing the registry, which
 * imports them (no import cycle).
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react'
import type { ListedType } from '../cms/content-model.ts'
import type { ContactSettings, Pagination, RoutePayload, StoryCard } from '../pages/build-contract.ts'
import { ENGLISH, type Words } from '../pages/words.ts'
import type { BlockProps } from './types.ts'

export interface BlockEnv {
  /** Route of each linked story, by uuid. */
  links: Record<string, string>
  /** The story lists (projects, articles), or on a page of a long list that page's window of them. */
  lists: Partial<Record<ListedType, StoryCard[]>>
  /** Where this page of a long story list is (pages/pagination.ts). */
  pagination?: Pagination
  /** full_slug of the story being rendered, to name it in errors. */
  story: string
  /** The story's name: the title of a content type that has none of its own. */
  storyName: string
  /** The story's first publication date as `YYYY-MM-DD`, if any. */
  published?: string
  /** Rendering for the visual editor: placeholders for unknown blocks, editable markers. */
  editor: boolean
  contact: ContactSettings
  /** The interface's words in the page's language (pages/words.ts). */
  words: Words
  /** Renders any block (blocks/Block.tsx). */
  Block: ComponentType<BlockProps>
}

const NoBlock: ComponentType<BlockProps> = () => null

const Context = createContext<BlockEnv>({ links: {}, lists: {}, story: '', storyName: '', editor: false, contact: {}, words: ENGLISH, Block: NoBlock })

export function BlockEnvironment({ payload, contact = {}, words = ENGLISH, editor = false, Block = NoBlock, children }: { payload: RoutePayload; contact?: ContactSettings; words?: Words; editor?: boolean; Block?: ComponentType<BlockProps>; children: ReactNode }) {
  const env: BlockEnv = {
    links: payload.links,
    lists: payload.lists ?? {},
    pagination: payload.pagination,
    story: payload.story.full_slug,
    storyName: payload.story.name,
    published: payload.story.first_published_at?.slice(0, 10) || undefined,
    editor,
    contact,
    words,
    Block,
  }
  return <Context.Provider value={env}>{children}</Context.Provider>
}

export function useBlockEnv(): BlockEnv {
  return useContext(Context)
}
