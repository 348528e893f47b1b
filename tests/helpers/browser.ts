/**
 * Browser tests run Debian's Chromium through playwright-core (no browser download) against
 * `npm run preview` of a real build.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { ROOT } from './build.ts'

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`No Chromium at ${CHROME_PATH}: install it (apt-get install -y chromium) or set CHROME_PATH.`)
  }
  return chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
  })
}

export interface Preview {
  url: string
  close(): void
}

/** Starts `npm run preview` (scripts/preview.ts) on a free port for `dir`. */
export function startPreview(dir: string): Promise<Preview> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/preview.ts'), '--dir', dir, '--port', '0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout!.on('data', (chunk) => {
      output += chunk
      const match = /at (http:\/\/[^\s]+)\//.exec(output)
      if (match) resolve({ url: match[1]!, close: () => child.kill() })
    })
    child.stderr!.on('data', (chunk) => (output += chunk))
    child.once('exit', (code) => reject(new Error(`preview exited (${code}): ${output}`)))
  })
}

/** Console errors and uncaught exceptions of a page, collected from now on. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Document (full page) requests a page makes, from now on. */
export function collectDocumentRequests(page: Page): string[] {
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents.push(request.url())
  })
  return documents
}

/** Waits until React has hydrated the page (the menu button only appears once it has). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('.menu-button:not([hidden])', { state: 'attached' })
}
