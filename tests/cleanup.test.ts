/** Tests leave no trace: the folders a test file made are removed when it ends, also when it failed. */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { runNode } from '../scripts/engine/bundles/child-process.ts'
import { ROOT, tempDir } from './helpers/build.ts'

it('should remove the temporary and work folders of a test file whose test failed', async () => {
  const report = join(tempDir('cleanup-report'), 'made.json')
  const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs')
  const run = runNode([vitest, 'run', '--config', 'tests/fixtures/cleanup/vitest.config.ts'], { cwd: ROOT, env: { ...process.env, CLEANUP_PROBE_REPORT: report } })
  const { code } = await run.exited
  expect(code, run.output()).toBe(1)
  expect(run.output()).toContain('failed on purpose')
  const made = JSON.parse(readFileSync(report, 'utf8')) as string[]
  expect(made).toHaveLength(2)
  for (const dir of made) expect(existsSync(dir), dir).toBe(false)
})
