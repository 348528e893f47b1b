/** An asset as an image that reserves its box (width/height from the asset URL); empty assets render nothing. */
import { assetDimensions, hasImage } from '../../cms/image.ts'

export function Image({ asset, eager = false, className }: { asset: unknown; eager?: boolean; className?: string }) {
  if (!hasImage(asset)) return null
  const size = assetDimensions(asset.filename)
  return (
    <img
      className={className}
      src={asset.filename}
      alt={asset.alt ?? ''}
      title={asset.title || undefined}
      width={size?.width}
      height={size?.height}
      loading={eager ? undefined : 'lazy'}
      decoding="async"
    />
  )
}
