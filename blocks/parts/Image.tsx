/**
 * An asset as a responsive image that reserves its box (width/height from the asset URL). Empty
 * assets and assets that are no image (a PDF) render nothing. `priority` marks the page's first
 * large image: loaded eagerly, at high priority, since it is likely the largest contentful paint.
 */
import { imageAsset, responsiveImage } from '../../cms/image.ts'

export const FULL_WIDTH = '(min-width: 1280px) 1216px, 100vw'

export function Image({ asset: field, sizes = FULL_WIDTH, priority = false, className }: { asset: unknown; sizes?: string; priority?: boolean; className?: string }) {
  const asset = imageAsset(field)
  if (!asset) return null
  const image = responsiveImage(asset.filename, sizes)
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcSet}
      sizes={image.srcSet ? image.sizes : undefined}
      alt={asset.alt ?? ''}
      title={asset.title || undefined}
      width={image.width}
      height={image.height}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  )
}
