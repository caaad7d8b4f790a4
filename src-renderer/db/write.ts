/**
 * The one way outbox rows are written: rows and their count changes together, inside the caller's rw transaction
 * over `outbox` and `counts`, never a row a drain's claim holds; plus the clock and id source of every write
 * (injected by tests).
 */
import { rowNamesWanted } from './changes'
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
 * Most rows one `bulkPut` call carries. Dexie names the rows a write touched in its `storagemutated` signal only for a
 * call of fewer than 50 rows (its observability middleware records a call of 50 or more as the whole table), and the
 * views that follow the outbox (changes.ts `onOutboxRowsWrite`) then read again every row of the dossier changed in the
 * last seconds instead of the rows written: during the bench's grid paste, the period's records read back several
 * times the rows each chunk wrote (issue 19; docs/performance.md, "The outbox's writes named"). The calls of one batch
 * are issued together, in the same task: the same requests as one call, in the same order, the same transaction.
 */
export const NAMED_PUT = 49

/**
 * Most rows of one {@link writeEntries} call put through calls of {@link NAMED_PUT}: above, its rows go in one call per
 * batch and its signal names no row. A view would read that many rows again either way, and Dexie's record of the
 * rows named costs a few tens of µs a row (the keys of each of the outbox's ten indexes, kept in trees that the
 * signal carries to the other windows): an import's 10 000 rows in one transaction stay one unnamed signal. A paste's
 * transactions (`ENQUEUE_CHUNK`, 100 rows) and a drain's batches (at most `MAX_PUSH_BATCH`, 500) are named, while a
 * view follows the rows: without one, nobody reads the names and their cost would be pure loss (docs/performance.md,
 * "The outbox's writes named").
 */
export const NAMED_WRITE_MAX = 500

/**
 * Writes rows and their count changes; must run inside a rw transaction over `outbox` and `counts` (and `claims` when
 * a row changed is `queued` or `unknown`). With `putSlice`, the rows are put `putSlice` at a time, each batch issued
 * once the previous one is stored (one task each, the transaction the same: all the rows or none). Up to
 * {@link NAMED_WRITE_MAX} rows, while a view of this window follows the rows (changes.ts `rowNamesWanted`), each batch
 * is put through calls of at most {@link NAMED_PUT} rows, so that the committed write names its rows.
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
  const perCall = rows.length <= NAMED_WRITE_MAX && rowNamesWanted(db) ? NAMED_PUT : step
  for (let start = 0; start < rows.length; start += step) {
    const end = Math.min(rows.length, start + step)
    const calls: Promise<unknown>[] = []
    for (let from = start; from < end; from += perCall) calls.push(db.outbox.bulkPut(rows.slice(from, Math.min(from + perCall, end))))
    await Promise.all(calls)
  }
  await deltas.apply(db)
}
