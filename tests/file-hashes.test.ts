import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FileHashes, sha256 } from '../scripts/engine/deploy/file-hashes.ts'
import { tempDir } from './helpers/build.ts'

/** A record whose every entry claims `hash`: a file the deploy does not read again is given it. */
function plant(record: string, hash: string): void {
  const stored = JSON.parse(readFileSync(record, 'utf8')) as Record<string, string>
  writeFileSync(record, JSON.stringify(Object.fromEntries(Object.keys(stored).map((key) => [key, hash]))))
}

/** A folder with two files, `[name, content]` each, and the path of a hash record beside them. */
function folderWith(...files: [[string, string], [string, string]]): { record: string; paths: [string, string] } {
  const dir = tempDir('file-hashes')
  for (const [name, content] of files) writeFileSync(join(dir, name), content)
  return { record: join(dir, '.deploy-hashes.json'), paths: [join(dir, files[0][0]), join(dir, files[1][0])] }
}

describe('file hashes between deploys', () => {
  it('should hash a file once, and again once a build replaced it', () => {
    const { record, paths: [same, replaced] } = folderWith(['same.html', 'unchanged page'], ['replaced.html', 'old page'])
    const first = new FileHashes(record)
    expect(first.of(same)).toEqual({ hash: sha256('unchanged page'), size: 14 })
    first.of(replaced)
    first.save()
    plant(record, 'remembered')

    // As a build writes a changed page: a new file renamed over the old one (a new inode).
    writeFileSync(`${replaced}.new`, 'new page')
    renameSync(`${replaced}.new`, replaced)
    const second = new FileHashes(record)
    expect(second.of(same).hash).toBe('remembered')
    expect(second.of(replaced)).toEqual({ hash: sha256('new page'), size: 8 })
  })

  it('should remember only the files of the last deploy, and hash everything when the record is unreadable', () => {
    const { record, paths: [kept, gone] } = folderWith(['kept.html', 'kept'], ['gone.html', 'gone'])
    const first = new FileHashes(record)
    first.of(kept)
    first.of(gone)
    first.save()
    const second = new FileHashes(record)
    second.of(kept)
    second.save()
    expect(Object.values(JSON.parse(readFileSync(record, 'utf8')))).toEqual([sha256('kept')])

    writeFileSync(record, '{"cut short')
    expect(new FileHashes(record).of(kept).hash).toBe(sha256('kept'))
  })
})
