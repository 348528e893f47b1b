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

/** A Storyblok asset the image service can transform (raster formats only; SVG and GIF pass through). */
export function isStoryblokImage(url: string): boolean {
  return STORYBLOK_ASSET.test(url) && !/\.(svg|gif)(\?|$)/i.test(url) && !url.includes('/m/')
}

/** The intrinsic size written in an asset URL, so that images reserve their box before loading. */
export function assetDimensions(url: string): Dimensions | undefined {
  const match = /\/(\d{1,5})x(\d{1,5})\//.exec(url)
  if (!match) return undefined
  const width = Number(match[1])
  const height = Number(match[2])
  return width > 0 && height > 0 ? { width, height } : undefined
}

/** An asset field worth rendering: an object with a non-empty filename. */
export function hasImage(asset: unknown): asset is Asset & { filename: string } {
  return typeof asset === 'object' && asset !== null && typeof (asset as Asset).filename === 'string' && (asset as Asset).filename !== ''
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
}

/** The image-service URL of a Storyblok asset; any other URL is returned unchanged. */
export function imageUrl(url: string, options: ImageServiceOptions = {}): string {
  validateImageOptions(options)
  if (!isStoryblokImage(url)) return url
  const { width = 0, height = 0, quality, blur, brightness, rotate, format } = options
  const filters = [
    quality !== undefined && `quality(${quality})`,
    blur !== undefined && `blur(${blur})`,
    brightness !== undefined && `brightness(${brightness})`,
    rotate !== undefined && `rotate(${rotate})`,
    format !== undefined && `format(${format})`,
  ].filter(Boolean)
  const size = width || height ? `/${width}x${height}` : ''
  return `${url}/m${size}${filters.length ? `/filters:${filters.join(':')}` : ''}`
}

export interface ResponsiveImage {
  src: string
  srcSet?: string
  sizes?: string
  width?: number
  height?: number
}

/**
 * `src`, `srcset` (one candidate per breakpoint narrower than the original, WebP) and the intrinsic
 * size of an asset. Non-Storyblok images keep their URL and get no srcset.
 */
export function responsiveImage(url: string, sizes: string): ResponsiveImage {
  const size = assetDimensions(url)
  if (!isStoryblokImage(url) || !size) return { src: url, ...size }
  const widths = [...BREAKPOINT_WIDTHS.filter((width) => width < size.width), size.width]
  return {
    src: imageUrl(url, { width: Math.min(size.width, 1280), format: 'webp', quality: 75 }),
    srcSet: widths.map((width) => `${imageUrl(url, { width, format: 'webp', quality: 75 })} ${width}w`).join(', '),
    sizes,
    ...size,
  }
}
