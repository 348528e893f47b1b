/**
 * A language's site from its stories: patched from the previous build's when the change left the
 * site's shape as it was (pages/site-patch.ts), made whole by siteOf otherwise.
 */
import type { SiteInfo } from '../../../pages/build-contract.ts'
import { siteOf, type Site } from '../../../pages/site.ts'
import { patchedSite } from '../../../pages/site-patch.ts'
import type { StorySource } from '../../../pages/stories.ts'
import type { PreviousBuild } from '../cache/previous-build.ts'

export function siteFrom(stories: StorySource, info: SiteInfo, previous: PreviousBuild | undefined, changed: ReadonlySet<string> | undefined): Site {
  // Settings shape every page: a patch needs the site made with the same ones.
  const sameInfo = previous && JSON.stringify(previous.info) === JSON.stringify(info)
  return (sameInfo && changed && patchedSite(previous.of(), stories, changed)) || siteOf(stories, info)
}
