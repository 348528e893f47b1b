import { describe, expect, it } from 'vitest'
import { assetDimensions, ImageOptionError, imageUrl, responsiveImage, SERVICE_MAX_WIDTH } from '../cms/image.ts'

const ASSET = 'https://a.storyblok.com/f/39898/3310x2192/e4ec08624e/demo-image.jpeg'

describe('imageUrl', () => {
  it('should build an image-service URL with size and filters', () => {
    expect(imageUrl(ASSET, { width: 500, height: 0, quality: 75, format: 'webp' })).toBe(`${ASSET}/m/500x0/filters:quality(75):format(webp)`)
    expect(imageUrl(ASSET, { blur: 10, brightness: -20, rotate: 90 })).toBe(`${ASSET}/m/filters:blur(10):brightness(-20):rotate(90)`)
    expect(imageUrl(ASSET)).toBe(`${ASSET}/m`)
  })

  it('should accept the bounds themselves', () => {
    expect(() => imageUrl(ASSET, { quality: 0, blur: 100, brightness: -100 })).not.toThrow()
    expect(() => imageUrl(ASSET, { quality: 100, blur: 0, brightness: 100, rotate: 270, format: 'png' })).not.toThrow()
  })

  it('should reject options outside the bounds of docs/behaviour.md with a clear error', () => {
    const bad: [object, RegExp][] = [
      [{ quality: 101 }, /quality=101 is out of bounds: 0 to 100/],
      [{ quality: -1 }, /quality=-1/],
      [{ blur: 100.5 }, /blur=100.5/],
      [{ brightness: -101 }, /brightness=-101 is out of bounds: -100 to 100/],
      [{ rotate: 45 }, /rotate=45 is out of bounds: 90, 180, 270/],
      [{ format: 'gif' }, /format=gif is out of bounds: webp, png, jpeg/],
      [{ width: -5 }, /width=-5/],
      [{ quality: Number.NaN }, /quality=NaN/],
    ]
    for (const [options, message] of bad) {
      expect(() => imageUrl(ASSET, options as never)).toThrow(ImageOptionError)
      expect(() => imageUrl(ASSET, options as never)).toThrow(message)
    }
  })

  it('should pass other URLs through unchanged, and still validate options', () => {
    for (const url of ['/demo-assets/1200x800/x.svg', 'https://example.com/a.jpg', 'https://a.storyblok.com/f/1/10x10/h/logo.svg']) {
      expect(imageUrl(url, { width: 100 })).toBe(url)
    }
    expect(() => imageUrl('https://example.com/a.jpg', { quality: 500 })).toThrow(ImageOptionError)
  })
})

describe('responsiveImage', () => {
  it('should read the intrinsic size from the asset URL', () => {
    expect(assetDimensions(ASSET)).toEqual({ width: 3310, height: 2192 })
    expect(assetDimensions('/demo-assets/1200x800/x.svg')).toEqual({ width: 1200, height: 800 })
    expect(assetDimensions('https://example.com/a.jpg')).toBeUndefined()
  })

  it('should offer one WebP candidate per breakpoint below the original width', () => {
    const image = responsiveImage('https://a.storyblok.com/f/1/1500x1000/h/photo.jpg', '100vw')
    expect(image.srcSet!.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['600w', '960w', '1280w', '1500w'])
    expect(image.srcSet).toContain('/m/600x0/filters:quality(75):format(webp) 600w')
    expect(image).toMatchObject({ width: 1500, height: 1000, sizes: '100vw' })
  })

  it('should build each candidate as imageUrl does', () => {
    const url = 'https://a.storyblok.com/f/1/3000x2000/h/photo.jpg'
    const image = responsiveImage(url, '50vw')
    expect(image.src).toBe(imageUrl(url, { width: 1280, format: 'webp', quality: 75 }))
    expect(image.srcSet).toBe([600, 960, 1280, 1920, 2560, 3000].map((width) => `${imageUrl(url, { width, format: 'webp', quality: 75 })} ${width}w`).join(', '))
  })

  it('should offer no candidate wider than the image service makes, however large the original', () => {
    for (const original of [6000, 12000, 99999]) {
      const image = responsiveImage(`https://a.storyblok.com/f/1/${original}x3000/h/panorama.jpg`, '100vw')
      expect(image.srcSet!.split(', ').map((candidate) => candidate.split(' ')[1])).toEqual(['600w', '960w', '1280w', '1920w', '2560w', `${SERVICE_MAX_WIDTH}w`])
      expect(image.srcSet).toContain(`/m/${SERVICE_MAX_WIDTH}x0/`)
      // The intrinsic size stays the original's: it reserves the image's box (its aspect ratio).
      expect(image).toMatchObject({ width: original, height: 3000 })
    }
  })

  it('should keep non-Storyblok images as they are', () => {
    expect(responsiveImage('/demo-assets/1200x800/x.svg', '100vw')).toEqual({ src: '/demo-assets/1200x800/x.svg', width: 1200, height: 800 })
  })
})
