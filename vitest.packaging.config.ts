import { defineConfig } from 'vitest/config'

/**
 * Packaging test: electron-vite build, electron-builder `--dir` with a stub Electron distribution, inspection of
 * app.asar, fuses and update feed. Run by .ci/run (slow: one electron-builder run).
 */
export default defineConfig({
  test: {
    include: ['test/packaging/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 600_000,
  },
})
