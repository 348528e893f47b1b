/**
 * A busy port: `npm run dev`, `npm start` and `npm run preview` each say in one line which port is
 * busy and what to do, exit 1, and start nothing (no crawl, no build queue, no "Serving" line).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cleanEnv, runScript, workDir } from './helpers/build.ts'

let busy: Server
let port: number
let out: string
const work = workDir('ports')

beforeAll(async () => {
  busy = createServer()
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
  port = (busy.address() as { port: number }).port
  out = join(mkdtempSync(join(tmpdir(), 'ports-')), 'dist')
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'index.html'), '<!doctype html><title>x</title>')
})
afterAll(async () => {
  await new Promise((resolve) => busy.close(resolve))
  rmSync(join(out, '..'), { recursive: true, force: true })
  rmSync(work, { recursive: true, force: true })
})

/** Runs a server command on the busy port; one that has not exited within the deadline is killed, and the test fails. */
async function onBusyPort(script: string, args: string[], env = cleanEnv({})) {
  const run = runScript(script, ['--port', String(port), '--host', '127.0.0.1', ...args], env)
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<{ code: 'still running' }>((resolve) => (timer = setTimeout(() => resolve({ code: 'still running' }), 30_000)))
  try {
    const { code } = await Promise.race([run.exited, deadline])
    return { code, stdout: run.stdout(), stderr: run.stderr() }
  } finally {
    clearTimeout(timer)
    if (run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill('SIGKILL')
      await run.exited
    }
  }
}

const LINE = () => `Port ${port} on 127.0.0.1 is already in use (another server is running there): stop it, or choose another port with --port N (or PORT=N).\n`

describe('a busy port', () => {
  it('should stop `npm start` with one line before it serves or builds anything', async () => {
    const run = await onBusyPort('start.ts', ['--out', out, '--work-dir', work, '--insecure-webhooks'])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(LINE())
    expect(run.stdout).not.toMatch(/Serving|Resuming|Build \d/)
  })

  it('should stop `npm run dev` with one line before it crawls or starts Vite', async () => {
    const run = await onBusyPort('dev.ts', [], { ...cleanEnv({}), NODE_ENV: 'development' })
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(LINE())
    expect(run.stdout).not.toMatch(/Crawled|Dev server at/)
  })

  it('should stop `npm run preview` with one line', async () => {
    const run = await onBusyPort('preview.ts', ['--dir', out])
    expect(run.code).toBe(1)
    expect(run.stderr).toBe(LINE())
  })
})
