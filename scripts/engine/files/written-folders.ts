/**
 * The folders builds, caches and benchmarks write, as globs: tools that watch or scan the code
 * (Vite's watcher and dependency scan in scripts/dev.ts) skip them. A site's builds hold tens of
 * thousands of files, in `.<output>.builds` beside each output (scripts/engine/files/deploy.ts).
 */
export const WRITTEN_FOLDERS = ['**/.build/**', '**/.build-*/**', '**/dist/**', '**/dist-*/**', '**/.*.builds/**']
