/**
 * The app's message compiler (src-renderer/i18n/compiler.ts): vue-i18n's own `compile` behind a cache keyed by locale
 * and key. Every message of both catalogues reads the same as with vue-i18n's default compiler; a message is
 * compiled once per locale, key and source; a message replaced at run time is compiled again; a broken message
 * fails as it does without the cache, and is not kept.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { compile } from '@intlify/core-base'
import type * as CoreBase from '@intlify/core-base'
import { describe, expect, it, vi } from 'vitest'
import { createI18n } from 'vue-i18n'

import { createAppI18n } from '../../../src-renderer/i18n'
import { createCachedMessageCompiler } from '../../../src-renderer/i18n/compiler'
import { en } from '../../../src-renderer/i18n/en'
import { fr } from '../../../src-renderer/i18n/fr'

vi.mock('@intlify/core-base', async (importOriginal) => {
  const original = await importOriginal<typeof CoreBase>()
  return { ...original, compile: vi.fn(original.compile) }
})

type Tree = { readonly [key: string]: string | Tree }

/** Every leaf key (`a.b.c`) of `tree`. */
function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  )
}

describe('the cached message compiler', () => {
  it('reads every message of both catalogues as vue-i18n alone does, with and without a count', () => {
    const ours = createAppI18n('fr').global
    const plain = createI18n({ legacy: false, locale: 'fr', fallbackLocale: 'fr', messages: { fr, en } }).global
    const keys = leaves(fr)
    expect(keys.length).toBeGreaterThan(500)
    for (const locale of ['fr', 'en'] as const) {
      ours.locale.value = locale
      plain.locale.value = locale
      for (const key of keys) {
        const values = { ...Object.fromEntries(key.split('.').map((part) => [part, part])), n: 3, message: '«message»' }
        expect(ours.t(key, values), `${locale} ${key}`).toBe(plain.t(key, values))
        expect(ours.t(key, 1), `${locale} ${key} (1)`).toBe(plain.t(key, 1))
        expect(ours.t(key, { n: 0 }, 0), `${locale} ${key} (0)`).toBe(plain.t(key, { n: 0 }, 0))
      }
    }
  })

  it('compiles a message once per locale, key and source, and again once replaced', () => {
    const compiled = vi.mocked(compile)
    const i18n = createI18n({
      legacy: false,
      locale: 'fr',
      messages: { fr: { a: 'Bonjour {nom}', b: 'Bonjour {nom}' }, en: { a: 'Hello {nom}' } },
      messageCompiler: createCachedMessageCompiler(),
    }).global
    compiled.mockClear()
    for (let i = 0; i < 50; i += 1) expect(i18n.t('a', { nom: 'Lina' })).toBe('Bonjour Lina')
    expect(compiled).toHaveBeenCalledTimes(1)
    expect(i18n.t('b', { nom: 'Noé' })).toBe('Bonjour Noé')
    i18n.locale.value = 'en'
    expect(i18n.t('a', { nom: 'Lina' })).toBe('Hello Lina')
    expect(compiled).toHaveBeenCalledTimes(3)
    i18n.setLocaleMessage('en', { a: 'Hi {nom}' })
    expect(i18n.t('a', { nom: 'Lina' })).toBe('Hi Lina')
    expect(i18n.t('a', { nom: 'Lina' })).toBe('Hi Lina')
    expect(compiled).toHaveBeenCalledTimes(4)
  })

  it("uses the @intlify/core-base vue-i18n depends on: the version pinned in package.json is vue-i18n's", () => {
    const root = resolve(import.meta.dirname, '../../..')
    const read = (path: string): unknown => JSON.parse(readFileSync(resolve(root, path), 'utf8'))
    const project = read('package.json') as { devDependencies: Record<string, string> }
    const vueI18n = read('node_modules/vue-i18n/package.json') as { dependencies: Record<string, string> }
    const installed = read('node_modules/@intlify/core-base/package.json') as { version: string }
    expect(project.devDependencies['@intlify/core-base']).toBe(vueI18n.dependencies['@intlify/core-base'])
    expect(installed.version).toBe(vueI18n.dependencies['@intlify/core-base'])
  })

  it('fails on a broken message as vue-i18n does, and keeps no function for it', () => {
    const messages = { fr: { casse: 'Bonjour {nom' } }
    const plain = createI18n({ legacy: false, locale: 'fr', messages }).global
    const ours = createI18n({ legacy: false, locale: 'fr', messages, messageCompiler: createCachedMessageCompiler() }).global
    expect(() => plain.t('casse')).toThrow(SyntaxError)
    expect(() => ours.t('casse')).toThrow(SyntaxError)
    ours.setLocaleMessage('fr', { casse: 'Bonjour {nom}' })
    expect(ours.t('casse', { nom: 'Lina' })).toBe('Bonjour Lina')
  })
})
