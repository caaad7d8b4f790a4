/**
 * « Reprendre le mois précédent » (src-shared/domain/carry-over.ts, issue 14 point 6): the previous period's EVP are
 * proposed for salariés still present, codes still offered, contracts still running and cells not yet held (by the
 * service or by this workstation); and, as properties, a proposal never names a held cell, an absent salarié, or the
 * same cell twice.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import type { Evp } from '../../../src-shared/api/entries'
import { carryOver, previousPeriod, type CarryCode, type CarryLocalEntry, type CarrySalarie } from '../../../src-shared/domain/carry-over'
import { sameNaturalKey } from '../../../src-shared/domain/fingerprint'
import { presentOver } from '../../../src-shared/domain/presence'

const SIREN = '732829320'
const visibilite = { gp: true, employeur: true }
const CODES: CarryCode[] = [
  { code: 'HS25', visibilite },
  { code: 'PRIME', visibilite },
  { code: 'CACHE', visibilite, masque: true },
  { code: 'OBJEMP', visibilite: { gp: false, employeur: true } },
]

function salarie(matricule: string, over: Partial<CarrySalarie> = {}): CarrySalarie {
  return {
    matricule,
    date_entree: '2020-01-01',
    date_sortie: null,
    contrats: [{ numero_contrat: 'C1', date_debut: '2020-01-01', date_fin: null }],
    ...over,
  }
}

let n = 0
function record(over: Partial<Evp> = {}): Evp {
  n += 1
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    siren: SIREN,
    matricule: 'M001',
    numero_contrat: 'C1',
    periode: '2026-10',
    code_evp: 'HS25',
    quantite: '3.50',
    taux: null,
    montant: null,
    valeur_texte: null,
    commentaire: 'octobre',
    date_creation: '2026-10-20T10:00:00.000Z',
    date_modification: '2026-10-20T10:00:00.000Z',
    cree_par: null,
    ...over,
  }
}

function run(previousRecords: Evp[], over: Partial<Parameters<typeof carryOver>[0]> = {}) {
  return carryOver({
    periode: '2026-11',
    previousRecords,
    localEntries: [],
    currentRecords: [],
    salaries: [salarie('M001'), salarie('M002')],
    codes: CODES,
    ...over,
  })
}

describe('carryOver', () => {
  it('proposes every EVP of the previous period for the current one, values kept, comment and contract of a one-contract salarié left out', () => {
    const proposals = run([record(), record({ matricule: 'M002', code_evp: 'PRIME', quantite: null, montant: '120.00' })])
    expect(proposals.map((p) => p.payload)).toEqual([
      {
        siren: SIREN,
        matricule: 'M001',
        periode: '2026-11',
        code_evp: 'HS25',
        quantite: '3.50',
        taux: null,
        montant: null,
        valeur_texte: null,
      },
      {
        siren: SIREN,
        matricule: 'M002',
        periode: '2026-11',
        code_evp: 'PRIME',
        quantite: null,
        taux: null,
        montant: '120.00',
        valeur_texte: null,
      },
    ])
    expect(proposals.map((p) => p.key)).toEqual(['M001|HS25', 'M002|PRIME'])
  })

  it('leaves out a salarié who left before the period, and keeps one leaving on its first day', () => {
    const salaries = [salarie('M001', { date_sortie: '2026-10-31' }), salarie('M002', { date_sortie: '2026-11-01' })]
    expect(run([record(), record({ matricule: 'M002' })], { salaries }).map((p) => p.payload.matricule)).toEqual(['M002'])
  })

  it('leaves out a salarié unknown to the cache or whose exit precedes his entry', () => {
    const salaries = [salarie('M001', { date_entree: '2026-10-10', date_sortie: '2026-10-01' })]
    expect(run([record(), record({ matricule: 'M009' })], { salaries })).toEqual([])
  })

  it('leaves out codes no longer offered (hidden, employer only, gone)', () => {
    expect(run([record({ code_evp: 'CACHE' }), record({ code_evp: 'OBJEMP' }), record({ code_evp: 'ANCIEN' })])).toEqual([])
  })

  it('keeps the contract while it runs (named when several run), drops an EVP whose contract ended', () => {
    const contrats = [
      { numero_contrat: 'C1', date_debut: '2020-01-01', date_fin: null },
      { numero_contrat: 'C2', date_debut: '2026-01-01', date_fin: null },
      { numero_contrat: 'C3', date_debut: '2026-01-01', date_fin: '2026-10-31' },
    ]
    const proposals = run([record({ numero_contrat: 'C2' }), record({ numero_contrat: 'C3' })], {
      salaries: [salarie('M001', { contrats })],
    })
    expect(proposals.map((p) => [p.key, p.payload.numero_contrat])).toEqual([['M001|C2|HS25', 'C2']])
  })

  it('skips a cell the service already holds this period, or a live local entry holds; a cancelled entry holds nothing', () => {
    const previous = [record(), record({ code_evp: 'PRIME', montant: '10.00', quantite: null }), record({ matricule: 'M002' })]
    const currentRecords = [record({ periode: '2026-11', quantite: '8' })]
    const localEntries: CarryLocalEntry[] = [
      { kind: 'evp', state: 'draft', payload: { siren: SIREN, matricule: 'M001', periode: '2026-11', code_evp: 'PRIME', montant: '5' } },
      {
        kind: 'evp',
        state: 'cancelled',
        payload: { siren: SIREN, matricule: 'M002', periode: '2026-11', code_evp: 'HS25', quantite: '1' },
      },
    ]
    expect(run(previous, { currentRecords, localEntries }).map((p) => p.key)).toEqual(['M002|HS25'])
  })

  it('ignores records of another period and proposes a cell once', () => {
    expect(run([record({ periode: '2026-09' }), record(), record({ quantite: '9' })]).map((p) => p.payload.quantite)).toEqual(['3.50'])
  })

  it('previousPeriod crosses the year', () => {
    expect(previousPeriod('2026-01')).toBe('2025-12')
  })
})

const matricules = fc.constantFrom('M001', 'M002', 'M003')
const codes = fc.constantFrom('HS25', 'PRIME', 'CACHE', 'OBJEMP')
const contracts = fc.constantFrom('C1', 'C2')
const arbSalarie = fc.record({
  matricule: matricules,
  date_entree: fc.constantFrom('2020-01-01', '2026-11-30', '2026-12-01'),
  date_sortie: fc.constantFrom(null, '2026-10-31', '2026-11-01', '2027-01-01'),
  contrats: fc.subarray([
    { numero_contrat: 'C1', date_debut: '2020-01-01', date_fin: null },
    { numero_contrat: 'C2', date_debut: '2026-11-15', date_fin: '2026-11-20' },
  ]),
})
const arbRecord = (periode: fc.Arbitrary<string>) =>
  fc
    .record({ matricule: matricules, code_evp: codes, numero_contrat: contracts, periode, quantite: fc.constantFrom('1', '2.5') })
    .map((o) => record(o))
const arbLocal: fc.Arbitrary<CarryLocalEntry> = fc.record({
  kind: fc.constant('evp' as const),
  state: fc.constantFrom('draft', 'queued', 'synced', 'rejected', 'cancelled'),
  payload: fc.record(
    {
      siren: fc.constant(SIREN),
      matricule: matricules,
      periode: fc.constant('2026-11'),
      code_evp: codes,
      numero_contrat: contracts,
      quantite: fc.constant('1'),
    },
    { requiredKeys: ['siren', 'matricule', 'periode', 'code_evp', 'quantite'] },
  ),
})

describe('carryOver properties', () => {
  it('never proposes a held cell, an absent salarié, a code not offered, nor the same cell twice', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbSalarie, { selector: (s) => s.matricule }),
        fc.array(arbRecord(fc.constantFrom('2026-10', '2026-09')), { maxLength: 12 }),
        fc.array(arbRecord(fc.constant('2026-11')), { maxLength: 6 }),
        fc.array(arbLocal, { maxLength: 6 }),
        (salaries, previousRecords, currentRecords, localEntries) => {
          const proposals = carryOver({ periode: '2026-11', previousRecords, currentRecords, localEntries, salaries, codes: CODES })
          const held = [
            ...currentRecords,
            ...localEntries.filter((e) => e.state !== 'cancelled').flatMap((e) => (e.payload === null ? [] : [e.payload])),
          ]
          for (const p of proposals) {
            const s = salaries.find((x) => x.matricule === p.payload.matricule)
            expect(s !== undefined && presentOver(s, { du: '2026-11-01', au: '2026-11-30' })).toBe(true)
            expect(['HS25', 'PRIME']).toContain(p.payload.code_evp)
            for (const h of held) expect(sameNaturalKey('evp', p.payload, h) || sameNaturalKey('evp', h, p.payload)).toBe(false)
          }
          expect(new Set(proposals.map((p) => p.key)).size).toBe(proposals.length)
          for (const [i, a] of proposals.entries())
            for (const b of proposals.slice(i + 1))
              expect(sameNaturalKey('evp', a.payload, b.payload) || sameNaturalKey('evp', b.payload, a.payload)).toBe(false)
        },
      ),
    )
  })
})
