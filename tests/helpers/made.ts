/**
 * The folders the tests of one file made (tests/helpers/build.ts records them), which
 * tests/helpers/cleanup.ts removes when the file ends. Apart from build.ts so that the set-up,
 * which every test file loads, loads nothing else.
 */
import { rmSync } from 'node:fs'

const made = new Set<string>()

export function remember(dir: string): string {
  made.add(dir)
  return dir
}

export function removeMadeFolders(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true })
  made.clear()
}
