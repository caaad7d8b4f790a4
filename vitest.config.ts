import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'vitest/config'

/** Unit and integration tests (Node). End-to-end suites in real Chromium live in test/e2e and run separately. */
export default defineConfig({
  plugins: [vue()],
  test: {
    include: [
      'test/shared/**/*.test.ts',
      'test/main/**/*.test.ts',
      'test/sandbox/**/*.test.ts',
      'test/lint/**/*.test.ts',
      'test/preload/**/*.test.ts',
      'test/renderer/**/*.test.ts',
      'test/integration/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
