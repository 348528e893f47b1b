/**
 * The build cache's state file (scripts/build-cache.ts): saved from the build's maps, read back as
 * the objects an incremental build works with.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { objectJson, saveState, STATE_VERSION, type StateToSave } from '../scripts/build-cache.ts'
import { tempDir } from './helpers/build.ts'

describe('objectJson', () => {
  it('should write the JSON of the object with the same members, whatever the keys', () => {
    const map = new Map<string, unknown>([
      ['/blog/post/', { stories: ['a', 'b'], lists: { article: { from: 0, to: 12 } } }],
      ['__proto__', 'an own member, as JSON.parse and Object.fromEntries make it'],
      ['12', 'a key that looks like an index'],
      ['/café/"quoted"\\/', { bytes: 1, kind: 'html', digest: '' }],
      ['', null],
    ])
    const json = (of: ReadonlyMap<string, unknown>) => [...objectJson(of)].join('')
    const parsed = JSON.parse(json(map))
    expect(parsed).toEqual(Object.fromEntries(map))
    expect(Object.keys(parsed).sort()).toEqual([...map.keys()].sort())
    expect(json(new Map())).toBe('{}')
  })

  it('should write a large map in pieces that make the same JSON', () => {
    for (const size of [999, 1000, 1001, 2000, 2500]) {
      const map = new Map(Array.from({ length: size }, (_, i) => [`/route-${i}/`, { stories: [String(i)] }]))
      const pieces = [...objectJson(map)]
      expect(pieces.length).toBe(Math.max(1, Math.ceil(size / 1000)) + (size % 1000 === 0 ? 1 : 0))
      expect(JSON.parse(pieces.join(''))).toEqual(Object.fromEntries(map))
    }
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
})
