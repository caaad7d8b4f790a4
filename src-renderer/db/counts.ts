/**
 * Per-dossier, per-state counts of outbox rows, kept incrementally in the `counts` table by every write of the
 * outbox (same transaction), so the queue badges never scan 50 000 rows. `countsExact` recomputes them by a
 * full scan, for tests and for a repair.
 */
import type { Table } from 'dexie'

import type { EntryState } from '../../src-shared/domain/states'
import type { ClaimedEntry, CountRow, PaieDb, StoredEntry } from './schema'

/** Counts of every state (zero when none). */
export type StateCounts = Record<EntryState, number>

/** Counts of the states present, per SIREN. */
export type SirenCounts = Record<string, Partial<Record<EntryState, number>>>

/** A count of zero for every state. */
export function emptyStateCounts(): StateCounts {
  return { draft: 0, queued: 0, sending: 0, synced: 0, rejected: 0, unknown: 0, to_check: 0, cancelled: 0 } satisfies StateCounts
}

/** Changes to apply to the counts: +1/-1 per (siren, state). */
export class CountDeltas {
  private readonly deltas = new Map<string, { siren: string; state: EntryState; delta: number }>()

  /** Records that `before` (absent for a new row) became `after`. */
  track(before: Pick<StoredEntry, 'siren' | 'state'> | undefined, after: Pick<StoredEntry, 'siren' | 'state'>): void {
    if (before !== undefined) this.add(before.siren, before.state, -1)
    this.add(after.siren, after.state, 1)
  }

  private add(siren: string, state: EntryState, delta: number): void {
    const key = `${siren}|${state}`
    const current = this.deltas.get(key)
    if (current === undefined) this.deltas.set(key, { siren, state, delta })
    else current.delta += delta
  }

  /**
   * Applies the deltas to the `counts` table. Must run inside the rw transaction that wrote the rows
   * (tables `outbox` and `counts`), so counts and rows commit or roll back together (`db`: the database, or the
   * `counts` table of an upgrade transaction).
   */
  async apply(db: { readonly counts: Table<CountRow, [string, EntryState]> }): Promise<void> {
    const changes = [...this.deltas.values()].filter((d) => d.delta !== 0)
    if (changes.length === 0) return
    const rows = await db.counts.bulkGet(changes.map((d) => [d.siren, d.state]))
    await db.counts.bulkPut(changes.map((d, i) => ({ siren: d.siren, state: d.state, n: (rows[i]?.n ?? 0) + d.delta })))
    this.deltas.clear()
  }
}

/** Totals per state over every dossier, from the `counts` table. */
export async function countsByState(db: PaieDb): Promise<StateCounts> {
  const totals = emptyStateCounts()
  for (const row of await db.counts.toArray()) totals[row.state] += row.n
  return totals
}

/** Counts per SIREN and state (states with a zero count are left out), from the `counts` table. */
export async function countsBySiren(db: PaieDb): Promise<SirenCounts> {
  const bySiren: SirenCounts = {}
  for (const row of await db.counts.toArray()) {
    if (row.n === 0) continue
    const counts = (bySiren[row.siren] ??= {})
    counts[row.state] = row.n
  }
  return bySiren
}

/**
 * The counts as the clerk sees them: each entry a claim record holds (claims.ts) moved from its stored state to
 * `sending`. Pure; `holds` from `heldEntries`.
 */
export function countsShown(
  byState: StateCounts,
  bySiren: SirenCounts,
  holds: Iterable<Pick<ClaimedEntry, 'siren' | 'state'>>,
): { byState: StateCounts; bySiren: SirenCounts } {
  const state: StateCounts = { ...byState }
  const siren: SirenCounts = Object.fromEntries(Object.entries(bySiren).map(([k, v]) => [k, { ...v }]))
  for (const hold of holds) {
    if (state[hold.state] <= 0) continue
    state[hold.state] -= 1
    state.sending += 1
    const { [hold.state]: stored = 0, ...others } = siren[hold.siren] ?? {}
    siren[hold.siren] = { ...others, ...(stored > 1 ? { [hold.state]: stored - 1 } : {}), sending: (others.sending ?? 0) + 1 }
  }
  return { byState: state, bySiren: siren }
}

/** Counts per SIREN and state recomputed by scanning the whole outbox (slow: tests and repairs only). */
export async function countsExact(db: PaieDb): Promise<SirenCounts> {
  const bySiren: SirenCounts = {}
  await db.outbox.each((entry) => {
    const counts = (bySiren[entry.siren] ??= {})
    counts[entry.state] = (counts[entry.state] ?? 0) + 1
  })
  return bySiren
}
