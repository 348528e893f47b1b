/**
 * A crawled space as a site: which story each route shows and what each route's payload holds.
 * The build and the dev server both render from this.
 */
import type { Story } from '../cms/content-model.ts'
import { navigation } from './navigation.ts'
import { buildPayload, siteIndex, type PayloadResult, type SiteIndex, type SiteInfo } from './payload.ts'
import { routeTable } from './routes.ts'

export interface Site {
  /** full_slug of the story of every route, in crawl (full_slug) order. */
  routes: Map<string, string>
  index: SiteIndex
  payloadFor(route: string): PayloadResult | undefined
}

export function siteOf(stories: Story[], info: SiteInfo): Site {
  const table = routeTable(stories)
  const index = siteIndex(stories, navigation(stories), info)
  return {
    routes: new Map([...table].map(([route, story]) => [route, story.full_slug])),
    index,
    payloadFor(route) {
      const story = table.get(route)
      return story ? buildPayload(story, index) : undefined
    },
  }
}
