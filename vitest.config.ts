import { defineConfig } from 'vitest/config'

export default defineConfig({
  define: { __PREVIEW_CONFIG__: 'null' },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    setupFiles: ['tests/helpers/cleanup.ts'],
    // Build tests run real builds (Vite bundles included); on 2 cores running files one by one is
    // as fast and keeps their timings honest.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
