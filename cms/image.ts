/**
 * Image helpers for asset URLs. Storyblok asset URLs carry the original size
 * (`/f/<space>/<w>x<h>/<hash>/<name>`); so do the demo space's (`/demo-assets/<w>x<h>/<name>`).
 */
import type { Asset } from './content-model.ts'

export interface Dimensions {
  width: number
  height: number
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
