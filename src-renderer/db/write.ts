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
 * Writes rows and their count changes; must run inside a rw transaction over `outbox` and `counts` (and `claims` when
 * a row changed is `queued` or `unknown`).
 * @throws HeldEntryError when a row changed is held by a claim record (nothing is written)
 */
export async function writeEntries(db: PaieDb, changes: readonly RowChange[]): Promise<void> {
  if (changes.length === 0) return
  // Only when a claimable row changes (a native await with no request in it can let IndexedDB commit early).
  if (claimableIds(changes).size > 0) await assertNotHeld(db, changes)
  const deltas = new CountDeltas()
  for (const { before, after } of changes) deltas.track(before, after)
  await db.outbox.bulkPut(changes.map((c) => c.after))
  await deltas.apply(db)
}
