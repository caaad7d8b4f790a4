/**
 * Billing figures (features/billing/billing.ts): the cabinet's month is the sum of its dossiers' rows, a dossier
 * filter keeps only its rows, a month without rows reads zero, breakdowns add up by code over the months, the twelve
 * months before a period, and the exported table.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  BILLING_COUNTERS,
  billingTable,
  breakdownOver,
  monthlyTotals,
  monthsBefore,
  trendOf,
  type FacturationRow,
} from '../../../src-renderer/services/billing-figures'

const A = '732829320'
const B = '552100554'

function row(siren: string, periode: string, over: Partial<FacturationRow> = {}): FacturationRow {
  return {
    siren,
    periode,
    salaries_uniques: 10,
    entrees: 1,
    sorties: 0,
    arrets_maladie: 2,
    bulletins: 11,
    arrets_par_motif: { '01': 2 },
    nombre_contrats: 11,
    contrats_par_type: { '01': 9, '02': 2 },
    fins_contrat_par_motif: {},
    taxe_salaires: 0,
    epargne_salariale: 0,
    activite_partielle: 0,
    complement_oeth: false,
    ...over,
  }
}

describe('monthlyTotals', () => {
  it('sums the dossiers of each month, counts OETH dossiers and merges breakdowns by code', () => {
    const rows = [
      row(A, '2026-04', { complement_oeth: true, arrets_par_motif: { '01': 1, '06': 1 } }),
      row(B, '2026-04', { salaries_uniques: 5, complement_oeth: true, fins_contrat_par_motif: { '031': 1 } }),
      row(A, '2026-05', { epargne_salariale: 10 }),
    ]
    const [avril, mai, juin] = monthlyTotals(rows, ['2026-04', '2026-05', '2026-06'])
    expect(avril?.dossiers).toBe(2)
    expect(avril?.counters.salaries_uniques).toBe(15)
    expect(avril?.counters.complement_oeth).toBe(2)
    expect(avril?.breakdowns.arrets_par_motif).toEqual({ '01': 3, '06': 1 })
    expect(avril?.breakdowns.contrats_par_type).toEqual({ '01': 18, '02': 4 })
    expect(avril?.breakdowns.fins_contrat_par_motif).toEqual({ '031': 1 })
    expect(mai?.counters.epargne_salariale).toBe(10)
    expect(mai?.dossiers).toBe(1)
    expect(juin?.dossiers).toBe(0)
    expect(Object.values(juin?.counters ?? {}).every((n) => n === 0)).toBe(true)
  })

  it('keeps only the dossiers asked for', () => {
    const rows = [row(A, '2026-04'), row(B, '2026-04', { salaries_uniques: 5 })]
    expect(monthlyTotals(rows, ['2026-04'], [B])[0]?.counters.salaries_uniques).toBe(5)
  })

  it('gives the cabinet the sum of every dossier taken alone, counter by counter (property)', () => {
    const count = fc.nat({ max: 500 })
    const arb = fc.array(
      fc.record({
        siren: fc.constantFrom(A, B),
        periode: fc.constantFrom('2026-01', '2026-02', '2026-03'),
        salaries_uniques: count,
        entrees: count,
        sorties: count,
        arrets_maladie: count,
        bulletins: count,
        nombre_contrats: count,
        taxe_salaires: count,
        epargne_salariale: count,
        activite_partielle: count,
        complement_oeth: fc.boolean(),
      }),
      { maxLength: 12 },
    )
    fc.assert(
      fc.property(arb, (partial) => {
        const rows = partial.map((p) => row(p.siren, p.periode, p))
        const periodes = ['2026-01', '2026-02', '2026-03']
        const all = monthlyTotals(rows, periodes)
        const a = monthlyTotals(rows, periodes, [A])
        const b = monthlyTotals(rows, periodes, [B])
        all.forEach((m, i) => {
          for (const c of BILLING_COUNTERS) expect(m.counters[c]).toBe((a[i]?.counters[c] ?? 0) + (b[i]?.counters[c] ?? 0))
        })
      }),
    )
  })
})

describe('trendOf and breakdownOver', () => {
  const months = monthlyTotals(
    [
      row(A, '2026-01', { arrets_par_motif: { '01': 1, '04': 0 } }),
      row(A, '2026-02', { salaries_uniques: 12, arrets_par_motif: { '06': 3, '01': 1 } }),
    ],
    ['2026-01', '2026-02'],
  )

  it('gives a counter month by month', () => {
    expect(trendOf(months, 'salaries_uniques')).toEqual([10, 12])
  })

  it('sums a breakdown over the months, largest first, without empty codes', () => {
    expect(breakdownOver(months, 'arrets_par_motif')).toEqual([
      { code: '06', n: 3 },
      { code: '01', n: 2 },
    ])
    expect(breakdownOver(months, 'fins_contrat_par_motif')).toEqual([])
  })
})

describe('monthsBefore', () => {
  it('lists the twelve months before a period, oldest first, across a year', () => {
    const months = monthsBefore('2026-03')
    expect(months).toHaveLength(12)
    expect(months[0]).toBe('2025-03')
    expect(months[11]).toBe('2026-02')
  })
})

describe('billingTable', () => {
  it('has the period, every counter, then one column per code met, with numbers as numbers', () => {
    const months = monthlyTotals([row(A, '2026-01', { fins_contrat_par_motif: { '059': 1 } })], ['2026-01', '2026-02'])
    const table = billingTable(months, {
      periode: 'Mois',
      counter: (c) => c,
      slice: (b, code) => `${b}:${code}`,
    })
    expect(table.fields.slice(0, 1 + BILLING_COUNTERS.length)).toEqual(['Mois', ...BILLING_COUNTERS])
    expect(table.fields.slice(1 + BILLING_COUNTERS.length)).toEqual([
      'arrets_par_motif:01',
      'contrats_par_type:01',
      'contrats_par_type:02',
      'fins_contrat_par_motif:059',
    ])
    expect(table.rows[0]).toEqual(['2026-01', 10, 1, 0, 2, 11, 11, 0, 0, 0, 0, 2, 9, 2, 1])
    expect(table.rows[1]?.slice(1).every((n) => n === 0)).toBe(true)
  })
})
