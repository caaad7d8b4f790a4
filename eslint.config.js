// @ts-check
import js from '@eslint/js'
import pluginVue from 'eslint-plugin-vue'
import prettierConfig from 'eslint-config-prettier/flat'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'crypto',
  'http',
  'https',
  'net',
  'child_process',
  'url',
  'stream',
  'stream/*',
  'util',
  'events',
  'buffer',
  'zlib',
  'worker_threads',
  'readline',
  'tls',
  'dns',
]

/** Imports each root may not make: shared stays runtime-free; main, preload and renderer never import each other. */
function boundaries(forbiddenRoots, extra = []) {
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...forbiddenRoots.map((root) => ({
            group: [`**/${root}`, `**/${root}/**`],
            message: `Les imports ne traversent pas vers ${root} : passez par src-shared ou l'IPC.`,
          })),
          ...extra,
        ],
      },
    ],
  }
}

/** Regular expression source of a relative path climbing exactly `n` folders (`../../` for 2) at its start. */
function climbing(n) {
  return `^(\\.\\./){${n}}`
}

/** Files `depth` folders below `root` (depth 0: the root's own files), for rules that depend on how far `../` climbs. */
function filesAtDepth(root, depth, extensions) {
  return [`${root}/${'*/'.repeat(depth)}*.${extensions}`]
}

/** Folder depths the per-depth rules cover (a deeper file would escape them: the boundary test checks none exists). */
const DEPTHS = [0, 1, 2, 3]

/**
 * The sandbox is a second program (a payroll service): it imports only src-shared and its own files. A relative import
 * that climbs out of src-sandbox must land in src-shared; electron is never imported.
 */
const sandboxBoundaries = DEPTHS.map((depth) => ({
  files: filesAtDepth('src-sandbox', depth, 'ts'),
  rules: boundaries(
    ['src-main', 'src-preload', 'src-renderer'],
    [
      {
        regex: `${climbing(depth + 1)}(?!src-shared/)`,
        message: 'src-sandbox n’importe que src-shared : c’est un second programme, sans accès à l’app.',
      },
      { group: ['electron', 'electron/*'], message: 'src-sandbox ne dépend pas d’Electron.' },
    ],
  ),
}))

/** What the renderer may never import, whatever its folder: the other roots, Node, Electron. */
function rendererBoundaries(extra = []) {
  return boundaries(
    ['src-main', 'src-sandbox', 'src-preload'],
    [
      { group: ['electron', 'electron/*', ...nodeBuiltins], message: 'Le renderer passe par window.api, jamais par Node ou Electron.' },
      ...extra,
    ],
  )
}

/** A path naming a file inside a feature folder other than its public index.ts: `features/<feature>/<internal>`. */
const FEATURE_INTERNALS = '(^|/)features/[^/]+/(?!index(\\.ts)?$)'
const FEATURE_INTERNALS_MESSAGE =
  'Une fonctionnalité n’importe d’une autre que son entrée publique (../<fonctionnalité>, son index.ts), jamais ses fichiers internes.'

/**
 * Renderer layers (docs/glossary.md "Renderer folders"): the shared folders never import a feature; a feature imports
 * another feature only through its public `index.ts` (`../dossier`, never `../dossier/salarieFilter`). A relative
 * import that climbs exactly out of a feature's folder lands in features/, so, per depth, `../`×(depth+1) followed by
 * `<feature>/<file>` is another feature's internals (or one's own, which is written `./file`).
 */
const rendererLayers = [
  {
    files: ['src-renderer/{components,stores,services,db,sync,i18n}/**/*.{ts,vue}'],
    rules: rendererBoundaries([
      {
        regex: '(^|/)features(/|$)',
        message:
          'Un composant ou un module partagé n’importe jamais une fonctionnalité (src-renderer/features) : déplacez le code partagé dans components/ ou passez par un store.',
      },
    ]),
  },
  ...DEPTHS.map((depth) => ({
    files: filesAtDepth('src-renderer/features', depth + 1, '{ts,vue}'),
    rules: rendererBoundaries([
      { regex: `${climbing(depth + 1)}[^./][^/]*/(?!index(\\.ts)?$)`, message: FEATURE_INTERNALS_MESSAGE },
      { regex: FEATURE_INTERNALS, message: FEATURE_INTERNALS_MESSAGE },
    ]),
  })),
]

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
      ...boundaries(
        ['src-main', 'src-sandbox', 'src-preload', 'src-renderer'],
        [{ group: ['electron', 'electron/*', ...nodeBuiltins], message: 'src-shared ne dépend ni de Node ni d’Electron.' }],
      ),
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'indexedDB',
        'process',
        'Buffer',
        'require',
        '__dirname',
      ],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: boundaries(
      ['src-preload', 'src-renderer'],
      [
        {
          regex: '(^|/)src-sandbox/(?!index(\\.ts)?$)',
          message: 'src-main n’utilise le bac à sable que par son entrée publique src-sandbox/index.ts.',
        },
      ],
    ),
  },
  {
    files: ['src-sandbox/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  ...sandboxBoundaries,
  {
    files: ['src-preload/**/*.ts'],
    rules: boundaries(['src-main', 'src-sandbox', 'src-renderer']),
  },
  {
    files: ['src-renderer/**/*.{ts,vue}'],
    languageOptions: { globals: globals.browser },
    rules: rendererBoundaries(),
  },
  ...rendererLayers,
  {
    files: ['test/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Last: turns off every layout rule (core, typescript-eslint, vue) that Prettier owns; `npm run lint` runs both.
  prettierConfig,
)
