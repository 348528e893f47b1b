/**
 * `npm run cms`: the embedded Storyblok-compatible delivery API on its own, serving the demo space
 * (or `--space FILE|DIR`). Point a build at it with STORYBLOK_API_URL and the printed token.
 * Fault flags make it misbehave on purpose, for trying out the client's error handling.
 */
import { parseArgs } from 'node:util'
import { startCmsServer, type Faults } from '../cms/api/server.ts'
import { loadSpace } from '../cms/api/space.ts'
import { DEMO_SPACE_DIR } from '../cms/demo-space.ts'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4100' },
    host: { type: 'string', default: '127.0.0.1' },
    space: { type: 'string', default: DEMO_SPACE_DIR },
    'rate-limit-every': { type: 'string' },
    'fail-every': { type: 'string' },
    'delay-ms': { type: 'string' },
    'overstate-total': { type: 'string' },
  },
})

function count(name: keyof typeof values): number | undefined {
  const raw = values[name]
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} "${raw}" must be a whole number.`)
    process.exit(1)
  }
  return value
}

const faults: Faults = {
  rateLimitEvery: count('rate-limit-every'),
  serverErrorEvery: count('fail-every'),
  delayMs: count('delay-ms'),
  overstateTotal: count('overstate-total'),
}

try {
  const space = loadSpace(values.space)
  // The space is read once and never changed while served: each story's answer is made once.
  const server = await startCmsServer({ space, port: count('port'), host: values.host, faults, memoize: true })
  console.log(`Embedded CMS: ${space.stories.length} stories of "${space.name}" at ${server.url}`)
  console.log(`  STORYBLOK_API_URL=${server.url} STORYBLOK_TOKEN=${space.tokens.public} npm run build`)
  console.log(`  preview token (drafts): ${space.tokens.preview}`)
  process.on('SIGINT', () => server.close().then(() => process.exit(0)))
  process.on('SIGTERM', () => server.close().then(() => process.exit(0)))
} catch (error) {
  console.error(`Cannot start the embedded CMS: ${(error as Error).message}`)
  process.exit(1)
}
