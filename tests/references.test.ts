/**
 * Every file a comment or a doc names exists in this repository, so a reader of the repository
 * alone can follow each reference. Names of files the build or a deploy writes (`_payload.json`, …) are not
 * references.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { basename, dirname, join, normalize } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './helpers/build.ts'

const WRITTEN_BY_BUILDS = new Set(['_payload.json', 'latest.json', 'state.json', 'inputs.json', 'assets.json', 'entry.mjs', 'index.pageContext.json', 'pending-webhooks.json', 'bundle-stats.json', 'results.json', 'reused-bundles.json', '.deploy-manifest.json', '.deploy-pending.json', '.changes.json'])
const REFERENCE = /(?<![\w@/.:-])((?:\.{1,2}\/)?(?:[\w+-]+\/)*[\w+.-]+\.(?:ts|tsx|md|json|mjs|css|svg))(?!\w)/g
const COMMENT = /^\s*(\/\/|\*|\/\*)|\s\/\/\s/

function tracked(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean)
}

function unresolved(files: string[]): string[] {
  const paths = new Set(files)
  const names = new Set(files.map((file) => basename(file)))
  const missing: string[] = []
  for (const file of files) {
    if (!/\.(ts|tsx|mjs|css|md)$/.test(file) || file.startsWith('docs/benchmark/')) continue
    readFileSync(join(ROOT, file), 'utf8').split('\n').forEach((line, index) => {
      if (!file.endsWith('.md') && !COMMENT.test(line)) return
      for (const [, reference] of line.matchAll(REFERENCE)) {
        const found = paths.has(normalize(join(dirname(file), reference!))) || paths.has(normalize(reference!)) || (!reference!.includes('/') && names.has(reference!))
        if (!found && !WRITTEN_BY_BUILDS.has(basename(reference!))) missing.push(`${file}:${index + 1}: ${reference}`)
      }
    })
  }
  return missing
}

describe('references', () => {
  it('should name only files that exist in the repository, in comments and docs', () => {
    expect(unresolved(tracked())).toEqual([])
  })

  it('should name every folder of the code in docs/architecture.md', () => {
    const guide = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')
    const folders = new Set(
      tracked()
        .filter((file) => /^(blocks|cms|pages|renderer|scripts)\/.*\.(ts|tsx|mjs)$/.test(file) && !file.startsWith('cms/demo-space/'))
        .map((file) => `${dirname(file)}/`)
        .filter((folder) => !/\/(\+|_|story\/|contact\/|parts\/|editor\/)/.test(folder)),
    )
    expect([...folders].filter((folder) => !guide.includes(`\`${folder}\``)).sort()).toEqual([])
  })

  it('should notice a reference to a file outside the repository', () => {
    expect(tracked()).toContain('cms/slug.ts')
    const files = [...tracked().filter((file) => file !== 'cms/slug.ts')]
    expect(unresolved(files).some((line) => line.endsWith('cms/slug.ts'))).toBe(true)
  })
})
