/**
 * The build cache's state (scripts/engine/cache/cache.ts): saved from the build's maps in parts,
 * read back as the objects an incremental build works with.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadState, readState, readStateAhead, saveState, STATE_VERSION, type StateToSave } from '../scripts/engine/cache/cache.ts'
import type { Plan } from '../scripts/engine/plan/plan.ts'
import { recordBuild } from '../scripts/engine/publish/record.ts'
import type { Content } from '../scripts/engine/content/content.ts'
import { SpilledStories } from '../scripts/engine/content/story-store.ts'
import { tempDir } from './helpers/build.ts'
import { projectSpace } from './helpers/space.ts'

/** A state with no routes or files, its story file in `dir`. */
function emptyState(dir: string, buildId: string): StateToSave {
  return {
    version: STATE_VERSION,
    fingerprint: 'f',
    buildId,
    space: { id: 1, name: 'Space' } as StateToSave['space'],
    stories: { file: join(dir, 'stories-1.jsonl'), end: 0 } as StateToSave['stories'],
    routes: new Map(),
    files: new Map(),
  }
}

describe('saveState', () => {
  it('should save a state that reads back with its routes and files as objects, whatever their keys', () => {
    const dir = tempDir('build-cache-state')
    const state: StateToSave = {
      version: STATE_VERSION,
      fingerprint: 'f',
      buildId: '20261124-000000-abcdef01',
      space: { id: 1, name: 'Space' } as StateToSave['space'],
      stories: { file: join(dir, 'stories-1.jsonl'), end: 10 } as StateToSave['stories'],
      routes: new Map([['/', { stories: ['u1'] }]]) as unknown as StateToSave['routes'],
      files: new Map([['index.html', { bytes: 5, kind: 'html', digest: 'd' }], ['__proto__/index.html', { bytes: 1, kind: 'html', digest: 'e' }]]),
      redirects: [],
    }
    saveState(dir, state)
    const saved = readState(dir)!
    expect(saved).toEqual({ ...state, stories: { file: 'stories-1.jsonl', end: 10 }, routes: { '/': { stories: ['u1'] } }, files: Object.fromEntries(state.files) })
    expect(Object.keys(saved.files)).toEqual(['index.html', '__proto__/index.html'])
    rmSync(dir, { recursive: true, force: true })
  })

  it('should save its large members as parts, name them in state.json, and delete the parts of the state before', () => {
    const dir = tempDir('build-cache-parts')
    const state = (buildId: string) => emptyState(dir, buildId)
    saveState(dir, state('a'))
    const first = readdirSync(dir).sort()
    expect(first.filter((name) => name.startsWith('part-')).map((name) => name.split('-')[1])).toEqual(['files', 'routes', 'stories'])
    const index = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))
    expect(Object.keys(index).sort()).toEqual(['buildId', 'fingerprint', 'parts', 'space', 'version'])
    saveState(dir, state('b'))
    expect(readdirSync(dir).filter((name) => first.includes(name))).toEqual(['state.json'])
    expect(readState(dir)?.buildId).toBe('b')
    rmSync(dir, { recursive: true, force: true })
  })

})

describe('loadState with a state read ahead', () => {
  it('should take the state read ahead while its file is unchanged, and read the file again once it changed', () => {
    const dir = tempDir('build-cache-ahead')
    writeFileSync(join(dir, 'stories-1.jsonl'), '')
    const state = (buildId: string) => emptyState(dir, buildId)
    saveState(dir, state('a'))
    const ahead = readStateAhead(dir)!
    expect(loadState(dir, 'f', 'a', ahead).state).toBe(ahead.state)
    // Another build saved its state meanwhile (its stamp differs: here in size).
    saveState(dir, state('bb'))
    const loaded = loadState(dir, 'f', 'bb', ahead)
    expect(loaded.state).not.toBe(ahead.state)
    expect(loaded.state?.buildId).toBe('bb')
    expect(readStateAhead(join(dir, 'none'))).toBeUndefined()
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('recordBuild', () => {
  it('should record the story file as it is at the end of the build', () => {
    const dir = tempDir('build-cache-record')
    const [first, ...rest] = projectSpace(20, 2).stories
    const spilled = new SpilledStories(join(dir, 'stories-1.jsonl'))
    for (const story of rest) spilled.add(story)
    spilled.add(first!)
    const plan = { routes: new Map(), output: { contents: () => new Map() } } as unknown as Plan
    const content = { space: { id: 1, name: 'Space' }, stories: spilled } as unknown as Content
    recordBuild({ cache: dir, fingerprint: 'f', buildId: 'b', content, languages: [], plan, redirects: [] })
    const saved = readState(dir)!
    expect(saved.stories.summaries).toHaveLength(20)
    expect(saved.stories.end).toBe(spilled.size)
    spilled.dispose()
    rmSync(dir, { recursive: true, force: true })
  })
})
