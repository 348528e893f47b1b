/** `npm run bench:space -- --stories N --seed S [--out FILE]`: writes a generated space as one JSON file. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { generateSpace } from './generate-space.ts'

const { values } = parseArgs({ options: { stories: { type: 'string', default: '1000' }, seed: { type: 'string', default: '1' }, out: { type: 'string' } } })
const stories = Number(values.stories)
const seed = Number(values.seed)
if (!Number.isInteger(stories) || stories < 1 || !Number.isInteger(seed)) {
  console.error('Usage: npm run bench:space -- --stories N --seed S [--out FILE] (N a whole number ≥ 1, S a whole number)')
  process.exit(1)
}
const out = resolve(values.out ?? `.build/bench/space-${stories}-${seed}.json`)
mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, JSON.stringify(generateSpace(stories, seed)))
console.log(`Wrote ${stories} stories (seed ${seed}) to ${out}`)
