import { availableParallelism } from 'node:os'
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
    // A file per core, for both projects (Vitest's default leaves one core to itself): process files
    // spend most of their time waiting on a child, a browser or a server, so two side by side took
    // the suite from 137 s to 104 s on 2 cores, and nothing in them is timed.
    maxWorkers: availableParallelism(),
    projects: [
      // One group (the same groupOrder), so the unit files fill the gaps the process files leave.
      { extends: true, test: { name: 'unit', include: ['tests/**/*.test.{ts,tsx}'], exclude: PROCESS_TESTS, pool: 'threads', isolate: false, sequence: { groupOrder: 0 } } },
      // Real builds and servers, each in its own temporary folders and on free ports. Not isolated: each file's fresh
      // module graph cost about 0.6 s, and every file cleans up after itself (tests/helpers/cleanup.ts).
      { extends: true, test: { name: 'processes', include: PROCESS_TESTS, globalSetup: ['tests/helpers/process-setup.ts'], isolate: false, sequence: { groupOrder: 0 } } },
    ],
  },
})
