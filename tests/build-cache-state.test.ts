/**
 * The build cache's state file (scripts/build-cache.ts): saved from the build's maps, read back as
 * the objects an incremental build works with.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setImmediate as turn } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { jsonPieces, saveState, STATE_VERSION, type StateToSave } from '../scripts/build-cache.ts'
import type { Plan } from '../scripts/build/plan.ts'
import { recordBuild, storyIndexAhead } from '../scripts/build/record.ts'
import type { Content } from '../scripts/content.ts'
import { SpilledStories } from '../scripts/story-file.ts'
import { tempDir } from './helpers/build.ts'
import { projectSpace } from './helpers/space.ts'

describe('jsonPieces', () => {
  const json = (value: unknown, depth: number) => [...jsonPieces(value, depth)].join('')

  it("should write JSON.stringify's text at every depth, leaving out what it leaves out", () => {
    const value = {
      version: 3,
      nothing: null,
      gone: undefined,
      method: () => 1,
      when: new Date(0),
      list: [1, undefined, 'two', () => 3, { deep: [true, { deeper: 'x' }] }, []],
      text: 'quote " backslash \\ newline \n emoji 🎨',
      empty: {},
    }
    for (const depth of [0, 1, 2, 3, 6]) expect(json(value, depth)).toBe(JSON.stringify(value))
    expect(json(undefined, 2)).toBe('null')
  })

  it('should write a map as the object of its entries, whatever the keys', () => {
    const map = new Map<string, unknown>([
      ['/blog/post/', { stories: ['a', 'b'], lists: { article: { from: 0, to: 12 } } }],
      ['__proto__', 'an own member, as JSON.parse and Object.fromEntries make it'],
      ['12', 'a key that looks like an index'],
      ['/café/"quoted"\\/', { bytes: 1, kind: 'html', digest: '' }],
      ['', null],
      ['skipped', undefined],
    ])
    for (const depth of [1, 2, 3]) {
      const parsed = JSON.parse(json(map, depth))
      expect(parsed).toEqual(JSON.parse(JSON.stringify(Object.fromEntries(map))))
      expect(Object.keys(parsed).sort()).toEqual([...map.keys()].filter((key) => key !== 'skipped').sort())
    }
    expect(json(new Map(), 1)).toBe('{}')
  })

  it('should yield a large collection a thousand members at a time, not as one string', () => {
    const routes = new Map(Array.from({ length: 2500 }, (_, i) => [`/route-${i}/`, { stories: [String(i)] }]))
    const pieces = [...jsonPieces(routes, 1)]
    // '{', three pieces of at most 1,000 members, '}'.
    expect(pieces).toHaveLength(5)
    expect(JSON.parse(pieces.join(''))).toEqual(JSON.parse(JSON.stringify(Object.fromEntries(routes))))
    const index = { entries: Object.fromEntries(routes), summaries: [...routes.keys()] }
    expect([...jsonPieces(index, 2)].length).toBeGreaterThan(6)
    expect(json(index, 2)).toBe(JSON.stringify(index))
  })
})

describe('saveState', () => {
  it('should save a state that reads back with its routes and files as objects, and remove stale temporary files', () => {
    const dir = tempDir('build-cache-state')
    const state: StateToSave = {
      version: STATE_VERSION,
      fingerprint: 'f',
      buildId: '20261124-000000-abcdef01',
      space: { id: 1, name: 'Space' } as StateToSave['space'],
      stories: { file: join(dir, 'stories-1.jsonl'), end: 10 } as StateToSave['stories'],
      routes: new Map([['/', { stories: ['u1'] }]]) as unknown as StateToSave['routes'],
      files: new Map([['index.html', { bytes: 5, kind: 'html', digest: 'd' }]]),
      redirects: [],
    }
    writeFileSync(join(dir, 'state.json.4242.tmp'), '{"version": 1, "trunc')
    saveState(dir, state)
    expect(readdirSync(dir)).toEqual(['state.json'])
    const saved = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))
    expect(saved).toEqual({ ...state, stories: { file: 'stories-1.jsonl', end: 10 }, routes: { '/': { stories: ['u1'] } }, files: { 'index.html': { bytes: 5, kind: 'html', digest: 'd' } } })
    rmSync(dir, { recursive: true, force: true })
  })

  it('should save the same state from a story index made ahead as from the index itself', async () => {
    const dir = tempDir('build-cache-ahead')
    const spilled = new SpilledStories(join(dir, 'stories-1.jsonl'))
    for (const story of projectSpace(300, 3).stories) spilled.add(story)
    const state = (stories: StateToSave['stories']): StateToSave => ({
      version: STATE_VERSION,
      fingerprint: 'f',
      buildId: 'b',
      space: { id: 1, name: 'Space' } as StateToSave['space'],
      stories,
      routes: new Map(),
      files: new Map(),
    })
    saveState(join(dir, 'whole'), state(spilled.index()))
    const ahead = storyIndexAhead(spilled)!
    await turn()
    saveState(join(dir, 'ahead'), state(ahead.index), ahead.json.pieces())
    const whole = readFileSync(join(dir, 'whole', 'state.json'), 'utf8')
    expect(readFileSync(join(dir, 'ahead', 'state.json'), 'utf8')).toBe(whole)
    expect(JSON.parse(whole).stories.summaries).toHaveLength(300)
    spilled.dispose()
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('recordBuild', () => {
  it('should record the story file as it is, not an index made ahead before it changed', async () => {
    const dir = tempDir('build-cache-record')
    const [first, ...rest] = projectSpace(20, 2).stories
    const spilled = new SpilledStories(join(dir, 'stories-1.jsonl'))
    for (const story of rest) spilled.add(story)
    const ahead = storyIndexAhead(spilled)!
    await turn()
    spilled.add(first!)
    const plan = { routes: new Map(), output: { contents: () => new Map() } } as unknown as Plan
    const content = { space: { id: 1, name: 'Space' }, stories: spilled } as unknown as Content
    recordBuild({ cache: dir, fingerprint: 'f', buildId: 'b', content, languages: [], plan, redirects: [], ahead })
    const saved = JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8'))
    expect(saved.stories.summaries).toHaveLength(20)
    expect(saved.stories.end).toBe(spilled.size)
    spilled.dispose()
    rmSync(dir, { recursive: true, force: true })
  })
})
