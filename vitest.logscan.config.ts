import { defineConfig } from 'vitest/config'

/**
 * Log scan: reads the logs written by the end-to-end suites (test/e2e/artifacts/logs) and fails on personal data or
 * secrets. Run by .ci/run after the end-to-end suites; fails when they wrote no log.
 */
export default defineConfig({
  test: {
    include: ['test/logscan/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
})
