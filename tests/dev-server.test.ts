/** `npm run dev` in Chromium: the demo space renders, hydrates and navigates with no console errors. */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NodeProcess } from '../scripts/engine/bundles/child-process.ts'
import { outputMatch, runScript } from './helpers/build.ts'
import { collectErrors, runtimeReady, launchBrowser } from './helpers/browser.ts'

let dev: NodeProcess
let url: string
let browser: Browser

beforeAll(async () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('STORYBLOK_')))
  dev = runScript('dev.ts', ['--port', '0'], { ...env, NODE_ENV: 'development' })
  url = (await outputMatch(dev, /Dev server at (http:\/\/[^\s]+?)\/?\s/, 'The dev server'))[1]!
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  dev?.child.kill()
})

describe('dev server', () => {
  it('should render the demo space, hydrate and navigate without console errors', async () => {
    const page = await browser.newPage()
    const errors = collectErrors(page)
    const response = await page.goto(`${url}/`)
    expect(response!.status()).toBe(200)
    await runtimeReady(page)
    await page.click('nav >> text=About')
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About the studio')
    expect((await page.goto(`${url}/no/such/page/`))!.status()).toBe(404)
    // The demo's images are served beside the pages, as a build publishes them.
    expect((await fetch(`${url}/demo-assets/1200x630/share.jpg`)).headers.get('content-type')).toBe('image/jpeg')
    expect(errors.filter((error) => !error.includes('404'))).toEqual([])
  })
})
