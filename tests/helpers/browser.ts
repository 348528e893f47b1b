/**
 * Browser tests run Debian's Chromium through playwright-core (no browser download) against
 * `npm run preview` of a real build.
 */
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { FULL_CHROMIUM, HEADLESS_SHELL } from '../../scripts/ensure-chromium.ts'
import { outputMatch, runBuild, runScript, tempDir, workDir } from './build.ts'

/**
 * Chromium's headless shell, as Playwright runs headless tests, where it is installed (`npm test`'s
 * pretest installs it: scripts/ensure-chromium.ts); the full Chromium otherwise. The shell loads
 * these tests' pages in about 40% less time, on less than half the CPU.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? [HEADLESS_SHELL, FULL_CHROMIUM].find((path) => existsSync(path)) ?? HEADLESS_SHELL

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(`No Chromium at ${CHROME_PATH}: install it (apt-get install -y chromium-headless-shell) or set CHROME_PATH.`)
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
export async function startPreview(dir: string): Promise<Preview> {
  const preview = runScript('preview.ts', ['--dir', dir, '--port', '0'], process.env)
  const [, url] = await outputMatch(preview, /at (http:\/\/[^\s]+)\//, 'npm run preview')
  return { url: url!, close: () => preview.child.kill() }
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

/** Waits until the page's runtime runs: the router has the links, and React loads on demand (renderer/client/hydration.ts). */
export async function runtimeReady(page: Page): Promise<void> {
  await page.waitForSelector('#root[data-runtime=ready]', { state: 'attached' })
}

/** Waits until React runs the page (the menu links become a button only once it does). */
export async function reactRuns(page: Page): Promise<void> {
  await page.waitForSelector('button.menu-button', { state: 'attached' })
}

/**
 * A round trip from the page to the server and back. Requests the page started before it have
 * been reported to the test by the time it returns, so a check that something was *not*
 * requested can follow it instead of a fixed wait.
 */
export async function roundTrip(page: Page): Promise<void> {
  await page.evaluate(() => fetch('/favicon.svg', { cache: 'no-store' }).then((response) => response.arrayBuffer()))
}

export interface BrowsedBuild {
  /** The build's output folder. */
  out: string
  preview: Preview
  browser: Browser
  /** Closes Chromium and the preview, and removes the work folder. */
  close(): Promise<void>
}

/** Builds the demo into a fresh folder, serves it with `npm run preview` and launches Chromium. */
export async function browseBuild(name: string, env: Record<string, string> = {}): Promise<BrowsedBuild> {
  const out = join(tempDir(name), 'dist')
  const work = workDir(name)
  // Settings without a token build the demo only when asked to (scripts/engine/demo-guard.ts).
  const demo = Object.keys(env).some((name) => name.startsWith('STORYBLOK_') || name === 'SITE_URL') && !env.STORYBLOK_TOKEN ? ['--demo'] : []
  const build = await runBuild(['--out', out, '--work-dir', work, ...demo], env)
  if (build.code !== 0) throw new Error(`The build failed:\n${build.stderr}`)
  const preview = await startPreview(out)
  const browser = await launchBrowser()
  return {
    out,
    preview,
    browser,
    close: async () => {
      await browser.close()
      preview.close()
      rmSync(work, { recursive: true, force: true })
    },
  }
}
