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
      // One group: the unit files run beside the process files, which leave a core idle while they wait on a browser or a server.
      { extends: true, test: { name: 'unit', include: ['tests/**/*.test.{ts,tsx}'], exclude: PROCESS_TESTS, pool: 'threads', isolate: false, fileParallelism: true, sequence: { groupOrder: 0 } } },
      // Real builds and servers: on 2 cores, one file at a time is as fast and keeps their timings honest. Not isolated:
      // each file's fresh module graph cost about 0.6 s, and every file cleans up after itself (tests/helpers/cleanup.ts).
      { extends: true, test: { name: 'processes', include: PROCESS_TESTS, globalSetup: ['tests/helpers/process-setup.ts'], fileParallelism: false, isolate: false, sequence: { groupOrder: 0 } } },
    ],
  },
})
