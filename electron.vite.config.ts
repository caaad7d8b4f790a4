import { resolve } from 'node:path'
import vue from '@vitejs/plugin-vue'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'

/**
 * In `electron-vite dev` only, Vite injects component styles as `<style>` elements, which the strict CSP of
 * index.html (`style-src 'self'`) blocks: relax that one directive for the dev server. Builds keep the strict policy.
 */
function devInlineStyles(): Plugin {
  return {
    name: 'paie:dev-inline-styles',
    apply: 'serve',
    transformIndexHtml(html) {
      return html.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
    },
  }
}

/**
 * Build of the three Electron roots.
 * - main: ESM, dependencies listed in package.json `dependencies` stay external (packed in app.asar). It bundles the
 *   embedded sandbox of demo mode (src-sandbox, reached through its one entry src-sandbox/index.ts from src-main/demo.ts).
 * - preload: one CommonJS file with everything inlined, because a sandboxed preload can only `require('electron')`.
 * - renderer: the Vue app, served in Electron from the `app://` custom protocol.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve('src-main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    plugins: [vue(), devInlineStyles()],
    define: {
      // vue-i18n bundler feature flags: Composition API only, no devtools hook in production.
      __VUE_I18N_FULL_INSTALL__: 'true',
      __VUE_I18N_LEGACY_API__: 'false',
      __INTLIFY_PROD_DEVTOOLS__: 'false',
    },
    build: {
      outDir: resolve('out/renderer'),
      rollupOptions: { input: { index: resolve('src-renderer/index.html') } },
    },
  },
})
