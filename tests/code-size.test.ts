/**
 * Small files with one job: no module of the code folders is over 250 lines without a one-line
 * reason at its top (`// Over 250 lines: …`), and no function is over 60 lines.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ROOT } from './helpers/build.ts'

const MAX_MODULE_LINES = 250
const MAX_FUNCTION_LINES = 60

function codeFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /^(blocks|cms|pages|renderer|scripts)\/.*\.(ts|tsx|mjs)$/.test(file) || file === 'vike.config.ts')
}

/** Functions of `text` longer than `max` lines, as `name (lines)`. */
function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - source.getLineAndCharacterOfPosition(node.getStart()).line + 1
      if (lines > max) found.push(`${file}: ${(node as ts.FunctionLikeDeclaration).name?.getText() ?? 'a function'} (${lines} lines)`)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('code size', () => {
  it('should give a reason at the top of every module over 250 lines', () => {
    const long = codeFiles().filter((file) => {
      const lines = readFileSync(join(ROOT, file), 'utf8').split('\n')
      return lines.length > MAX_MODULE_LINES && !lines[0]!.startsWith('// Over 250 lines: ')
    })
    expect(long).toEqual([])
  })

  it('should have no function over 60 lines', () => {
    expect(codeFiles().flatMap((file) => longFunctions(file, readFileSync(join(ROOT, file), 'utf8')))).toEqual([])
  })

  it('should find a long function, nested ones too', () => {
    const body = Array.from({ length: 61 }, (_, i) => `  const a${i} = ${i}`).join('\n')
    expect(longFunctions('x.ts', `export function outer() {\n  const inner = () => {\n${body}\n  }\n}\n`)).toEqual(['x.ts: outer (65 lines)', 'x.ts: a function (63 lines)'])
    expect(longFunctions('x.ts', 'function short() {\n  return 1\n}\n')).toEqual([])
  })
})
