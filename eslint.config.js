// @ts-check
import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const nodeBuiltins = [
  'node:*', 'fs', 'fs/*', 'path', 'os', 'crypto', 'http', 'https', 'net', 'child_process', 'url', 'stream', 'stream/*',
  'util', 'events', 'buffer', 'zlib', 'worker_threads', 'readline', 'tls', 'dns',
]

/** Imports each root may not make: shared stays runtime-free; main, preload and renderer never import each other. */
function boundaries(forbiddenRoots, extra = []) {
  return {
    'no-restricted-imports': ['error', {
      patterns: [
        ...forbiddenRoots.map((root) => ({ group: [`**/${root}`, `**/${root}/**`], message: `Les imports ne traversent pas vers ${root} : passez par src-shared ou l'IPC.` })),
        ...extra,
      ],
    }],
  }
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', '.tools/**', 'coverage/**', 'test/e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...pluginVue.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.vue'],
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-console': 'error',
      'func-style': ['error', 'declaration', { allowArrowFunctions: true }],
    },
  },
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src-shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      ...boundaries(['src-main', 'src-preload', 'src-renderer'], [
        { group: ['electron', 'electron/*', ...nodeBuiltins], message: 'src-shared ne dépend ni de Node ni d’Electron.' },
      ]),
      'no-restricted-globals': ['error', 'window', 'document', 'navigator', 'localStorage', 'indexedDB', 'process', 'Buffer', 'require', '__dirname'],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: boundaries(['src-preload', 'src-renderer']),
  },
  {
    files: ['src-sandbox/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: boundaries(['src-preload', 'src-renderer']),
  },
  {
    files: ['src-preload/**/*.ts'],
    rules: boundaries(['src-main', 'src-renderer']),
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    languageOptions: { globals: globals.browser },
    rules: boundaries(['src-main', 'src-preload'], [
      { group: ['electron', 'electron/*', ...nodeBuiltins], message: 'Le renderer passe par window.api, jamais par Node ou Electron.' },
    ]),
  },
  {
    files: ['test/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
)
