/**
 * The benchmark's lower bound: render the same stories with React's renderToString and write the
 * same files (index.html and _payload.json per route), in one process, with no crawl, no bundles
 * and no Vike. A full build's wall time divided by this is the overhead the benchmark tracks.
 * Run as `node --import tsx scripts/bench/lower-bound.tsx --space FILE --out DIR` (which gives the
 * theme's CSS import no meaning, as Vite's server build does).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { renderToString } from 'react-dom/server'
import { loadSpace } from '../../cms/api/space.ts'
import { routeDir } from '../../pages/routes.ts'
import { siteOf } from '../../pages/site.ts'
import { storiesInMemory } from '../../pages/stories.ts'
import { StoryView } from '../../pages/story/StoryView.tsx'
import { PageRoot } from '../../renderer/PageRoot.tsx'

// React picks its production build when first imported, before this line could set anything: the
// benchmark starts this script with NODE_ENV=production (set here, it came too late, and the lower
// bound was measured on React's development build, twice as slow).
if (process.env.NODE_ENV !== 'production') throw new Error('Run the lower bound with NODE_ENV=production, as the benchmark does.')
const { values } = parseArgs({ options: { space: { type: 'string' }, out: { type: 'string' } } })
const space = loadSpace(values.space!)
const stories = space.stories.filter((story) => story.published !== false)

const started = performance.now()
const site = siteOf(storiesInMemory(stories), { name: space.name })
for (const route of site.routes.keys()) {
  const { payload } = site.payloadFor(route)!
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${payload.story.name}</title></head><body><div id="root">${renderToString(
    <PageRoot pageContext={{ Page: StoryView, payload, shell: site.shell }} />,
  )}</div></body></html>`
  const dir = join(values.out!, routeDir(route))
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'index.html'), html)
  writeFileSync(join(dir, '_payload.json'), JSON.stringify(payload))
}
console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, routes: site.routes.size }))
