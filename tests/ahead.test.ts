/**
 * scripts/engine/ahead.ts: a standby build fills its stage with links to the live build's files
 * (and its search index) before its job comes, builds from that stage when the live build is still the one it linked, starts
 * over when another build went live meanwhile, and removes the stage when it is stopped instead.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startCmsServer } from '../cms/api/server.ts'
import { runScript as runProjectScript, type NodeProcess } from '../scripts/engine/bundles/child-process.ts'
import { buildsDir, liveBuildId } from '../scripts/engine/files/deploy.ts'
import { SEARCH_ENTRY } from '../scripts/engine/search/index.ts'
import { cleanEnv, ROOT, runBuild, scriptPath, tempDir, workDir } from './helpers/build.ts'
import { waitFor } from './helpers/server.ts'
import { projectSpace, TOKENS } from './helpers/space.ts'

const work = workDir('ahead')
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A build in standby, as `npm start` keeps one, resolved once it listens for its job. */
async function standby(out: string, env: Record<string, string>): Promise<NodeProcess> {
  const run = runProjectScript(scriptPath('build.ts'), ['--out', out, '--work-dir', work, '--standby'], { cwd: ROOT, env: cleanEnv(env), messages: true })
  await new Promise((resolve, reject) => {
    run.child.once('message', resolve)
    void run.exited.then(() => reject(new Error(run.output())))
  })
  return run
}

const stageOf = (out: string, run: NodeProcess) => join(buildsDir(out), `.staging-${run.child.pid}`)
const inode = (path: string) => statSync(path).ino

async function builtSpace(name: string) {
  const space = projectSpace(6, 1)
  const cms = await startCmsServer({ space })
  const out = join(tempDir(name), 'dist')
  const env = { STORYBLOK_API_URL: cms.url, STORYBLOK_TOKEN: TOKENS.public }
  // A new output: the build is full (the cache's build is not live there), and reuses the bundles.
  expect((await runBuild(['--out', out, '--work-dir', work], env)).code).toBe(0)
  return { space, cms, out, env }
}

describe('a standby build', () => {
  it("should wait with the live build's files linked in its stage, and build the job from them", async () => {
    const { space, cms, out, env } = await builtSpace('ahead-linked')
    try {
      const before = liveBuildId(out)!
      const run = await standby(out, env)
      const stage = stageOf(out, run)
      expect(inode(join(stage, 'projects/p2/index.html'))).toBe(inode(join(out, 'projects/p2/index.html')))
      // The search index too, so that the job goes live with it at once.
      expect(inode(join(stage, SEARCH_ENTRY))).toBe(inode(join(out, SEARCH_ENTRY)))
      space.stories[0]!.content.title = 'Project 1, edited'
      space.version++
      const told: object[] = []
      run.child.on('message', (message: object) => told.push(message))
      run.child.send({ changed: [space.stories[0]!.id] })
      expect((await run.exited).code, run.output()).toBe(0)
      expect(run.stdout()).toMatch(/Build: incremental/)
      expect(liveBuildId(out)).not.toBe(before)
      // The server hears of the switch at once (its deploy starts on it), and of what the build did once it is recorded.
      expect(told).toEqual([{ wentLive: liveBuildId(out) }, expect.objectContaining({ live: liveBuildId(out), mode: expect.stringMatching(/^incremental/) })])
      expect(readFileSync(join(out, 'projects/p1/index.html'), 'utf8')).toContain('Project 1, edited')
      // The page no change reached is the previous build's file, linked.
      expect(inode(join(out, 'projects/p4/index.html'))).toBe(inode(join(buildsDir(out), before, 'projects/p4/index.html')))
      expect(existsSync(stage)).toBe(false)
    } finally {
      await cms.close()
    }
  })

  it('should start from the new live build when another build went live while it waited', async () => {
    const { space, cms, out, env } = await builtSpace('ahead-stale')
    try {
      const run = await standby(out, env)
      // Published meanwhile, and built by a build without ids (a schedule), which finds it by its links.
      space.stories[1]!.content.title = 'Project 2, built meanwhile'
      space.stories[1]!.published_at = '2026-11-28T10:00:00.000Z'
      space.version++
      expect((await runBuild(['--out', out, '--work-dir', work], env)).code).toBe(0)
      space.stories[2]!.content.title = 'Project 3, edited'
      space.version++
      run.child.send({ changed: [space.stories[2]!.id] })
      expect((await run.exited).code, run.output()).toBe(0)
      expect(readFileSync(join(out, 'projects/p2/index.html'), 'utf8')).toContain('Project 2, built meanwhile')
      expect(readFileSync(join(out, 'projects/p3/index.html'), 'utf8')).toContain('Project 3, edited')
      expect(readdirSync(buildsDir(out)).filter((name) => name.startsWith('.staging-'))).toEqual([])
    } finally {
      await cms.close()
    }
  })

  it('should remove its stage when it is stopped while it waits', async () => {
    const { cms, out, env } = await builtSpace('ahead-stopped')
    try {
      const live = liveBuildId(out)
      const run = await standby(out, env)
      const stage = stageOf(out, run)
      await waitFor(() => existsSync(stage), 10_000, 'the stage')
      run.child.kill('SIGTERM')
      expect((await run.exited).code).toBe(0)
      expect(existsSync(stage)).toBe(false)
      expect(liveBuildId(out)).toBe(live)
    } finally {
      await cms.close()
    }
  })
})
