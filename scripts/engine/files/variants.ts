/**
 * Brotli and gzip variants of each text file, written beside it (`index.html.br`,
 * `index.html.gz`) for hosts that serve them as they are: `npm start`, `npm run preview`, nginx's
 * `brotli_static`/`gzip_static`. They follow their file: written, replaced and removed with it,
 * and never counted as files of the build. Object storage gets the plain files (CDNs compress).
 */
import { rmSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

const TEXT = /\.(html|json|js|mjs|css|svg|xml|txt|webmanifest)$/
/** Below this, compression saves less than the headers a request costs. */
const MIN_BYTES = 1024
/**
 * Brotli 5: on the demo's pages 11% larger than quality 11 at a ninetieth of its time (14 ms
 * against 1,260 ms for 79 files), which thousands of pages per build cannot afford.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }

/** The suffixes of the variants a file of `bytes` at `path` has: none for other files and small ones. */
export function variantSuffixes(path: string, bytes: number): string[] {
  return TEXT.test(path) && bytes >= MIN_BYTES ? VARIANTS.map(({ suffix }) => suffix) : []
}

/** Removes `file`'s variants: they may be hard links into the live build, which must not change. */
export function removeVariants(file: string): void {
  for (const { suffix } of VARIANTS) rmSync(file + suffix, { force: true })
}

/** Writes the variants of `file`, which now holds `bytes` (or removes stale ones of a file too small to gain). */
export function writeVariants(file: string, bytes: Buffer): void {
  removeVariants(file)
  if (!variantSuffixes(file, bytes.length).length) return
  writeFileSync(`${file}.br`, brotliCompressSync(bytes, BROTLI))
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
}

/** Whether `path` is the variant of another file that `has` holds. */
export function isVariantOf(path: string, has: (path: string) => boolean): boolean {
  const variant = VARIANTS.find(({ suffix }) => path.endsWith(suffix))
  return variant !== undefined && has(path.slice(0, -variant.suffix.length))
}
