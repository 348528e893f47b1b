/**
 * `npm run icons`: the favicon set from `public/favicon.svg` (README, "Icons and web manifest"):
 * `favicon.ico` (32 px, for browsers and tools that ask for it by name), `apple-touch-icon.png`
 * (180 px on an opaque background, as iOS wants) and `icon-192.png`/`icon-512.png` for the web
 * manifest. Chromium draws them (playwright-core, CHROME_PATH or /usr/bin/chromium), so the PNGs
 * look exactly like the SVG. Replace the SVG with your own and run it again.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { PROJECT_ROOT } from '../cms/project-root.ts'

const PUBLIC = join(PROJECT_ROOT, 'public')
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
/** iOS puts transparent icons on black: the touch icon gets the theme's background. */
const OPAQUE_BACKGROUND = '#e5e7eb'

/** An ICO file holding one PNG image (every browser since IE 9 reads PNG inside ICO). */
export function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6)
  header.writeUInt16LE(1, 2) // type: icon
  header.writeUInt16LE(1, 4) // one image
  const entry = Buffer.alloc(16)
  entry.writeUInt8(size % 256, 0)
  entry.writeUInt8(size % 256, 1)
  entry.writeUInt16LE(1, 4) // colour planes
  entry.writeUInt16LE(32, 6) // bits per pixel
  entry.writeUInt32LE(png.length, 8)
  entry.writeUInt32LE(header.length + entry.length, 12)
  return Buffer.concat([header, entry, png])
}

async function main(): Promise<void> {
  const source = join(PUBLIC, 'favicon.svg')
  if (!existsSync(source)) throw new Error(`No ${source}: put your icon there as an SVG, then run npm run icons again.`)
  if (!existsSync(CHROME)) throw new Error(`No Chromium at ${CHROME}: install it (apt-get install -y chromium) or set CHROME_PATH.`)
  const svg = `data:image/svg+xml;base64,${readFileSync(source).toString('base64')}`
  const browser = await chromium.launch({ executablePath: CHROME, headless: true, args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage()
    const draw = async (size: number, background = 'transparent', inset = 0) => {
      await page.setViewportSize({ width: size, height: size })
      await page.setContent(`<body style="margin:0;background:${background}"><img src="${svg}" style="display:block;box-sizing:border-box;padding:${inset}px;width:${size}px;height:${size}px"></body>`)
      await page.waitForFunction(() => document.images[0]?.complete)
      return page.screenshot({ omitBackground: background === 'transparent' })
    }
    writeFileSync(join(PUBLIC, 'favicon.ico'), icoOf(await draw(32), 32))
    writeFileSync(join(PUBLIC, 'apple-touch-icon.png'), await draw(180, OPAQUE_BACKGROUND, 12))
    writeFileSync(join(PUBLIC, 'icon-192.png'), await draw(192))
    writeFileSync(join(PUBLIC, 'icon-512.png'), await draw(512))
    console.log(`Wrote favicon.ico, apple-touch-icon.png, icon-192.png and icon-512.png to ${PUBLIC}.`)
  } finally {
    await browser.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: Error) => {
    console.error(error.message)
    process.exit(1)
  })
}
