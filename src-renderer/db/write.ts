/**
 * The one way outbox rows are written: rows and their count changes together, inside the caller's rw transaction
 * over `outbox` and `counts`, never a row a drain's claim holds; plus the clock and id source of every write
 * (injected by tests).
 */
import { CountDeltas } from './counts'
import type { EntryState } from '../../src-shared/domain/states'
import type { PaieDb, StoredEntry } from './schema'

/** Clock and id source of outbox writes. */
export interface OutboxEnv {
  /** Current instant, ISO 8601 UTC (`2026-11-22T08:30:00.000Z`). */
  now(): string
  /** New client id, UUID v4. */
  newId(): string
}

/** Real clock, `crypto.randomUUID()` (the app page is a secure context: custom `app:` scheme marked secure). */
export const defaultOutboxEnv: OutboxEnv = {
  now: () => new Date().toISOString(),
  newId: () => crypto.randomUUID(),
}

/** A row before (absent for a new row) and after a change. */
export interface RowChange {
  readonly before: StoredEntry | undefined
  readonly after: StoredEntry
}

/** Stored states a drain claims (claims.ts): a row in one of them may be held by a claim record. */
const CLAIMABLE: ReadonlySet<EntryState> = new Set<EntryState>(['queued', 'unknown'])

/** Client ids of the rows changed from a claimable state (`queued`, `unknown`). */
function claimableIds(changes: readonly RowChange[]): Set<string> {
  const ids = new Set<string>()
  for (const { before } of changes) if (before !== undefined && CLAIMABLE.has(before.state)) ids.add(before.clientId)
  return ids
}

/** Error of a write that would change an entry a claim record holds (it is being sent). */
export class HeldEntryError extends Error {
  constructor(readonly clientId: string) {
    super(`Saisie ${clientId} : elle est en cours d’envoi.`)
    this.name = 'HeldEntryError'
  }
}

/**
 * Refuses to change an entry a claim record holds (claims.ts): while main may be sending it, only the drain that
 * claimed it writes it, after releasing its hold in the same transaction. Reads `claims` only when one of the rows
 * changed is `queued` or `unknown` (the transaction must then include `claims`).
 * @throws HeldEntryError
 */
export async function assertNotHeld(db: PaieDb, changes: readonly RowChange[]): Promise<void> {
  const ids = claimableIds(changes)
  if (ids.size === 0) return
  for (const claim of await db.claims.toArray()) {
    const held = claim.entries.find((e) => ids.has(e.clientId))
    if (held !== undefined) throw new HeldEntryError(held.clientId)
  }
}

/**
 * Rows put per request batch when one transaction writes many new entries (a spreadsheet import: {@link writeEntries}'s
 * `putSlice`). `IDBObjectStore.put` clones each row and computes the keys of its indexes on the main thread, in the
 * task that issues it: the bench's import of 10 000 rows was one task of 628 ms. 100 rows a batch (~6 ms there, the
 * size of a paste's own transactions, `ENQUEUE_CHUNK`) give the page back between batches; the batches stay in the
 * one transaction. Smaller batches cost round trips: 25 rows a batch in the paste's transactions made it 20–30 %
 * slower in the bench.
 */
export const PUT_SLICE = 100

/**
 * Writes rows and their count changes; must run inside a rw transaction over `outbox` and `counts` (and `claims` when
 * a row changed is `queued` or `unknown`). With `putSlice`, the rows are put `putSlice` at a time, each batch issued
 * once the previous one is stored (one task each, the transaction the same: all the rows or none).
 * @throws HeldEntryError when a row changed is held by a claim record (nothing is written)
 */
export async function writeEntries(db: PaieDb, changes: readonly RowChange[], putSlice: number = changes.length): Promise<void> {
  if (changes.length === 0) return
  // Only when a claimable row changes (a native await with no request in it can let IndexedDB commit early).
  if (claimableIds(changes).size > 0) await assertNotHeld(db, changes)
  const deltas = new CountDeltas()
  for (const { before, after } of changes) deltas.track(before, after)
  const rows = changes.map((c) => c.after)
  const step = Math.max(1, Math.floor(putSlice))
  for (let start = 0; start < rows.length; start += step) await db.outbox.bulkPut(rows.slice(start, start + step))
  await deltas.apply(db)
}
