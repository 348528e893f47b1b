/**
 * The site's shell (pages/build-contract.ts, SiteShell): its name and settings, and its header and
 * footer navigation. When the space has a site settings story (docs/content-model.md, "Site
 * settings"), editors control them there; otherwise the navigation is derived from the crawl
 * (pages/navigation.ts) and capped, so that it never grows with the content.
 */
import { blockName, type Asset, type Blok, type Multilink } from '../cms/content-model.ts'
import { multilinkHref } from '../cms/links.ts'
import { safeUrl } from '../cms/url-policy.ts'
import { storyLabel } from '../cms/story-shape.ts'
import { FEED_ROUTE, FEED_TYPE } from './feed.ts'
import { navigation } from './navigation.ts'
import type { NavItem, SiteInfo, SiteShell } from './build-contract.ts'
import { routeOf } from './routes.ts'
import { hasWords, TRANSLATIONS, wordsFor } from './translations.ts'
import type { StorySummary } from './stories.ts'

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
}

/** The `nav-link` blocks of a settings field as navigation items; links that lead nowhere are left out, with a warning. */
function links(value: unknown, routes: Record<string, string>, where: string, warnings: string[]): NavItem[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item: Blok) => {
    if (typeof item !== 'object' || item === null || blockName(String(item.component)) !== 'nav-link') return []
    const label = text(item.label)
    const href = safeUrl(multilinkHref(item.link as Multilink | undefined, routes), 'link')
    if (label && href) return [{ label, route: href }]
    warnings.push(`${where}: the navigation link "${label ?? '(no label)'}" ${label ? 'leads nowhere (an unpublished story, or an empty or unsafe URL)' : 'has no label'}; it is left out.`)
    return []
  })
}

export interface ShellResult {
  shell: SiteShell
  warnings: string[]
}

/**
 * The shell of a site from its story summaries (the settings story's content travels in its
 * summary) and the configured site info; settings from the environment win over the story's.
 * `prefix` is a language's folder (`de/`) when the site is one language of several; `elsewhere`,
 * the default language's versions of stories that language lacks, which settings links may name.
 */
export function siteShell(summaries: StorySummary[], info: SiteInfo, prefix = '', elsewhere: StorySummary[] = []): ShellResult {
  const warnings: string[] = []
  const settings = summaries.filter((summary) => summary.settings)
  if (settings.length > 1) warnings.push(`${settings.length} site settings stories (${settings.map((story) => story.full_slug).join(', ')}): only "${settings[0]!.full_slug}" is used.`)
  const pages = summaries.filter((summary) => !summary.settings)
  // A feed needs absolute URLs (SITE_URL), entries, and a site robots may read.
  const feed = info.url && !info.noindex && pages.some((page) => blockName(page.component) === FEED_TYPE) ? { feed: prefix ? `/${prefix}${FEED_ROUTE.slice(1)}` : FEED_ROUTE } : {}
  const config = settings[0]?.settings
  // The interface's words of the site's language; English ones are built in.
  const translated = wordsFor(info.language)
  const words = translated ? { words: translated } : {}
  if (info.language && !hasWords(info.language)) {
    warnings.push(`The interface has no words in "${info.language}": its menu, dates and contact form stay in English (pages/translations.ts has ${Object.keys(TRANSLATIONS).join(', ')}).`)
  }
  if (!config) return { shell: { site: { ...info, ...feed }, nav: navigation(pages, prefix), footer: [], ...words }, warnings }

  const where = storyLabel(settings[0]!)
  const routes = Object.fromEntries([...elsewhere, ...pages].map((page) => [page.uuid, routeOf(page)]))
  const email = text(config.contact_email)
  const shareImage = config.share_image as Asset | undefined
  const imageUrl = safeUrl(shareImage?.filename, 'image')
  const image = imageUrl ? { url: imageUrl, ...(text(shareImage?.alt) ? { alt: text(shareImage?.alt) } : {}) } : undefined
  const contact = { ...(email ? { email } : {}), ...info.contact }
  const site: SiteInfo = {
    ...info,
    ...feed,
    name: text(config.site_name) ?? info.name,
    ...(text(config.description) ? { description: text(config.description) } : {}),
    ...(image ? { image } : {}),
    ...(Object.keys(contact).length ? { contact } : {}),
  }
  return { shell: { site, nav: links(config.navigation, routes, where, warnings), footer: links(config.footer_navigation, routes, where, warnings), ...words }, warnings }
}
