/** `npm run preview [-- --port N] [--dir DIR]`: serves the built site on localhost as a CDN would. */
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { listenOrExit, portOrExit } from './server/listen.ts'
import { liveSite } from './server/static-server.ts'

const { values } = parseArgs({
  options: { port: { type: 'string', default: process.env.PORT ?? '3000' }, dir: { type: 'string', default: 'dist' }, host: { type: 'string', default: '127.0.0.1' } },
})
const root = resolve(values.dir)
if (!existsSync(resolve(root, 'index.html'))) {
  console.error(`Nothing to preview: ${root} has no index.html. Run \`npm run build\` first.`)
  process.exit(1)
}
const port = portOrExit(values.port)

const server = createServer(liveSite(root))
const actual = await listenOrExit(server, port, values.host!)
console.log(`Serving ${root} at http://${values.host}:${actual}/`)
