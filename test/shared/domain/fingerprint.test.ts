import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Absence, Evp, FraisProfessionnel, PrimeIndemnite } from '../../../src-shared/api/entries'
import { NATURAL_KEY_FIELDS, fingerprintOf, normalizeDecimal, scopeKey, scopeOf } from '../../../src-shared/domain/fingerprint'

const SERVER = { id: '6f1c2d1e-8b7a-4c3d-9e2f-1a2b3c4d5e6f', date_creation: '2026-11-22T08:30:00.000Z', date_modification: '2026-11-22T08:30:00.000Z' }
const evpCreate = { siren: '732829320', matricule: 'M001', periode: '2026-11', code_evp: 'HS25', quantite: '3.50', commentaire: 'semaine 45' }
const evpRecord = Evp.parse({ ...evpCreate, ...SERVER, numero_contrat: 'C1', quantite: '3.5', taux: null, montant: null, valeur_texte: null, commentaire: null })
const absenceCreate = { siren: '732829320', matricule: 'M001', code_absence: 'CP', date_debut: '2026-10-29', date_fin: '2026-11-03', demi_journee_debut: false, demi_journee_fin: true }

describe('fingerprintOf', () => {
  it('matches a create payload with the server record returned for it ("3.50" vs "3.5", comment and contract differ)', () => {
    expect(fingerprintOf('evp', evpCreate)).toBe(fingerprintOf('evp', evpRecord))
    const absenceRecord = Absence.parse({ ...absenceCreate, ...SERVER, numero_contrat: 'C1', commentaire: 'autre commentaire' })
    expect(fingerprintOf('absence', absenceCreate)).toBe(fingerprintOf('absence', absenceRecord))
    const prime = { siren: '732829320', matricule: 'M001', periode: '2026-11', code_prime: 'PREXC', montant: '250.00' }
    expect(fingerprintOf('prime', prime)).toBe(fingerprintOf('prime', PrimeIndemnite.parse({ ...prime, ...SERVER, montant: '250', numero_contrat: 'C1', prime_nette: false, libelle_bulletin: null })))
    const frais = { siren: '732829320', matricule: 'M001', periode: '2026-11', date: '2026-11-05', type_frais: 'indemnites_kilometriques', montant: '120.30', kilometres: '200.0' }
    expect(fingerprintOf('frais', frais)).toBe(fingerprintOf('frais', FraisProfessionnel.parse({ ...frais, ...SERVER, kilometres: '200', commentaire: null })))
  })

  it.each([
    ['quantity', { quantite: '3.51' }],
    ['amount', { montant: '3.50' }],
    ['period', { periode: '2026-12' }],
    ['code', { code_evp: 'HS50' }],
    ['employee', { matricule: 'M002' }],
  ])('differs when the %s differs', (_what, change) => {
    expect(fingerprintOf('evp', { ...evpCreate, ...change })).not.toBe(fingerprintOf('evp', evpCreate))
  })

  it('differs when an absence’s dates or half days differ', () => {
    expect(fingerprintOf('absence', { ...absenceCreate, date_fin: '2026-11-04' })).not.toBe(fingerprintOf('absence', absenceCreate))
    expect(fingerprintOf('absence', { ...absenceCreate, demi_journee_fin: false })).not.toBe(fingerprintOf('absence', absenceCreate))
  })

  it('keeps leading zeros of codes and matricules: "010" and "10" are two codes', () => {
    expect(fingerprintOf('evp', { ...evpCreate, code_evp: '010' })).not.toBe(fingerprintOf('evp', { ...evpCreate, code_evp: '10' }))
    expect(fingerprintOf('evp', { ...evpCreate, matricule: '007' })).not.toBe(fingerprintOf('evp', { ...evpCreate, matricule: '7' }))
  })

  it('does not differ between a kind’s create and record shapes beyond the natural key', () => {
    for (const fields of Object.values(NATURAL_KEY_FIELDS)) {
      expect(fields).not.toContain('commentaire')
      expect(fields).not.toContain('numero_contrat')
      expect(fields).not.toContain('id')
    }
  })

  it('is stable under decimal reformatting: leading and trailing zeros (property)', () => {
    const decimal = fc.tuple(fc.stringMatching(/^[1-9]\d{0,6}$/), fc.stringMatching(/^\d{0,2}$/))
    const pad = fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 }))
    fc.assert(fc.property(decimal, pad, ([int, frac], [lead, trail]) => {
      const plain = frac === '' ? int : `${int}.${frac}`
      const reformatted = `${'0'.repeat(lead)}${int}.${frac}${'0'.repeat(trail + (frac === '' ? 1 : 0))}`
      return fingerprintOf('prime', { ...evpCreate, code_prime: 'P', montant: plain }) === fingerprintOf('prime', { ...evpCreate, code_prime: 'P', montant: reformatted })
    }))
  })
})

describe('normalizeDecimal', () => {
  it.each([
    ['3.50', '3.5'],
    ['3.500', '3.5'],
    ['003.500', '3.5'],
    ['3', '3'],
    ['3.0', '3'],
    ['0.0', '0'],
    ['-0.0', '0'],
    ['-0.50', '-0.5'],
    ['100', '100'],
    ['1000.00', '1000'],
    ['abc', 'abc'],
    ['3,5', '3,5'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeDecimal(input)).toBe(expected)
  })
})

describe('scopeOf', () => {
  it('uses the period for period kinds and the start month for an absence', () => {
    expect(scopeOf('evp', evpCreate)).toEqual({ kind: 'evp', siren: '732829320', matricule: 'M001', periode: '2026-11' })
    expect(scopeOf('absence', absenceCreate).periode).toBe('2026-10')
    expect(scopeKey(scopeOf('absence', absenceCreate))).toBe('absence|732829320|M001|2026-10')
  })

  it('gives the same scope for a payload and its server record', () => {
    expect(scopeOf('evp', evpCreate)).toEqual(scopeOf('evp', evpRecord))
  })

  it('throws a French error when siren, matricule or period is missing', () => {
    expect(() => scopeOf('absence', { siren: '732829320', matricule: 'M001' })).toThrow(/Portée incomplète/)
    expect(() => scopeOf('evp', { siren: '732829320', periode: '2026-11' })).toThrow(/Portée incomplète/)
  })
})
