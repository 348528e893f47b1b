/**
 * `npm run weight [-- --dir dist]`: what a first visit to each kind of page costs, read from the
 * built HTML: the document, its CSS, the JavaScript it loads before interaction (module scripts
 * and modulepreloads: the build announces every chunk the entry imports, see
 * scripts/engine/render/render-page.ts) and the site's shell file the runtime reads, each gzipped
 * as a CDN would send it. The page's payload is listed apart: a first visit does not load it, a
 * navigation to the page does (renderer/client/hydration.ts).
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'

export interface PageWeight {
  route: string
  html: number
  /** The site's shell file (`data-shell` on #root). */
  shell: number
  payload: number
  css: number
  js: number
  jsFiles: number
}

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length

export function pageWeight(dir: string, route: string): PageWeight {
  const file = join(dir, route, 'index.html')
  const html = readFileSync(file)
  const text = html.toString('utf8')
  const refs = (pattern: RegExp) => [...new Set([...text.matchAll(pattern)].map((match) => match[1]!))]
  const scripts = [...refs(/<script[^>]+src="([^"]+)"/g), ...refs(/<link rel="modulepreload" href="([^"]+)"/g)]
  const styles = refs(/<link rel="stylesheet"[^>]+href="([^"]+)"/g)
  const size = (urls: string[]) => urls.reduce((sum, url) => sum + gz(readFileSync(join(dir, url))), 0)
  const payload = join(dir, route, '_payload.json')
  return {
    route,
    html: gz(html),
    shell: size(refs(/data-shell="([^"]+)"/g)),
    payload: existsSync(payload) ? gz(readFileSync(payload)) : 0,
    css: size(styles),
    js: size(scripts),
    jsFiles: new Set(scripts).size,
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { dir: { type: 'string', default: 'dist' } } })
  const samples = { home: '/', page: '/about/', article: '/blog/2025/working-in-the-open/', project: '/projects/harbour-lights/' }
  console.log('page type   route                              HTML    CSS     JS (files)   shell   first visit   payload (on navigation), gzip')
  for (const [type, route] of Object.entries(samples)) {
    if (!existsSync(join(values.dir, route, 'index.html'))) continue
    const w = pageWeight(values.dir, route)
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padEnd(8)
    console.log(`${type.padEnd(11)} ${route.padEnd(34)} ${kb(w.html)}${kb(w.css)}${kb(w.js)}(${w.jsFiles})     ${kb(w.shell)}${kb(w.html + w.css + w.js + w.shell)}      ${kb(w.payload)}`)
  }
}
