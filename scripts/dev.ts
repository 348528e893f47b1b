/**
 * `npm run dev [-- --port N] [--demo] [--space DIR]`: Vike's dev server (hot reload of blocks,
 * layout and styles) rendering the configured space, or the demo space (or a stored space, with
 * `--space`), through the same crawl and payload code as the build. Content is crawled once and
 * crawled again when the space's `cv` changes: checked at most every few seconds for Storyblok, so
 * edits published there show up on the next reload, and at once when a file of the served stored
 * space is saved.
 */
import { createServer, type RequestListener, type ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { dev } from 'vike/api'
import { renderPage } from 'vike/server'
import serveStatic from 'serve-static'
import { createCmsClient } from '../cms/client.ts'
import { WRITTEN_FOLDERS } from './engine/files/written-folders.ts'
import { ConfigError } from '../cms/config.ts'
import { connectCms } from '../cms/connect.ts'
import { crawl } from '../cms/crawl.ts'
import { DEMO_ASSETS_DIR, DEMO_ASSETS_ROUTE, isDemoSpace } from '../cms/demo-space.ts'
import { shellFileOf } from '../pages/shell-file.ts'
import { siteOf, type Site } from '../pages/site.ts'
import { storiesInMemory } from '../pages/stories.ts'
import { loadEnv, readBuildConfig, siteInfo } from './engine/config.ts'
import { listenOrExit, portOrExit } from './server/listen.ts'

const CV_CHECK_INTERVAL_MS = 3000
const LOCAL_RATE_LIMIT = 1000

const { values } = parseArgs({ options: { port: { type: 'string', default: process.env.PORT ?? '3000' }, host: { type: 'string', default: '127.0.0.1' }, space: { type: 'string' }, demo: { type: 'boolean' } } })

function readConfig() {
  try {
    const config = readBuildConfig(loadEnv(), values.demo ? ['--demo'] : [])
    if (values.space && !config.embedded) throw new ConfigError(['--space serves a stored space from the embedded CMS: leave it out, or unset STORYBLOK_TOKEN and STORYBLOK_API_URL.'])
    return config
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error)
    process.exit(1)
  }
}
const config = readConfig()
const port = portOrExit(values.port)

function send(res: ServerResponse, status: number, type: string, body: string) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' })
  res.end(body)
}

// The port first: a busy one ends the command before the crawl or Vite start (scripts/server/listen.ts).
let handle: RequestListener | undefined
const server = createServer((req, res) => (handle ? handle(req, res) : send(res, 503, 'text/plain', 'The dev server is starting.')))
const bound = await listenOrExit(server, port, values.host!)

// The demo's story files (or --space DIR's) are watched: a saved file shows on the next request.
let stale = false
const spaceDir = values.space ? resolve(values.space) : undefined
const { cms } = await connectCms(config.cms, config.embedded, console.log, { spaceDir, onSpaceChange: () => (stale = true) })
// A stored space is served on loopback: Storyblok's rate limit is not its, and held to 5 requests
// a second, a crawl after a saved file took up to a second longer.
const client = createCmsClient(config.embedded ? { ...cms, rateLimit: LOCAL_RATE_LIMIT } : cms)

async function load(): Promise<{ site: Site; cv: number; demo: boolean }> {
  const crawled = await crawl(client, { perPage: cms.perPage })
  const site = siteOf(storiesInMemory(crawled.stories), siteInfo(config, crawled.space.name))
  console.log(`Crawled ${crawled.stories.length} stories (cv ${crawled.cv}).`)
  return { site, cv: crawled.cv, demo: isDemoSpace(crawled.space) }
}

let current = await load()
let checkedAt = Date.now()
async function site(): Promise<Site> {
  if (stale || Date.now() - checkedAt > CV_CHECK_INTERVAL_MS) {
    stale = false
    checkedAt = Date.now()
    const { cv } = await client.getSpace()
    if (cv !== current.cv) current = await load()
  }
  return current.site
}
const isDemo = () => current.demo

// Plugins and the rest come from vike.config.ts (through pages/+config.ts); passing them again here
// would register the React plugin twice.
// Build output, caches and benchmark sites can hold tens of thousands of files (and HTML files
// Vite would scan for dependencies): neither the watcher nor the dependency scan looks there.
const { viteServer } = await dev({
  viteConfig: {
    appType: 'custom',
    server: { middlewareMode: true, watch: { ignored: WRITTEN_FOLDERS } },
    optimizeDeps: { entries: ['pages/**/+*.{ts,tsx}', 'renderer/**/*.{ts,tsx}', ...WRITTEN_FOLDERS.map((glob) => `!${glob}`)] },
  },
})
// The demo space's images, whether it comes from the embedded CMS or from `npm run cms`.
const demoAssets = serveStatic(DEMO_ASSETS_DIR, { index: false })

handle = (req, res) => {
  viteServer.middlewares(req, res, async () => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (isDemo() && url.pathname.startsWith(`/${DEMO_ASSETS_ROUTE}/`)) {
        req.url = url.pathname.slice(DEMO_ASSETS_ROUTE.length + 1)
        return demoAssets(req as never, res as never, () => send(res, 404, 'text/plain', 'Not found'))
      }
      const current = await site()
      if (url.pathname.endsWith('/_payload.json')) {
        const found = current.payloadFor(url.pathname.slice(0, -'_payload.json'.length))
        return found ? send(res, 200, 'application/json', JSON.stringify(found.payload)) : send(res, 404, 'application/json', '{}')
      }
      const payload = current.payloadFor(url.pathname)?.payload
      const shellFile = shellFileOf(current.shell)
      if (url.pathname === shellFile.url) return send(res, 200, 'application/json', shellFile.body)
      const pageContext = await renderPage({ urlOriginal: req.url ?? '/', payload, shell: current.shell, shellFile: shellFile.url })
      const response = pageContext.httpResponse
      if (!response) return send(res, 500, 'text/plain', 'Internal Server Error')
      res.writeHead(response.statusCode, Object.fromEntries(response.headers))
      res.end(response.body)
    } catch (error) {
      viteServer.ssrFixStacktrace(error as Error)
      console.error(error)
      send(res, 500, 'text/plain', `Internal Server Error: ${(error as Error).message}`)
    }
  })
}
console.log(`Dev server at http://${values.host}:${bound}/`)
