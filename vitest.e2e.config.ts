import { defineConfig } from 'vitest/config'

/**
 * End-to-end suites: the built renderer in real Chromium (Debian's, driven by playwright-core), the sandbox API and
 * the real main-process services in the test process, bridged through Playwright's exposeBinding as `window.api`.
 * Run with `npm run test:e2e`; the global setup builds the app first unless E2E_SKIP_BUILD=1.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/harness/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
})
