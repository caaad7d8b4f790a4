/**
 * Duplicates stopped at the keyboard (components/identical.ts, issue 14 point 2): what is typed is identical to a
 * service record when their fingerprints match (decimals by value, an empty contract matching any, free comments
 * left out); the save asks a second confirmation for that fingerprint only.
 */
import { describe, expect, it } from 'vitest'

import { findIdentical, needsConfirmation } from '../../../src-renderer/components/identical'
import { valid } from '../support/fixtures'
import { serviceAcompte, serviceEvp } from '../support/records'

describe('findIdentical', () => {
  it('finds the service record holding what the EVP would send: decimals by value, contract left empty, comment aside', () => {
    const record = serviceEvp({ quantite: '3.5', commentaire: 'saisi par l’employeur', date_creation: '2026-11-18T10:15:00.000Z' })
    const found = findIdentical('evp', { ...valid.evp({ quantite: '3.50' }), commentaire: 'autre' }, [{ kind: 'evp', record }])
    expect(found).toEqual({ id: record.id, date_creation: '2026-11-18T10:15:00.000Z' })
  })

  it('no match for another value, another employee, another contract, another kind, or a payload still being typed', () => {
    const records = [
      { kind: 'evp' as const, record: serviceEvp() },
      { kind: 'acompte' as const, record: serviceAcompte() },
    ]
    expect(findIdentical('evp', valid.evp({ quantite: '4' }), records)).toBeNull()
    expect(findIdentical('evp', valid.evp({ matricule: 'M002' }), records)).toBeNull()
    expect(findIdentical('evp', valid.evp({ numero_contrat: 'C2' }), records)).toBeNull()
    expect(findIdentical('prime', valid.evp(), records)).toBeNull()
    expect(findIdentical('evp', { siren: valid.evp().siren, matricule: 'M001' }, records)).toBeNull()
  })

  it('several identical records: the oldest one is named', () => {
    const older = serviceEvp({ date_creation: '2026-10-02T08:00:00.000Z' })
    const newer = serviceEvp({ date_creation: '2026-11-19T08:00:00.000Z' })
    expect(
      findIdentical('evp', valid.evp(), [
        { kind: 'evp', record: newer },
        { kind: 'evp', record: older },
      ])?.id,
    ).toBe(older.id)
  })
})

describe('needsConfirmation', () => {
  it('asks while the typed fingerprint was not confirmed; a changed element asks again', () => {
    const identical = { id: 'x', date_creation: '2026-11-18T10:15:00.000Z' }
    expect(needsConfirmation(identical, 'evp|a', null)).toBe(true)
    expect(needsConfirmation(identical, 'evp|a', 'evp|a')).toBe(false)
    expect(needsConfirmation(identical, 'evp|b', 'evp|a')).toBe(true)
    expect(needsConfirmation(null, 'evp|a', null)).toBe(false)
  })
})
