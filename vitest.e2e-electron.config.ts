import { defineConfig } from 'vitest/config'

/** Real-Electron suite (Playwright `_electron`), run by test/e2e-electron/run.ts only where the binary exists. */
export default defineConfig({
  test: {
    include: ['test/e2e-electron/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/harness/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
})
