/**
 * Build of the bench page (bench/page) into out/bench: the app's renderer modules, bundled apart from the app so
 * that nothing of the bench reaches a production build. Served by bench/serve.ts on the app's origin.
 */
import { resolve } from 'node:path'
import { defineConfig } from 'vite'

export default defineConfig({
  root: resolve(import.meta.dirname, 'page'),
  base: '/__bench/',
  logLevel: 'warn',
  build: {
    outDir: resolve(import.meta.dirname, '../out/bench'),
    emptyOutDir: true,
    rollupOptions: { input: { index: resolve(import.meta.dirname, 'page/index.html') } },
  },
})
