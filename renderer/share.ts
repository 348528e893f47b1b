/**
 * Open Graph and Twitter card tags of a story page (docs/behaviour.md, "Sharing and structured
 * data"). The image is the story's first large raster image, cropped by the image service to the
 * 1200×630 that Facebook, LinkedIn and X show, or the site's share image; the story's SEO app
 * field wins over everything derived. Written into the server HTML only: share previews are made
 * by crawlers that run no JavaScript, so none of this reaches the client bundle.
 */
import { assetDimensions, imageUrl, isImageFile, isStoryblokImage } from '../cms/image.ts'
import type { Asset } from '../cms/content-model.ts'
import type { RoutePayload, SiteInfo } from '../pages/build-contract.ts'
import { escapeHtml } from './escape.ts'
import { descriptionOf, seoOf, storyTitle } from './head.ts'

/** The size share cards show (1.91:1). */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const
/** Smaller images look blurred on a share card: they are passed over. */
export const SHARE_IMAGE_MIN_WIDTH = 600

export interface ShareImage {
  url: string
  width?: number
  height?: number
  alt?: string
}

/** Social networks render neither SVG nor animated GIF previews (nor a PDF in an image field). */
const isRaster = (url: string) => isImageFile(url) && !/\.(svg|gif)(\?|#|$)/i.test(url)

/** A raster image at least SHARE_IMAGE_MIN_WIDTH wide; one of unknown size is given the benefit of the doubt. */
function isLarge(url: string): boolean {
  const size = assetDimensions(url)
  return isRaster(url) && (size === undefined || size.width >= SHARE_IMAGE_MIN_WIDTH)
}

/**
 * The first large raster image of a story's content, in field order. Cards of other stories
 * (relations) are passed over: their images are not this page's.
 */
export function firstLargeImage(content: unknown): Asset | undefined {
  if (Array.isArray(content)) {
    for (const item of content) {
      const found = firstLargeImage(item)
      if (found) return found
    }
    return undefined
  }
  if (typeof content !== 'object' || content === null) return undefined
  const object = content as Record<string, unknown>
  if (typeof object.filename === 'string') return object.filename && isLarge(object.filename) ? (object as Asset) : undefined
  if (typeof object.route === 'string' && typeof object.uuid === 'string') return undefined
  // Fields in order, as Object.values gives them, without making the array (the payload is parsed JSON).
  for (const field in object) {
    const found = firstLargeImage(object[field])
    if (found) return found
  }
  return undefined
}

/** An image as a share card wants it: absolute, and 1200×630 when the image service can crop it. */
export function shareImage(url: string, siteUrl: string | undefined, alt?: string | null, focus?: string | null): ShareImage | undefined {
  let absolute: string
  try {
    absolute = new URL(url, siteUrl).href
  } catch {
    return undefined // a relative URL and no SITE_URL to resolve it against
  }
  const cropped = isStoryblokImage(absolute)
  return {
    url: cropped ? imageUrl(absolute, { ...SHARE_IMAGE_SIZE, quality: 80, format: 'jpeg', ...(focus ? { focal: focus } : {}) }) : absolute,
    ...(cropped ? SHARE_IMAGE_SIZE : assetDimensions(absolute)),
    ...(alt ? { alt } : {}),
  }
}

export interface Share {
  type: 'website' | 'article'
  title: string
  description?: string
  url?: string
  siteName: string
  image?: ShareImage
  twitter: { title: string; description?: string; image?: ShareImage }
  published?: string
  modified?: string
  /** On a page with versions in other languages: its language and theirs, as Open Graph writes them. */
  locale?: string
  alternateLocales?: string[]
}

/** A language tag as Open Graph writes locales: `pt-BR` → `pt_BR` (a bare `de` stays `de`). */
export function ogLocale(tag: string): string {
  const [language = '', region] = tag.split('-')
  return region && /^[a-z]{2}$/i.test(region) ? `${language.toLowerCase()}_${region.toUpperCase()}` : language.toLowerCase()
}

/** The page's language and its other versions' (og:locale, og:locale:alternate), when it has versions. */
function locales(payload: RoutePayload): Pick<Share, 'locale' | 'alternateLocales'> {
  const versions = payload.alternates ?? []
  const own = versions.find((version) => version.route === payload.route)
  if (versions.length < 2 || !own) return {}
  return { locale: ogLocale(own.language), alternateLocales: versions.filter((version) => version !== own).map((version) => ogLocale(version.language)) }
}

export function shareOf(payload: RoutePayload, site: SiteInfo, canonical?: string): Share {
  const seo = seoOf(payload)
  const { story } = payload
  const found = firstLargeImage(story.content)
  const image = seo.og_image ? shareImage(seo.og_image, site.url) : found?.filename ? shareImage(found.filename, site.url, found.alt, found.focus) : site.image ? shareImage(site.image.url, site.url, site.image.alt) : undefined
  const title = seo.og_title ?? seo.title ?? (payload.route === (site.home ?? '/') ? site.name : storyTitle(payload))
  const description = seo.og_description ?? descriptionOf(payload, site.description)
  const isArticle = story.content.component === 'article'
  return {
    type: isArticle ? 'article' : 'website',
    title,
    ...(description ? { description } : {}),
    ...(canonical ? { url: canonical } : {}),
    siteName: site.name,
    ...(image ? { image } : {}),
    twitter: {
      title: seo.twitter_title ?? title,
      ...(seo.twitter_description ?? description ? { description: seo.twitter_description ?? description } : {}),
      ...(seo.twitter_image ? { image: shareImage(seo.twitter_image, site.url) } : image ? { image } : {}),
    },
    ...(isArticle && story.first_published_at ? { published: story.first_published_at } : {}),
    ...(isArticle && story.published_at ? { modified: story.published_at } : {}),
    ...locales(payload),
  }
}

const tag = (attribute: 'property' | 'name', key: string, value: string | number | undefined) =>
  value === undefined || value === '' ? '' : `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}">\n`

/** The share tags as HTML, one `<meta>` a line. */
export function shareTags(share: Share): string {
  const { image, twitter } = share
  return [
    tag('property', 'og:type', share.type),
    tag('property', 'og:title', share.title),
    tag('property', 'og:description', share.description),
    tag('property', 'og:url', share.url),
    tag('property', 'og:site_name', share.siteName),
    tag('property', 'og:locale', share.locale),
    ...(share.alternateLocales ?? []).map((locale) => tag('property', 'og:locale:alternate', locale)),
    tag('property', 'og:image', image?.url),
    tag('property', 'og:image:width', image?.width),
    tag('property', 'og:image:height', image?.height),
    tag('property', 'og:image:alt', image?.alt),
    tag('property', 'article:published_time', share.published),
    tag('property', 'article:modified_time', share.modified),
    tag('name', 'twitter:card', twitter.image ? 'summary_large_image' : 'summary'),
    // X reads og:title, og:description and og:image when its own tags are missing: they are
    // written only where the SEO field makes them differ.
    twitter.title !== share.title ? tag('name', 'twitter:title', twitter.title) : '',
    twitter.description !== share.description ? tag('name', 'twitter:description', twitter.description) : '',
    twitter.image?.url !== image?.url ? tag('name', 'twitter:image', twitter.image?.url) + tag('name', 'twitter:image:alt', twitter.image?.alt) : '',
  ].join('')
}
