/**
 * `npm ci --omit=dev` then `npm run build` and `npm start`, as the README's production setup says:
 * webhook builds run on the server, so everything a build needs must be a dependency, not a
 * devDependency. The project is copied (its tracked files) into a folder of its own and installed
 * from the npm registry there, without any of this checkout's dev tools.
 */
import { execFileSync, spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sign } from '../scripts/server/webhook.ts'
import { WEBHOOK_PATH } from '../scripts/server/app.ts'
import { cleanEnv, ROOT, tempDir } from './helpers/build.ts'
import { waitFor } from './helpers/server.ts'
import { routesByLanguage } from './helpers/space.ts'
import { loadSpace } from '../cms/api/space.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'

const SECRET = 'production-install-secret'
const project = join(tempDir('production-install'), 'site')
let server: ReturnType<typeof spawn> | undefined

/** The environment of the copy: no tool of this checkout's node_modules/.bin on the PATH. */
function installedEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules')).join(':')
  return { ...cleanEnv(env), PATH: path }
}

/** Runs an npm command in the copy, failing with its output. */
function npm(args: string[], env: Record<string, string> = {}): string {
  try {
    return execFileSync('npm', args, { cwd: project, env: installedEnv({ NODE_ENV: 'production', ...env }), encoding: 'utf8', stdio: 'pipe', timeout: 300_000 })
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string }
    throw new Error(`npm ${args.join(' ')} failed:\n${stdout}\n${stderr}`)
  }
}

beforeAll(() => {
  // The project's files as they are (tracked, and new ones git does not ignore).
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
  for (const file of tracked) {
    if (file.startsWith('tests/') || !existsSync(join(ROOT, file))) continue
    mkdirSync(dirname(join(project, file)), { recursive: true })
    cpSync(join(ROOT, file), join(project, file))
  }
  npm(['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'])
}, 300_000)

afterAll(async () => {
  // npm start runs the server as its child: stop the whole group, and wait until it is gone.
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve))
    process.kill(-server.pid, 'SIGTERM')
    await exited
  }
  rmSync(dirname(project), { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
})

describe('production install', () => {
  it('should have no dev tool installed', () => {
    for (const tool of ['vitest', 'typescript', 'playwright-core', 'cheerio']) expect(existsSync(join(project, 'node_modules', tool)), tool).toBe(false)
  })

  it('should build the demo site and rebuild it from a signed webhook under npm start', async () => {
    const build = npm(['run', 'build'])
    const routes = [...routesByLanguage(loadSpace(DEMO_SPACE_DIR)).values()].flat()
    expect(build).toMatch(new RegExp(`Built ${routes.length} routes`))
    // A webhook secret is a setting: serving the demo with it is asked for (scripts/engine/demo-guard.ts).
    server = spawn('npm', ['start', '--', '--port', '0', '--host', '127.0.0.1', '--demo'], { cwd: project, env: installedEnv({ STORYBLOK_WEBHOOK_SECRET: SECRET }), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    server.stdout!.on('data', (chunk) => (output += chunk))
    server.stderr!.on('data', (chunk) => (output += chunk))
    const url = await waitFor(() => /Serving .* at (http:\/\/[^/\s]+)\//.exec(output)?.[1], 60_000, `npm start to listen:\n${output}`)

    // An edit in the demo space, then its webhook: the server's build must pick it up.
    const aboutFile = join(project, 'cms/demo-space/stories/about.json')
    const about = JSON.parse(readFileSync(aboutFile, 'utf8'))
    about.content.title = 'About the studio, rebuilt on the server'
    writeFileSync(aboutFile, JSON.stringify(about))
    const body = JSON.stringify({ action: 'published', story_id: about.id, space_id: 1000, full_slug: 'about', text: 'published' })
    const answer = await fetch(`${url}${WEBHOOK_PATH}`, { method: 'POST', headers: { 'webhook-signature': sign(body, SECRET) }, body })
    expect(answer.status).toBe(202)
    const html = await waitFor(
      async () => {
        const text = await (await fetch(`${url}/about/`)).text()
        return text.includes('rebuilt on the server') ? text : undefined
      },
      90_000,
      `the webhook build to go live:\n${output}`,
    )
    expect(html).toContain('<h1 dir="auto">About the studio, rebuilt on the server</h1>')
    // The build process records its cache after going live: the queue says when it is done.
    const health = async () => (await (await fetch(`${url}/healthz`)).json()) as { queue: { building: boolean; pending: number; builds: number } }
    await waitFor(async () => {
      const { queue } = await health()
      return !queue.building && queue.pending === 0 && queue.builds === 1
    }, 60_000, 'the webhook build to finish')
  })
})
