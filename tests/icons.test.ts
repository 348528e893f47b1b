/** The favicon set (scripts/icons.ts): the ICO container and the files it made in public/. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { icoOf } from '../scripts/icons.ts'
import { ICONS } from '../pages/web-manifest.ts'
import { ROOT } from './helpers/build.ts'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

describe('icoOf', () => {
  it('should wrap a PNG in a one-image ICO header pointing at it', () => {
    const png = Buffer.concat([PNG_SIGNATURE, Buffer.from('rest')])
    const ico = icoOf(png, 32)
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1])
    expect([ico[6], ico[7], ico.readUInt32LE(14), ico.readUInt32LE(18)]).toEqual([32, 32, png.length, 22])
    expect(ico.subarray(22)).toEqual(png)
  })

  it('should write 0 for a 256 px image, as the format says', () => {
    expect(icoOf(PNG_SIGNATURE, 256)[6]).toBe(0)
  })
})

describe('public/', () => {
  it('should hold every icon the manifest and the head name, PNGs of the size they claim', () => {
    for (const icon of ICONS.filter((candidate) => candidate.type === 'image/png')) {
      const file = readFileSync(join(ROOT, 'public', icon.src))
      expect(file.subarray(0, 8), icon.src).toEqual(PNG_SIGNATURE)
      expect(`${file.readUInt32BE(16)}x${file.readUInt32BE(20)}`, icon.src).toBe(icon.sizes)
    }
    const touch = readFileSync(join(ROOT, 'public', 'apple-touch-icon.png'))
    expect([touch.readUInt32BE(16), touch.readUInt32BE(20)]).toEqual([180, 180])
    expect(readFileSync(join(ROOT, 'public', 'favicon.ico')).readUInt16LE(2)).toBe(1)
  })
})
