/**
 * Images: sizes read from asset URLs, and Storyblok image-service URLs
 * (`<asset>/m/<width>x<height>/filters:quality(75):format(webp)`) with the bounds of
 * docs/behaviour.md, "Constants". URLs that are not Storyblok assets pass through unchanged.
 */
import type { Asset } from './content-model.ts'

export interface Dimensions {
  width: number
  height: number
}

export const IMAGE_FORMATS = ['webp', 'png', 'jpeg'] as const
export const ROTATIONS = [90, 180, 270] as const
/** Responsive widths: the theme's breakpoints sm, md, lg, xl and xxl (px). */
export const BREAKPOINT_WIDTHS = [600, 960, 1280, 1920, 2560] as const

export interface ImageFilters {
  /** 0–100. */
  quality?: number
  /** 0–100. */
  blur?: number
  /** -100–100. */
  brightness?: number
  rotate?: (typeof ROTATIONS)[number]
  format?: (typeof IMAGE_FORMATS)[number]
  /** The part of the image a crop keeps, as an asset's `focus` holds it: `X1xY1:X2xY2`. */
  focal?: string
}

export interface ImageServiceOptions extends ImageFilters {
  /** Target width in px; 0 or absent keeps the aspect ratio from the height. */
  width?: number
  height?: number
}

export class ImageOptionError extends RangeError {
  constructor(name: string, value: unknown, allowed: string) {
    super(`Image option ${name}=${String(value)} is out of bounds: ${allowed}.`)
    this.name = 'ImageOptionError'
  }
}

/** Where Storyblok serves assets and the image service, per region (the CSP allows these). */
export const STORYBLOK_ASSET_ORIGINS = ['https://a.storyblok.com', 'https://a-us.storyblok.com', 'https://a-ap.storyblok.com', 'https://a-ca.storyblok.com', 'https://a.storyblokchina.cn']

const STORYBLOK_ASSET = /^https:\/\/a(-[a-z]+)?\.storyblok(china)?\.(com|cn)\/f\/\d+\/\d+x\d+\//

/** Files a browser shows as an image; any other asset (a PDF, a video, a document) is a download. */
const IMAGE_FILE = /\.(jpe?g|png|webp|avif|gif|svg)$/i
const RASTER_FILE = /\.(jpe?g|png|webp|avif)(\?|#|$)/i
const EXTENSION = /\.[a-z0-9]{1,5}$/i

/**
 * Whether a URL names an image: by its extension, as Storyblok's asset URLs keep it. A URL whose
 * path has no extension (an image CDN's) is taken as one; a `.pdf` or `.mp4` is not.
 */
export function isImageFile(url: string): boolean {
  if (url.startsWith('data:')) return url.startsWith('data:image/')
  const path = url.split(/[?#]/, 1)[0]!
  return IMAGE_FILE.test(path) || !EXTENSION.test(path)
}

/** A Storyblok asset the image service can transform (raster formats only; SVG and GIF pass through). */
export function isStoryblokImage(url: string): boolean {
  return STORYBLOK_ASSET.test(url) && RASTER_FILE.test(url) && !url.includes('/m/')
}

/** A `focus` value the focal() filter takes: `X1xY1:X2xY2`. */
export const FOCUS = /^\d{1,5}x\d{1,5}:\d{1,5}x\d{1,5}$/

/**
 * An asset field's value as an asset: the object the delivery API sends, or a plain URL string as
 * older image fields stored it (`//a.storyblok.com/f/…`); protocol-relative URLs become https.
 * Undefined when the field is empty, or a string that is no URL.
 */
export function assetOf(value: unknown): Asset | undefined {
  const url = typeof value === 'string' && /^(https?:)?\/|^data:image\//i.test(value.trim()) ? value : undefined
  const asset: Asset | undefined = url ? { filename: url } : typeof value === 'object' && value !== null ? (value as Asset) : undefined
  const filename = typeof asset?.filename === 'string' ? asset.filename.trim() : ''
  if (!filename) return undefined
  return filename.startsWith('//') ? { ...asset, filename: `https:${filename}` } : asset
}

/** The intrinsic size written in an asset URL, so that images reserve their box before loading. */
export function assetDimensions(url: string): Dimensions | undefined {
  const match = /\/(\d{1,5})x(\d{1,5})\//.exec(url)
  if (!match) return undefined
  const width = Number(match[1])
  const height = Number(match[2])
  return width > 0 && height > 0 ? { width, height } : undefined
}

/**
 * An asset field's value when it is an image to show: a non-image asset (a PDF) in an image place
 * renders nothing, never a broken `<img>`.
 */
export function imageAsset(value: unknown): (Asset & { filename: string }) | undefined {
  const asset = assetOf(value)
  return asset && isImageFile(asset.filename!) ? (asset as Asset & { filename: string }) : undefined
}

function checkRange(name: string, value: number | undefined, min: number, max: number): void {
  if (value === undefined) return
  if (!Number.isFinite(value) || value < min || value > max) throw new ImageOptionError(name, value, `${min} to ${max}`)
}

function checkSize(name: string, value: number | undefined): void {
  if (value !== undefined && (!Number.isInteger(value) || value < 0 || value > 10_000)) {
    throw new ImageOptionError(name, value, 'a whole number of pixels from 0 to 10000')
  }
}

/** Rejects any option outside the bounds of docs/behaviour.md, "Constants", before a URL is built. */
export function validateImageOptions(options: ImageServiceOptions): void {
  checkSize('width', options.width)
  checkSize('height', options.height)
  checkRange('quality', options.quality, 0, 100)
  checkRange('blur', options.blur, 0, 100)
  checkRange('brightness', options.brightness, -100, 100)
  if (options.rotate !== undefined && !ROTATIONS.includes(options.rotate)) {
    throw new ImageOptionError('rotate', options.rotate, ROTATIONS.join(', '))
  }
  if (options.format !== undefined && !IMAGE_FORMATS.includes(options.format)) {
    throw new ImageOptionError('format', options.format, IMAGE_FORMATS.join(', '))
  }
  if (options.focal !== undefined && !FOCUS.test(options.focal)) throw new ImageOptionError('focal', options.focal, 'X1xY1:X2xY2 in pixels')
}

/**
 * The image service's path for options already validated: `/m`, the size, then the filters in a
 * fixed order (focal, quality, blur, brightness, rotate, format).
 */
function servicePath({ width = 0, height = 0, quality, blur, brightness, rotate, format, focal }: ImageServiceOptions): string {
  let filters = ''
  if (focal !== undefined) filters += `:focal(${focal})`
  if (quality !== undefined) filters += `:quality(${quality})`
  if (blur !== undefined) filters += `:blur(${blur})`
  if (brightness !== undefined) filters += `:brightness(${brightness})`
  if (rotate !== undefined) filters += `:rotate(${rotate})`
  if (format !== undefined) filters += `:format(${format})`
  return `/m${width || height ? `/${width}x${height}` : ''}${filters ? `/filters${filters}` : ''}`
}

/** The image-service URL of a Storyblok asset; any other URL is returned unchanged. */
export function imageUrl(url: string, options: ImageServiceOptions = {}): string {
  validateImageOptions(options)
  return isStoryblokImage(url) ? url + servicePath(options) : url
}

export interface ResponsiveImage {
  src: string
  srcSet?: string
  sizes?: string
  width?: number
  height?: number
}

/**
 * The widest image the image service makes: it serves a larger request at this size (Storyblok's
 * docs: "a maximum resolution of 4,000 x 4,000 pixels"), so no srcset candidate claims more.
 */
export const SERVICE_MAX_WIDTH = 4000

/** What every srcset candidate asks the service for, after its width. */
const CANDIDATE_FILTERS = servicePath({ format: 'webp', quality: 75 }).slice('/m'.length)

/**
 * `src`, `srcset` (one candidate per breakpoint narrower than the original, and the original's
 * width, at most SERVICE_MAX_WIDTH, WebP) and the intrinsic size of an asset. Non-Storyblok images
 * keep their URL and get no srcset. Pages have many images: the URL is checked once, not once per
 * candidate.
 */
export function responsiveImage(url: string, sizes: string): ResponsiveImage {
  const size = assetDimensions(url)
  if (!size || !isStoryblokImage(url)) return { src: url, ...size }
  const largest = Math.min(size.width, SERVICE_MAX_WIDTH)
  const candidate = (width: number) => `${url}/m/${width}x0${CANDIDATE_FILTERS}`
  let srcSet = ''
  for (const width of BREAKPOINT_WIDTHS) if (width < largest) srcSet += `${candidate(width)} ${width}w, `
  return { src: candidate(Math.min(largest, 1280)), srcSet: `${srcSet}${candidate(largest)} ${largest}w`, sizes, ...size }
}
