/**
 * The new-contract form's field list (contratFields.ts): every field but the week once, each label and hint a key of
 * both catalogues (the keys are data there, out of the reach of the catalogue test's `t('…')` scan).
 */
import { describe, expect, it } from 'vitest'

import { emptyContratForm } from '../../../src-shared/domain/contrat-form'
import { CONTRAT_FIELDS } from '../../../src-renderer/features/people/contratFields'
import { createAppI18n } from '../../../src-renderer/i18n'

describe('CONTRAT_FIELDS', () => {
  it('lists every text field of the form once, the week apart', () => {
    const names = CONTRAT_FIELDS.map((f) => f.name)
    expect(new Set(names).size).toBe(names.length)
    expect([...names].sort()).toEqual(
      Object.keys(emptyContratForm(''))
        .filter((k) => k !== 'semaine')
        .sort(),
    )
  })

  it('names labels and hints present in the French and English catalogues', () => {
    const { global } = createAppI18n()
    const keys = CONTRAT_FIELDS.flatMap((f) => (f.hint === undefined ? [f.label] : [f.label, f.hint]))
    const missing = keys.flatMap((k) => (['fr', 'en'] as const).filter((l) => !global.te(k, l)).map((l) => `${l}:${k}`))
    expect(missing).toEqual([])
    expect(keys.length).toBeGreaterThan(CONTRAT_FIELDS.length)
  })
})
