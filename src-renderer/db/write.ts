/**
 * The one way outbox rows are written: rows and their count changes together, inside the caller's rw transaction
 * over `outbox` and `counts`; plus the clock and id source of every write (injected by tests).
 */
import { CountDeltas } from './counts'
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

/** Writes rows and their count changes; must run inside a rw transaction over `outbox` and `counts`. */
export async function writeEntries(db: PaieDb, changes: readonly RowChange[]): Promise<void> {
  if (changes.length === 0) return
  const deltas = new CountDeltas()
  for (const { before, after } of changes) deltas.track(before, after)
  await db.outbox.bulkPut(changes.map((c) => c.after))
  await deltas.apply(db)
}
