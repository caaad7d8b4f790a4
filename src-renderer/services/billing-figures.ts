/**
 * Billing counters in figures (issue 18, point 3): the service answers one row per dossier and month
 * (`/api/facturations`, cabinet level since V1.5.0, per dossier where it breaks them down); the cabinet's month is
 * the sum of its dossiers' rows (docs/api-assumptions.md #56). Pure functions: totals per month, a counter's trend,
 * a breakdown by reason or type over the months shown, the table exported to CSV or a spreadsheet.
 */
import type { Facturation } from '../../src-shared/api/cabinet'
import { addMonths, periodsFrom } from '../components/format'

/** A billing row as the service answers it (one dossier, one month). */
export type FacturationRow = Facturation

/**
 * The counters of a month, in the order the reference lists them (V1.2.0 then V1.9.0). Every one is a count;
 * `complement_oeth` (a yes/no per dossier) is counted as the number of dossiers that owe the OETH complement.
 */
export const BILLING_COUNTERS = [
  'salaries_uniques',
  'entrees',
  'sorties',
  'arrets_maladie',
  'bulletins',
  'nombre_contrats',
  'taxe_salaires',
  'epargne_salariale',
  'activite_partielle',
  'complement_oeth',
] as const
export type BillingCounter = (typeof BILLING_COUNTERS)[number]

/**
 * The breakdowns of a month: stoppages by reason (DSN S21.G00.60.001), contracts by nature (S21.G00.40.007),
 * contract ends by reason (S21.G00.62.002); keys are the DSN codes as the service sends them.
 */
export const BILLING_BREAKDOWNS = ['arrets_par_motif', 'contrats_par_type', 'fins_contrat_par_motif'] as const
export type BillingBreakdown = (typeof BILLING_BREAKDOWNS)[number]

/** The cabinet's figures of one month: the sum of the rows of the dossiers kept. */
export interface MonthTotals {
  /** `YYYY-MM`. */
  readonly periode: string
  /** Number of dossier rows the service answered for this month (0: no figures for this month). */
  readonly dossiers: number
  readonly counters: Readonly<Record<BillingCounter, number>>
  readonly breakdowns: Readonly<Record<BillingBreakdown, Readonly<Record<string, number>>>>
}

function zeroCounters(): Record<BillingCounter, number> {
  return Object.fromEntries(BILLING_COUNTERS.map((c) => [c, 0])) as Record<BillingCounter, number>
}

function addInto(target: Record<string, number>, source: Readonly<Record<string, number>>): void {
  for (const [code, n] of Object.entries(source)) target[code] = (target[code] ?? 0) + n
}

/**
 * The figures of each month of `periodes` (same order), summed over the rows of the dossiers in `sirens` (empty: every
 * dossier). A month without rows has zeros and `dossiers: 0`. Rows of other months are ignored; a dossier answered
 * twice for a month (it cannot be, per the service's key) would count twice.
 */
export function monthlyTotals(rows: readonly FacturationRow[], periodes: readonly string[], sirens: readonly string[] = []): MonthTotals[] {
  const keep = new Set(sirens)
  return periodes.map((periode) => {
    const counters = zeroCounters()
    const breakdowns: Record<BillingBreakdown, Record<string, number>> = {
      arrets_par_motif: {},
      contrats_par_type: {},
      fins_contrat_par_motif: {},
    }
    let dossiers = 0
    for (const row of rows) {
      if (row.periode !== periode || (keep.size > 0 && !keep.has(row.siren))) continue
      dossiers += 1
      for (const c of BILLING_COUNTERS) {
        const value = row[c]
        counters[c] += typeof value === 'boolean' ? (value ? 1 : 0) : value
      }
      for (const b of BILLING_BREAKDOWNS) addInto(breakdowns[b], row[b])
    }
    return { periode, dossiers, counters, breakdowns }
  })
}

/** One counter month by month (same order as `months`): the series of the trend chart. */
export function trendOf(months: readonly MonthTotals[], counter: BillingCounter): number[] {
  return months.map((m) => m.counters[counter])
}

/** One code of a breakdown and its count. */
export interface BreakdownSlice {
  readonly code: string
  readonly n: number
}

/**
 * A breakdown summed over `months`: one slice per code with a count above zero, largest first (then by code), for
 * the breakdown chart.
 */
export function breakdownOver(months: readonly MonthTotals[], breakdown: BillingBreakdown): BreakdownSlice[] {
  const sum: Record<string, number> = {}
  for (const m of months) addInto(sum, m.breakdowns[breakdown])
  return Object.entries(sum)
    .filter(([, n]) => n > 0)
    .map(([code, n]) => ({ code, n }))
    .sort((a, b) => b.n - a.n || a.code.localeCompare(b.code))
}

/** The `count` months before `periode` (`YYYY-MM`), oldest first: the 12 closed months before the current one. */
export function monthsBefore(periode: string, count = 12): string[] {
  return periodsFrom(addMonths(periode, -count), count)
}

/** The words of the exported table, in the interface's language. */
export interface BillingTableWords {
  /** Title of the period column. */
  readonly periode: string
  /** Title of a counter's column. */
  counter(c: BillingCounter): string
  /** Title of a breakdown's column for one code (e.g. « Arrêts : maladie (01) »). */
  slice(b: BillingBreakdown, code: string): string
}

/**
 * The table of `months` as rows of cells: the period, every counter, then one column per code met in a breakdown over
 * these months (codes sorted). Numbers stay numbers (a spreadsheet sums them).
 */
export function billingTable(months: readonly MonthTotals[], words: BillingTableWords): { fields: string[]; rows: (string | number)[][] } {
  const codes = BILLING_BREAKDOWNS.map((b) => ({
    b,
    codes: [...new Set(months.flatMap((m) => Object.keys(m.breakdowns[b])))].sort(),
  }))
  const fields = [
    words.periode,
    ...BILLING_COUNTERS.map((c) => words.counter(c)),
    ...codes.flatMap(({ b, codes: list }) => list.map((code) => words.slice(b, code))),
  ]
  const rows = months.map((m) => [
    m.periode,
    ...BILLING_COUNTERS.map((c) => m.counters[c]),
    ...codes.flatMap(({ b, codes: list }) => list.map((code) => m.breakdowns[b][code] ?? 0)),
  ])
  return { fields, rows }
}
