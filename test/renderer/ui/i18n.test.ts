import { describe, expect, it } from 'vitest'

import { createAppI18n } from '../../../src-renderer/i18n'
import { en } from '../../../src-renderer/i18n/en'
import { fr } from '../../../src-renderer/i18n/fr'

function leaves(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value as object, `${prefix}${key}.`),
  )
}

describe('messages', () => {
  it('English has exactly the French keys', () => {
    expect(leaves(en).sort()).toEqual(leaves(fr).sort())
  })

  it('every message compiles and renders in both locales (no stray @, |, { })', () => {
    for (const locale of ['fr', 'en'] as const) {
      const i18n = createAppI18n(locale)
      i18n.global.missingWarn = false
      i18n.global.fallbackWarn = false
      for (const key of leaves(fr)) {
        const text = i18n.global.t(key, { n: 2, count: 2 }, 2)
        expect(text, `${locale}:${key}`).not.toBe(key)
        expect(text, `${locale}:${key}`).not.toContain("{'")
      }
      expect(i18n.global.t('saisie.cellErreur.formule')).toContain('@.')
    }
  })

  it('plural forms pick by count', () => {
    const { t } = createAppI18n('fr').global
    expect(t('sync.refuses', 0)).toBe('aucun refusé')
    expect(t('sync.refuses', 1)).toBe('1 refusé')
    expect(t('sync.refuses', 3)).toBe('3 refusés')
  })
})
