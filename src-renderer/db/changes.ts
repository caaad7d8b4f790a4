/**
 * "Some outbox row changed": one signal after every committed write to the outbox of a database, whether this
 * window wrote it (the forms, the grid, the sync coordinator) or another window of the app did (Dexie relays
 * committed writes between windows through a BroadcastChannel).
 *
 * Views that show rows follow this signal, not the per-state counts: a row can change without any count moving
 * (a "doublon probable" flag set by a verification, a new refusal message, a revision of a queued entry), and
 * the counts table is a different table, so a view refreshed on count changes misses those rows.
 */
import Dexie from 'dexie'
import type { ObservabilitySet } from 'dexie'

import type { PaieDb } from './schema'

/**
 * Calls `listener` after each committed write touching the `outbox` table of `db` (once per transaction; writes
 * of one task may be coalesced into one call by Dexie). Uses Dexie's global `storagemutated` event, the one its
 * `liveQuery` is built on; parts are named `idb://<database>/<table>/<index>`.
 * @returns a function that stops the calls
 */
export function onOutboxWrite(db: PaieDb, listener: () => void): () => void {
  const prefix = `idb://${db.name}/outbox/`
  const subscriber = (parts: ObservabilitySet): void => {
    if (Object.keys(parts).some((part) => part.startsWith(prefix))) listener()
  }
  Dexie.on.storagemutated.subscribe(subscriber)
  return () => {
    Dexie.on.storagemutated.unsubscribe(subscriber)
  }
}
