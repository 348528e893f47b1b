/**
 * `pretest`: the browser tests need a Chromium (Debian's, driven by playwright-core; no browser
 * download). They use CHROME_PATH, else Chromium's headless shell, else the full Chromium
 * (tests/helpers/browser.ts). Without CHROME_PATH and without the shell, it installs Debian's
 * chromium-headless-shell package when apt-get can be run as root; a full Chromium alone still
 * does. Otherwise it says what to do and fails.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const FULL_CHROMIUM = '/usr/bin/chromium'

function install(): boolean {
  if (process.getuid?.() !== 0 || spawnSync('which', ['apt-get']).status !== 0) return false
  console.log("Installing Debian's chromium-headless-shell package for the browser tests…")
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  return [['update', '-qq'], ['install', '-y', '-qq', 'chromium-headless-shell']].every((args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0)
}

function ensure(): number {
  const wanted = process.env.CHROME_PATH
  if (wanted) {
    if (existsSync(wanted)) return 0
    console.error(`CHROME_PATH names ${wanted}, which does not exist: point it at a Chromium or Chrome binary, or unset it.`)
    return 1
  }
  if (existsSync(HEADLESS_SHELL) || (install() && existsSync(HEADLESS_SHELL)) || existsSync(FULL_CHROMIUM)) return 0
  console.error(`The browser tests need Chromium at ${HEADLESS_SHELL} or ${FULL_CHROMIUM}. Install one (Debian/Ubuntu: sudo apt-get install -y chromium-headless-shell) or set CHROME_PATH to a Chromium or Chrome binary.`)
  return 1
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensure())
