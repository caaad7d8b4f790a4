/**
 * The two catalogues (src-renderer/i18n/{fr,en}) hold the same keys, both ways, with the same parameters; and every
 * key the renderer's sources name in `t('…')`, `$t('…')` or `te('…')` exists in both (a template key such as
 * t(`etats.${state}`) must name an existing group). Fails on one key missing anywhere.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { en } from '../../../src-renderer/i18n/en'
import { fr } from '../../../src-renderer/i18n/fr'

type Tree = { readonly [key: string]: string | Tree }

const ROOT = resolve(import.meta.dirname, '../../..')
const SOURCES = resolve(ROOT, 'src-renderer')

/** Every leaf key (`a.b.c`) of `tree`. */
function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  )
}

/** Every group key (`a`, `a.b`) of `tree`. */
function groups(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [] : [`${prefix}${key}`, ...groups(value, `${prefix}${key}.`)],
  )
}

/** The value at `path`, or undefined. */
function at(tree: Tree, path: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return node
}

/** Named parameters of a message (`{n}`, `{message}`), sorted; literals `{'@'}` are not parameters. */
function params(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((m) => m[1] ?? ''))].sort()
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'i18n' ? [] : sourceFiles(path)
    return /\.(ts|vue)$/.test(entry.name) ? [path] : []
  })
}

/** Key literals in the renderer's sources: `t('a.b')` (exact) and t(`a.${x}`) (the static group before `${`). */
function keysUsed(): { exact: Map<string, string>; prefixes: Map<string, string> } {
  const exact = new Map<string, string>()
  const prefixes = new Map<string, string>()
  for (const file of sourceFiles(SOURCES)) {
    const text = readFileSync(file, 'utf8')
    const where = relative(ROOT, file)
    for (const m of text.matchAll(/(?<![\w.])(?:\$t|t|te)\(\s*(['"])([^'"]+)\1/g)) exact.set(m[2] ?? '', where)
    for (const m of text.matchAll(/(?<![\w.])(?:\$t|t|te)\(\s*`([^`$]*)\$\{/g)) prefixes.set((m[1] ?? '').replace(/\.$/, ''), where)
  }
  return { exact, prefixes }
}

const catalogues: Record<'fr' | 'en', Tree> = { fr, en }

describe('the catalogues', () => {
  it('have the same keys in both languages, each way', () => {
    const frKeys = new Set(leaves(fr))
    const enKeys = new Set(leaves(en))
    expect(
      [...frKeys].filter((k) => !enKeys.has(k)),
      'French keys missing in English',
    ).toEqual([])
    expect(
      [...enKeys].filter((k) => !frKeys.has(k)),
      'English keys missing in French',
    ).toEqual([])
    expect(frKeys.size).toBeGreaterThan(300)
  })

  it('say every message with the same parameters, and none is empty', () => {
    for (const key of leaves(fr)) {
      const frText = at(fr, key)
      const enText = at(en, key)
      expect(typeof frText, key).toBe('string')
      expect(typeof enText, key).toBe('string')
      if (typeof frText !== 'string' || typeof enText !== 'string') continue
      expect(frText.trim(), `fr:${key}`).not.toBe('')
      expect(enText.trim(), `en:${key}`).not.toBe('')
      expect(params(enText), `parameters of ${key}`).toEqual(params(frText))
    }
  })

  it('hold every key the sources name, in both languages', () => {
    const { exact, prefixes } = keysUsed()
    expect(exact.size).toBeGreaterThan(300)
    expect(prefixes.size).toBeGreaterThan(10)
    for (const [locale, tree] of Object.entries(catalogues)) {
      const missing = [...exact].filter(([key]) => typeof at(tree, key) !== 'string').map(([key, file]) => `${key} (${file})`)
      expect(missing, `keys missing in ${locale}`).toEqual([])
      const groupKeys = new Set(groups(tree))
      const missingGroups = [...prefixes].filter(([prefix]) => !groupKeys.has(prefix)).map(([prefix, file]) => `${prefix}.* (${file})`)
      expect(missingGroups, `groups missing in ${locale}`).toEqual([])
    }
  })
})
