import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Absence, Evp, FraisProfessionnel, PrimeIndemnite } from '../../../src-shared/api/entries'
import { z } from 'zod'
import { ENTRY_KINDS, ENTRY_KIND_SPECS } from '../../../src-shared/domain/entry-kinds'
import {
  FINGERPRINT_EXCLUSIONS,
  FINGERPRINT_FIELDS,
  NATURAL_KEY_FIELDS,
  fingerprintOf,
  fingerprintsMatch,
  normalizeDecimal,
  recordFingerprintOf,
  sameNaturalKey,
  scopeKey,
  scopeOf,
} from '../../../src-shared/domain/fingerprint'

const SERVER = {
  id: '6f1c2d1e-8b7a-4c3d-9e2f-1a2b3c4d5e6f',
  date_creation: '2026-11-22T08:30:00.000Z',
  date_modification: '2026-11-22T08:30:00.000Z',
}
const evpCreate = {
  siren: '732829320',
  matricule: 'M001',
  periode: '2026-11',
  code_evp: 'HS25',
  quantite: '3.50',
  commentaire: 'semaine 45',
}
const evpRecord = Evp.parse({
  ...evpCreate,
  ...SERVER,
  numero_contrat: 'C1',
  quantite: '3.5',
  taux: null,
  montant: null,
  valeur_texte: null,
  commentaire: null,
})
const absenceCreate = {
  siren: '732829320',
  matricule: 'M001',
  code_absence: 'CP',
  date_debut: '2026-10-29',
  date_fin: '2026-11-03',
  demi_journee_debut: false,
  demi_journee_fin: true,
}

describe('fingerprintOf', () => {
  it('matches a create payload with the server record returned for it ("3.50" vs "3.5", comment differs, contract filled in)', () => {
    expect(fingerprintsMatch(fingerprintOf('evp', evpCreate), recordFingerprintOf('evp', evpRecord))).toBe(true)
    const absenceRecord = Absence.parse({ ...absenceCreate, ...SERVER, numero_contrat: 'C1', commentaire: 'autre commentaire' })
    expect(fingerprintsMatch(fingerprintOf('absence', absenceCreate), recordFingerprintOf('absence', absenceRecord))).toBe(true)
    const prime = { siren: '732829320', matricule: 'M001', periode: '2026-11', code_prime: 'PREXC', montant: '250.00' }
    const primeRecord = PrimeIndemnite.parse({
      ...prime,
      ...SERVER,
      montant: '250',
      numero_contrat: 'C1',
      prime_nette: false,
      libelle_bulletin: 'Prime',
    })
    expect(fingerprintsMatch(fingerprintOf('prime', prime), recordFingerprintOf('prime', primeRecord))).toBe(true)
    const frais = {
      siren: '732829320',
      matricule: 'M001',
      periode: '2026-11',
      date: '2026-11-05',
      type_frais: 'indemnites_kilometriques',
      montant: '120.30',
      kilometres: '200.0',
    }
    expect(
      fingerprintsMatch(
        fingerprintOf('frais', frais),
        recordFingerprintOf('frais', FraisProfessionnel.parse({ ...frais, ...SERVER, kilometres: '200', commentaire: null })),
      ),
    ).toBe(true)
  })

  it.each([
    ['quantity', { quantite: '3.51' }],
    ['amount', { montant: '3.50' }],
    ['period', { periode: '2026-12' }],
    ['code', { code_evp: 'HS50' }],
    ['employee', { matricule: 'M002' }],
    ['contract', { numero_contrat: 'C2' }],
  ])('differs when the %s differs', (_what, change) => {
    expect(fingerprintOf('evp', { ...evpCreate, ...change })).not.toBe(fingerprintOf('evp', evpCreate))
  })

  it('tells apart two entries differing only by their contract, or only by prime_nette (EO-5)', () => {
    const c1 = fingerprintOf('evp', { ...evpCreate, numero_contrat: 'C1' })
    const c2 = fingerprintOf('evp', { ...evpCreate, numero_contrat: 'C2' })
    expect(fingerprintsMatch(c1, recordFingerprintOf('evp', { ...evpRecord, numero_contrat: 'C2' }))).toBe(false)
    expect(fingerprintsMatch(c2, recordFingerprintOf('evp', { ...evpRecord, numero_contrat: 'C2' }))).toBe(true)
    const prime = { siren: '732829320', matricule: 'M001', periode: '2026-11', code_prime: 'PREXC', montant: '250' }
    const net = fingerprintOf('prime', { ...prime, prime_nette: true })
    const gross = fingerprintOf('prime', prime)
    expect(net).not.toBe(gross)
    expect(fingerprintsMatch(gross, recordFingerprintOf('prime', { ...prime, numero_contrat: 'C1', prime_nette: false }))).toBe(true)
    expect(fingerprintsMatch(net, recordFingerprintOf('prime', { ...prime, numero_contrat: 'C1', prime_nette: false }))).toBe(false)
  })

  it('differs when an absence’s dates or half days differ', () => {
    expect(fingerprintOf('absence', { ...absenceCreate, date_fin: '2026-11-04' })).not.toBe(fingerprintOf('absence', absenceCreate))
    expect(fingerprintOf('absence', { ...absenceCreate, demi_journee_fin: false })).not.toBe(fingerprintOf('absence', absenceCreate))
  })

  it('keeps leading zeros of codes and matricules: "010" and "10" are two codes', () => {
    expect(fingerprintOf('evp', { ...evpCreate, code_evp: '010' })).not.toBe(fingerprintOf('evp', { ...evpCreate, code_evp: '10' }))
    expect(fingerprintOf('evp', { ...evpCreate, matricule: '007' })).not.toBe(fingerprintOf('evp', { ...evpCreate, matricule: '7' }))
  })

  it('cannot be forged by a text holding the separator or the wildcard', () => {
    const forged = fingerprintOf('evp', { ...evpCreate, valeur_texte: 'a|b' })
    expect(forged.split('|')).toHaveLength(fingerprintOf('evp', evpCreate).split('|').length)
    expect(fingerprintsMatch(fingerprintOf('evp', { ...evpCreate, numero_contrat: '*' }), recordFingerprintOf('evp', evpRecord))).toBe(
      false,
    )
  })

  it('is stable under decimal reformatting: leading and trailing zeros (property)', () => {
    const decimal = fc.tuple(fc.stringMatching(/^[1-9]\d{0,6}$/), fc.stringMatching(/^\d{0,2}$/))
    const pad = fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 }))
    fc.assert(
      fc.property(decimal, pad, ([int, frac], [lead, trail]) => {
        const plain = frac === '' ? int : `${int}.${frac}`
        const reformatted = `${'0'.repeat(lead)}${int}.${frac}${'0'.repeat(trail + (frac === '' ? 1 : 0))}`
        return (
          fingerprintOf('prime', { ...evpCreate, code_prime: 'P', montant: plain }) ===
          fingerprintOf('prime', { ...evpCreate, code_prime: 'P', montant: reformatted })
        )
      }),
    )
  })
})

describe('fingerprint fields come from the create schemas', () => {
  it.each(ENTRY_KINDS)('%s: every create-schema field is in the fingerprint or excluded with a reason, and nothing else', (kind) => {
    const schema = ENTRY_KIND_SPECS[kind].createSchema
    expect(schema).toBeInstanceOf(z.ZodObject)
    const fields = Object.keys((schema as unknown as z.ZodObject).shape).sort()
    expect(fields.length).toBeGreaterThan(4)
    const excluded = FINGERPRINT_EXCLUSIONS[kind]
    for (const reason of Object.values(excluded)) expect(reason.length).toBeGreaterThan(20)
    const covered = [...FINGERPRINT_FIELDS[kind], ...Object.keys(excluded)].sort()
    expect(covered).toEqual(fields)
    expect(FINGERPRINT_FIELDS[kind].filter((f) => f in excluded)).toEqual([])
  })

  it('keeps the natural key inside the fingerprint', () => {
    for (const kind of ENTRY_KINDS) for (const f of NATURAL_KEY_FIELDS[kind]) expect(FINGERPRINT_FIELDS[kind]).toContain(f)
  })

  it('matches a record of the same natural key with other values only as the same element, not as identical', () => {
    const changed = { ...evpRecord, quantite: '4' }
    expect(sameNaturalKey('evp', evpCreate, changed)).toBe(true)
    expect(fingerprintsMatch(fingerprintOf('evp', evpCreate), recordFingerprintOf('evp', changed))).toBe(false)
    expect(sameNaturalKey('evp', evpCreate, { ...evpRecord, code_evp: 'HS50' })).toBe(false)
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
