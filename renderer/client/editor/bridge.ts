/**
 * Storyblok's visual-editor bridge: a script from Storyblok's host, requested only when the page
 * runs inside the editor (the URL carries `_storyblok`).
 */
import type { Story } from '../../../cms/content-model.ts'
import { RESOLVE_RELATIONS } from '../../../cms/content-model.ts'

export const BRIDGE_URL = 'https://app.storyblok.com/f/storyblok-v2-latest.js'

export interface BridgeEvent {
  action: 'input' | 'change' | 'published' | string
  /** Numeric id of the story the event is about (change, published). */
  storyId?: number | string
  /** The edited story, with relations resolved (input). */
  story?: Story
}

export interface Bridge {
  on(events: string | string[], callback: (event: BridgeEvent) => void): void
}

type BridgeConstructor = new (options: { resolveRelations?: string[]; resolveLinks?: string }) => Bridge

export function inEditor(search = location.search): boolean {
  return new URLSearchParams(search).has('_storyblok')
}

export function loadBridge(): Promise<Bridge> {
  return new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement('script'), { src: BRIDGE_URL, async: true })
    script.onload = () => {
      const Constructor = (window as unknown as { StoryblokBridge?: BridgeConstructor }).StoryblokBridge
      if (Constructor) resolve(new Constructor({ resolveRelations: RESOLVE_RELATIONS, resolveLinks: 'url' }))
      else reject(new Error('the bridge script loaded but defines no StoryblokBridge'))
    }
    script.onerror = () => reject(new Error(`the bridge script ${BRIDGE_URL} could not be loaded`))
    document.head.append(script)
  })
}
