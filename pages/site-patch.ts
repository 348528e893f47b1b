/**
 * The site after a few stories changed, made from the site before them instead of from every
 * summary again: a webhook's publish then costs what changed (siteOf took 0.12-0.18 s of a
 * one-story publish at 10,000 stories, measured 2026-11-27). It applies only when no changed story
 * moves in the site's shape: the same stories, each keeping its slug, type, start-page flag,
 * position, first publication and list counts, and, at the top level, its name (the derived
 * navigation shows it); no settings story and no story another language lends. Then the routes,
 * list order, shell and warnings are the same, and only cards change. Otherwise it returns
 * undefined, and siteOf makes the site. tests/site-patch.test.ts compares the two.
 */
import { blockName, LISTED_TYPES, type ListedType } from '../cms/content-model.ts'
import type { StoryCard } from './build-contract.ts'
import { isTopLevel } from './navigation.ts'
import { isPage, payloadsOf, type Site } from './site.ts'
import type { SiteIndex } from './site-index.ts'
import type { StorySource, StorySummary } from './stories.ts'

/** The site a patch starts from, with the summaries it was made of (the site's own stories, by uuid). */
export interface PatchBase {
  site: Site
  summaries: ReadonlyMap<string, StorySummary>
}

const LISTED: ReadonlySet<string> = new Set(LISTED_TYPES)

/** Whether a story's change leaves the site's shape as it was (see above). */
function sameShape(before: StorySummary, after: StorySummary, prefix: string): boolean {
  return (
    before.full_slug === after.full_slug &&
    before.component === after.component &&
    before.is_startpage === after.is_startpage &&
    before.position === after.position &&
    before.first_published_at === after.first_published_at &&
    !before.settings &&
    !after.settings &&
    JSON.stringify(before.listed) === JSON.stringify(after.listed) &&
    (before.name === after.name || !isTopLevel(after, prefix))
  )
}

/**
 * `changed`: the uuids of every story added, removed or changed since `base` (Content.changed);
 * `fallback` and `prefix` as siteOf's options (pages/site.ts).
 */
export function patchedSite(base: PatchBase, source: StorySource, changed: ReadonlySet<string>, { fallback = [], prefix = '' }: { fallback?: StorySummary[]; prefix?: string } = {}): Site | undefined {
  const summaries = source.summaries()
  if (summaries.length !== base.summaries.size) return undefined
  const now = new Map(summaries.filter((summary) => changed.has(summary.uuid)).map((summary) => [summary.uuid, summary]))
  const { alternates: _made, ...index } = base.site.index
  const patched: SiteIndex = { ...index, byUuid: new Map(index.byUuid), byRoute: new Map(index.byRoute), lists: { ...index.lists } }
  const copied = new Set<ListedType>()
  let lent: Set<string> | undefined
  for (const uuid of changed) {
    const [before, after] = [base.summaries.get(uuid), now.get(uuid)]
    if (!before && !after) {
      // Not this site's story before or now: it must not be one another language lends it either.
      lent ??= new Set(fallback.map((summary) => summary.uuid))
      if (lent.has(uuid) || index.byUuid.has(uuid)) return undefined
      continue
    }
    if (!before || !after || !sameShape(before, after, prefix)) return undefined
    if (!isPage(after)) continue // a data story's entry is its slug and type, which stayed
    patched.byUuid.set(uuid, { uuid, full_slug: after.full_slug, card: after.card })
    patched.byRoute.set(after.card.route, after.card)
    const type = blockName(after.component) as ListedType
    if (!LISTED.has(type)) continue
    if (!copied.has(type)) (patched.lists[type] = [...patched.lists[type]]), copied.add(type)
    replaceCard(patched.lists[type], before.card, after.card)
  }
  return { ...base.site, index: patched, payloadFor: payloadsOf(source, base.site.routes, patched) }
}

/** A story keeps its place in a list (its date and slug stayed): its card is swapped where it stands. */
function replaceCard(list: StoryCard[], before: StoryCard, after: StoryCard): void {
  const at = list.findIndex((card) => card.route === before.route)
  if (at >= 0) list[at] = after
}
