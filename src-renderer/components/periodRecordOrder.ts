/**
 * The order of the period's records (components/periodRecords.ts `mergePeriodRecords`): matricule (numeric), kind
 * (registry order, acomptes last), code, date, then key. Lines are sorted by ranks the collators give once per
 * distinct value, kept between merges (a paste's chunks merge the same employees and codes again). Pure; tested in
 * node through mergePeriodRecords and `withValues`.
 */
import { SERVICE_RECORD_KINDS } from '../../src-shared/domain/service-records'
import { byCodeUnit } from './periodRecordChanges'
import type { PeriodRecordLine } from './periodRecords'

const KIND_ORDER = new Map<string, number>(SERVICE_RECORD_KINDS.map((k, i) => [k, i]))

/** Collators of {@link compareLines}, built once (`localeCompare` with options builds one per call). */
const MATRICULES = new Intl.Collator('fr', { numeric: true })
const CODES = new Intl.Collator('fr')

/** Line order: matricule, kind, code, date, key. */
export function compareLines(a: PeriodRecordLine, b: PeriodRecordLine): number {
  return (
    MATRICULES.compare(a.matricule, b.matricule) ||
    (KIND_ORDER.get(a.kind) ?? 0) - (KIND_ORDER.get(b.kind) ?? 0) ||
    CODES.compare(a.code, b.code) ||
    byCodeUnit(a.at, b.at) ||
    byCodeUnit(a.key, b.key)
  )
}

/** Most distinct values a collator's kept ranks hold before they are rebuilt from the values of one sort only. */
const RANKS_KEPT_MAX = 50_000

/** The values one collator has ranked so far: distinct values in its order, and the rank of each. */
export interface KeptRanks {
  /** Every value ranked, in the collator's order (values it holds equal are next to each other). */
  readonly sorted: readonly string[]
  /** Rank of each value of `sorted`: equal for values the collator holds equal, higher for a value sorted after. */
  readonly rank: ReadonlyMap<string, number>
}

/** Per collator, the ranks of the values sorted so far (see {@link ranks}). */
const KEPT_RANKS = new WeakMap<Intl.Collator, KeptRanks>()

/**
 * Ranks of `values` in `collator`'s order: equal ranks for values the collator holds equal, a lower rank for a value
 * sorted before. Sorting lines by these ranks gives {@link compareLines}'s order with one collator comparison per
 * distinct value pair, not per line pair (a paste of 1 000 × 5 cells re-sorts 5 000 lines after each chunk: 0.5 s of
 * collator comparisons per sort). The ranks are kept per collator and reused while every value is among them (a
 * paste's chunks re-sort the same employees and codes: the dossier's 1 000 matricules were sorted again after each
 * chunk, 30 ms of collator comparisons, issue 19). Values not ranked yet are sorted among themselves and put in
 * place in the kept order by binary search ({@link withValues}), instead of sorting every kept value again: a paste's
 * chunks each bring the matricules of employees who had no line yet (the `ranks` of each merge of the period's
 * records, 6–10 ms of a 12–20 ms merge in the paste's profile, docs/performance.md). Only the order of ranks matters:
 * the map returned may rank more values than `values`, every rank below its size.
 */
function ranks(values: readonly string[], collator: Intl.Collator): ReadonlyMap<string, number> {
  const kept = KEPT_RANKS.get(collator)
  const fresh = new Set<string>()
  for (const value of values) if (kept === undefined || !kept.rank.has(value)) fresh.add(value)
  if (kept !== undefined && fresh.size === 0) return kept.rank
  // Past the cap, the kept values are dropped: the ranks start again from this call's values.
  const base = kept !== undefined && kept.sorted.length + fresh.size <= RANKS_KEPT_MAX ? kept : undefined
  const added = [...(base === undefined ? new Set(values) : fresh)].sort((a, b) => collator.compare(a, b))
  const next = withValues(base ?? { sorted: [], rank: new Map() }, added, collator)
  KEPT_RANKS.set(collator, next)
  return next.rank
}

/**
 * `kept` with `added` (sorted in `collator`'s order, none of them in `kept`) put in place: each after every kept value
 * it does not sort before (binary search, about log2(n) comparisons), then the ranks numbered again in one pass.
 * A kept value keeps its equality with the kept value before it (no added value can fall between two equal values);
 * an added value is compared with the value just before it.
 */
export function withValues(kept: KeptRanks, added: readonly string[], collator: Intl.Collator): KeptRanks {
  const { sorted } = kept
  const out: string[] = []
  const rank = new Map<string, number>()
  let current = -1
  /** True when the last value put in `out` is kept value `i - 1`. */
  let afterKept = false
  let next = 0
  const keep = (i: number): void => {
    const value = sorted[i] ?? ''
    if (!(afterKept && kept.rank.get(value) === kept.rank.get(sorted[i - 1] ?? ''))) current += 1
    out.push(value)
    rank.set(value, current)
    afterKept = true
  }
  for (const value of added) {
    let lo = next
    let hi = sorted.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (collator.compare(sorted[mid] ?? '', value) <= 0) lo = mid + 1
      else hi = mid
    }
    for (; next < lo; next += 1) keep(next)
    const previous = out[out.length - 1]
    if (previous === undefined || collator.compare(previous, value) !== 0) current += 1
    out.push(value)
    rank.set(value, current)
    afterKept = false
  }
  for (; next < sorted.length; next += 1) keep(next)
  return { sorted: out, rank }
}

/**
 * `lines` sorted in {@link compareLines}'s order, matricules and codes compared by rank. Each line's matricule, kind
 * and code ranks are folded into one number first, so that a comparison is one subtraction (then the instant and the
 * key for ties), not six map lookups: a paste's chunk re-sorts up to 5 000 lines (issue 19, point 3).
 */
export function sortLines(lines: readonly PeriodRecordLine[]): PeriodRecordLine[] {
  const matricules = ranks(
    lines.map((l) => l.matricule),
    MATRICULES,
  )
  const codes = ranks(
    lines.map((l) => l.code),
    CODES,
  )
  const codeSpan = codes.size + 1
  const kindSpan = SERVICE_RECORD_KINDS.length + 1
  const keyed = lines.map((line) => ({
    line,
    rank: ((matricules.get(line.matricule) ?? 0) * kindSpan + (KIND_ORDER.get(line.kind) ?? 0)) * codeSpan + (codes.get(line.code) ?? 0),
  }))
  keyed.sort((a, b) => a.rank - b.rank || byCodeUnit(a.line.at, b.line.at) || byCodeUnit(a.line.key, b.line.key))
  return keyed.map((k) => k.line)
}
