import { defineConfig } from 'vitest/config'

/**
 * Tests that start processes: builds (Vite bundles included), servers, browsers. The rest are the
 * unit project (`npm run test:unit`), which runs files side by side on threads.
 */
const PROCESS_TESTS = [
  'ahead', 'browser', 'build-failures', 'build', 'bundles', 'cleanup', 'code-fingerprint', 'demo-guard', 'deploy-command', 'dev-reload', 'dev-server', 'editor', 'hostile-content', 'search',
  'languages-folder', 'languages', 'pagination', 'ports', 'production-install', 'publish', 'real-spaces', 'standby', 'stage-folders', 'web-vitals',
].map((name) => `tests/${name}.test.{ts,tsx}`)

export default defineConfig({
  define: { __PREVIEW_CONFIG__: 'null' },
  test: {
    setupFiles: ['tests/helpers/cleanup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/**/*.test.{ts,tsx}'], exclude: PROCESS_TESTS, pool: 'threads', isolate: false, fileParallelism: true, sequence: { groupOrder: 0 } } },
      // Real builds and servers: on 2 cores, one file at a time is as fast and keeps their timings honest.
      { extends: true, test: { name: 'processes', include: PROCESS_TESTS, globalSetup: ['tests/helpers/process-setup.ts'], fileParallelism: false, isolate: false, sequence: { groupOrder: 1 } } },
    ],
  },
})
