/** `npm run rollback [-- --out DIR]`: makes the build before the live one live again, in one atomic step. */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { rollback } from './engine/files/deploy.ts'

const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist' } } })
try {
  const { from, to } = await rollback(resolve(values.out!))
  console.log(`Rolled back: ${values.out} now serves build ${to} (was ${from}). The next build after a rollback is a full one.`)
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
