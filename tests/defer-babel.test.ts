/**
 * scripts/defer-babel.ts: the bundle process loads Vike without Babel, and Babel, when asked for,
 * answers as the real one does. Each case runs tests/fixtures/defer-babel-probe.ts in a process
 * of its own, since the stand-ins live in that process's module cache.
 */
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runNode } from '../scripts/node-process.ts'
import { ROOT } from './helpers/build.ts'

interface Probe {
  /** Babel's modules run once Vike's plugin is loaded. */
  afterVike: number
  /** …and once a config file's imports are parsed. */
  afterParse: number
  standInImports: string
  realImports: string
  transformed: string
  realTransformed: string
  isIdentifier: boolean
  loaded?: boolean
}

async function probe(mode: 'deferred' | 'plain'): Promise<Probe> {
  const node = runNode([join(ROOT, 'scripts', 'run.mjs'), join(ROOT, 'tests', 'fixtures', 'defer-babel-probe.ts'), mode], { cwd: ROOT })
  const { code } = await node.exited
  if (code !== 0) throw new Error(`The probe failed (exit ${code}):\n${node.stderr()}`)
  return JSON.parse(node.stdout()) as Probe
}

let deferred: Probe
let plain: Probe
beforeAll(async () => {
  ;[deferred, plain] = await Promise.all([probe('deferred'), probe('plain')])
}, 120_000)

describe('deferBabel', () => {
  it('should let Vike load without running any of Babel', () => {
    expect(deferred.afterVike).toBe(0)
    // Without it, Vike's imports run Babel's modules: the count above could fail.
    expect(plain.afterVike).toBeGreaterThan(100)
  })

  it("should find a config file's imports as @babel/core's parseSync does, running only the parser", () => {
    expect(deferred.afterParse).toBe(1)
    expect(deferred.standInImports).toBe(deferred.realImports)
    expect(JSON.parse(deferred.standInImports)).toHaveLength(6)
    expect(deferred.standInImports).toBe(plain.standInImports)
  })

  it('should load the real Babel for anything else, with the same results', () => {
    expect(deferred.loaded).toBe(true)
    expect(deferred.transformed).toBe(deferred.realTransformed)
    expect(deferred.transformed).toBe(plain.transformed)
    expect(deferred.isIdentifier).toBe(true)
  })
})
