/**
 * What blocks may know besides their own fields: routes of linked stories, the project list, and
 * whether they render for the visual editor. Blocks never fetch; everything comes from the payload.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { ContactSettings, RoutePayload, StoryCard } from '../pages/route-payload.ts'

export interface BlockEnv {
  /** Route of each linked story, by uuid. */
  links: Record<string, string>
  projects: StoryCard[]
  /** full_slug of the story being rendered, to name it in errors. */
  story: string
  /** Rendering for the visual editor: placeholders for unknown blocks, editable markers. */
  editor: boolean
  contact: ContactSettings
}

const Context = createContext<BlockEnv>({ links: {}, projects: [], story: '', editor: false, contact: {} })

export function BlockEnvironment({ payload, editor = false, children }: { payload: RoutePayload; editor?: boolean; children: ReactNode }) {
  const env: BlockEnv = {
    links: payload.links,
    projects: payload.projects ?? [],
    story: payload.story.full_slug,
    editor,
    contact: payload.site.contact ?? {},
  }
  return <Context.Provider value={env}>{children}</Context.Provider>
}

export function useBlockEnv(): BlockEnv {
  return useContext(Context)
}
