/**
 * The import boundaries of eslint.config.js, run through ESLint's Node API on fixture sources (`lintText`): each
 * forbidden import is reported by `no-restricted-imports`, each allowed one is not. Type-aware parsing is turned
 * off and only that rule runs, so the check takes seconds; `npm run lint` runs the same rule on the whole tree.
 */
import { readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
})

/** Messages of `no-restricted-imports` for `code` linted as if it were the file `filePath` (relative to the repo). */
async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) })
  if (result === undefined) throw new Error(`ESLint n’a rien rendu pour ${filePath}`)
  const fatal = result.messages.filter((m) => m.fatal === true)
  if (fatal.length > 0) throw new Error(`${filePath} : ${fatal.map((m) => m.message).join(' ; ')}`)
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

/** A single-file component whose script is `code`. */
function sfc(code: string): string {
  return `<script setup lang="ts">\n${code}\n</script>\n\n<template>\n  <div />\n</template>\n`
}

/** Every file under `dir` (relative to the repo), as paths relative to `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(join(ROOT, dir), join(entry.parentPath, entry.name)))
}

describe('import boundaries (eslint.config.js)', () => {
  it.each([
    ['src-sandbox/app.ts', "import { log } from '../src-main/log'"],
    ['src-sandbox/http/operations.ts', "import type { LogFields } from '../../src-main/log'"],
    ['src-sandbox/store/seed.ts', "import { quietEmployee } from '../../test/sandbox/helpers'"],
    ['src-sandbox/http/errors.ts', "import { app } from 'electron'"],
    ['src-main/demo.ts', "import { startSandbox } from '../src-sandbox/server'"],
    ['src-main/profiles/service.ts', "import { DEMO_CREDENTIALS } from '../../src-sandbox/store/seed'"],
    ['src-shared/api/endpoints.ts', "import { HANDLERS } from '../../src-sandbox/handlers'"],
    ['src-renderer/stores/sync.ts', "import { startSandbox } from '../../src-sandbox'"],
    // A shared component or module never imports a feature, not even its public entry.
    ['src-renderer/components/FormField.vue', sfc("import { displayName } from '../features/dossier'")],
    ['src-renderer/components/format.ts', "import { summarizeEntry } from '../features/queue/summary'"],
    ['src-renderer/stores/outbox.ts', "import { summarizeEntry } from '../features/queue'"],
    // A feature never reaches into another feature's files.
    ['src-renderer/features/queue/QueueList.vue', sfc("import { displayName } from '../dossier/salarieFilter'")],
    ['src-renderer/features/queue/summary.ts', "import { formatEvpCell } from '../evp/grid/evpValue'"],
    ['src-renderer/features/evp/grid/EvpGrid.vue', sfc("import { displayName } from '../../dossier/salarieFilter'")],
    ['src-renderer/features/entry/EntryView.vue', sfc("import QueueList from '../../features/queue/QueueList.vue'")],
  ])('%s may not: %s', async (file, code) => {
    expect((await restrictedImports(file, code)).length).toBeGreaterThan(0)
  })

  it.each([
    ['src-sandbox/app.ts', "import { ERROR_CODES } from '../src-shared/api/common'"],
    ['src-sandbox/http/operations.ts', "import { ENDPOINTS } from '../../src-shared/api/endpoints'"],
    ['src-sandbox/http/operations.ts', "import type { FaultController } from '../faults'"],
    ['src-sandbox/server.ts', "import { serve } from '@hono/node-server'"],
    ['src-main/demo.ts', "import { startSandbox } from '../src-sandbox'"],
    ['src-main/demo.ts', "import { startSandbox } from '../src-sandbox/index'"],
    ['src-renderer/components/SyncStatus.vue', sfc("import { useSyncStore } from '../stores/sync'")],
    ['src-renderer/features/queue/QueueList.vue', sfc("import { displayName } from '../dossier'")],
    ['src-renderer/features/queue/summary.ts', "import { formatEvpCell } from '../evp/index'"],
    ['src-renderer/features/queue/QueueView.vue', sfc("import QueueList from './QueueList.vue'")],
    ['src-renderer/features/evp/grid/EvpGrid.vue', sfc("import { formatEvpCell } from '../grid/evpValue'")],
    ['src-renderer/features/evp/grid/EvpGrid.vue', sfc("import { displayName } from '../../dossier'")],
    ['src-renderer/features/evp/grid/EvpGrid.vue', sfc("import FormField from '../../../components/FormField.vue'")],
  ])('%s may: %s', async (file, code) => {
    expect(await restrictedImports(file, code)).toEqual([])
  })

  it('covers every file of the roots checked per depth (no file deeper than the rules reach)', () => {
    const deepest = (dir: string): number => Math.max(...filesUnder(dir).map((file) => file.split(/[\\/]/).length - 1))
    expect(deepest('src-sandbox')).toBeGreaterThanOrEqual(1)
    expect(deepest('src-sandbox')).toBeLessThanOrEqual(3)
    // src-renderer/features/<feature>/…: the rules cover a feature's files up to 3 folders below its own.
    expect(deepest('src-renderer/features')).toBeGreaterThanOrEqual(2)
    expect(deepest('src-renderer/features')).toBeLessThanOrEqual(4)
  })
})
