/** `npm run dev` in Chromium: the demo space renders, hydrates and navigates with no console errors. */
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT } from './helpers/build.ts'
import { collectErrors, hydrated, launchBrowser } from './helpers/browser.ts'

let dev: ChildProcess
let url: string
let browser: Browser

beforeAll(async () => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('STORYBLOK_')))
  dev = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/dev.ts'), '--port', '0'], { cwd: ROOT, env: { ...env, NODE_ENV: 'development' }, stdio: ['ignore', 'pipe', 'pipe'] })
  url = await new Promise<string>((resolve, reject) => {
    let output = ''
    dev.stdout!.on('data', (chunk) => {
      output += chunk
      const match = /Dev server at (http:\/\/[^\s]+?)\/?\s/.exec(output)
      if (match) resolve(match[1]!)
    })
    dev.stderr!.on('data', (chunk) => (output += chunk))
    dev.once('exit', (code) => reject(new Error(`dev server exited (${code}): ${output}`)))
  })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  dev?.kill()
})

describe('dev server', () => {
  it('should render the demo space, hydrate and navigate without console errors', async () => {
    const page = await browser.newPage()
    const errors = collectErrors(page)
    const response = await page.goto(`${url}/`)
    expect(response!.status()).toBe(200)
    await hydrated(page)
    await page.click('nav >> text=About')
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'About the studio')
    expect((await page.goto(`${url}/no/such/page/`))!.status()).toBe(404)
    expect(errors.filter((error) => !error.includes('404'))).toEqual([])
  })
})
