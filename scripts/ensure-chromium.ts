/**
 * `pretest`: the browser tests need a Chromium (Debian's, driven by playwright-core; no browser
 * download). Uses CHROME_PATH or /usr/bin/chromium; when neither exists and apt-get can be run as
 * root, installs Debian's package; otherwise says what to do and fails.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROME_PATH ?? '/usr/bin/chromium'
if (existsSync(path)) process.exit(0)

const canInstall = !process.env.CHROME_PATH && process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0
if (canInstall) {
  console.log('Chromium is missing: installing Debian\'s chromium package for the browser tests…')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const ok = [['update', '-qq'], ['install', '-y', '-qq', 'chromium']].every(
    (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0,
  )
  if (ok && existsSync(path)) process.exit(0)
}
console.error(
  `The browser tests need Chromium at ${path}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
    'or set CHROME_PATH to a Chromium or Chrome binary.',
)
process.exit(1)
