/**
 * scripts/engine/standby.ts: a build started ahead by `npm start` loads the engine, says it is
 * ready, and builds what the server then names; it ends quietly, handing back what it prepared to
 * be dropped, when the server goes away or stops it first.
 */
import { describe, expect, it } from 'vitest'
import { runNode } from '../scripts/engine/bundles/child-process.ts'
import { tempDir } from './helpers/build.ts'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A stand-in for scripts/build.ts: prints the arguments the standby hands on. */
function script(): string {
  const file = join(tempDir('standby'), 'standby-probe.mts')
  const standby = join(import.meta.dirname, '..', 'scripts', 'engine', 'standby.ts')
  writeFileSync(file, `import { buildArguments } from ${JSON.stringify(standby)}\nconst job = await buildArguments(process.argv.slice(2), async (args) => args.length)\nconsole.log(JSON.stringify(job))\nprocess.exit(0)\n`)
  return file
}

describe('a standby build', () => {
  it('should say it is ready, then build the stories the server names', async () => {
    const run = runNode(['--import', 'tsx', script(), '--out', 'dist', '--standby'], { messages: true })
    const ready = await new Promise((resolve) => run.child.once('message', resolve))
    expect(ready).toEqual({ standby: 'ready' })
    run.child.send({ changed: [12, 34] })
    expect((await run.exited).code).toBe(0)
    // What was prepared ahead saw the arguments without the flag (here, their count).
    expect(JSON.parse(run.stdout())).toEqual({ args: ['--out', 'dist', '--changed', '12,34'], ahead: 2 })
  })

  it('should end without building when the server goes away first', async () => {
    const run = runNode(['--import', 'tsx', script(), '--standby'], { messages: true })
    await new Promise((resolve) => run.child.once('message', resolve))
    run.child.disconnect()
    expect((await run.exited).code).toBe(0)
    expect(JSON.parse(run.stdout())).toEqual({ ahead: 0 })
  })

  it('should end without building when it is stopped while it waits', async () => {
    const run = runNode(['--import', 'tsx', script(), '--out', 'dist', '--standby'], { messages: true })
    await new Promise((resolve) => run.child.once('message', resolve))
    run.child.kill('SIGTERM')
    expect((await run.exited).code).toBe(0)
    expect(JSON.parse(run.stdout())).toEqual({ ahead: 2 })
  })

  it('should hand on the arguments as they are without --standby', async () => {
    const run = runNode(['--import', 'tsx', script(), '--full'], {})
    expect((await run.exited).code).toBe(0)
    expect(JSON.parse(run.stdout())).toEqual({ args: ['--full'] })
  })
})
