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
 * Calls `listener` after each committed write touching the `outbox` or `claims` table of `db` (once per transaction; writes
 * of one task may be coalesced into one call by Dexie). Uses Dexie's global `storagemutated` event, the one its
 * `liveQuery` is built on; parts are named `idb://<database>/<table>/<index>`.
 * @returns a function that stops the calls
 */
export function onOutboxWrite(db: PaieDb, listener: () => void): () => void {
  // The drain's claim records too (claims.ts): a claim shows its entries `sending` without writing their rows.
  const prefixes = [`idb://${db.name}/outbox/`, `idb://${db.name}/claims/`]
  const subscriber = (parts: ObservabilitySet): void => {
    if (Object.keys(parts).some((part) => prefixes.some((prefix) => part.startsWith(prefix)))) listener()
  }
  Dexie.on.storagemutated.subscribe(subscriber)
  return () => {
    Dexie.on.storagemutated.unsubscribe(subscriber)
  }
}

/** A node of Dexie's RangeSet (a binary tree of key ranges), as relayed between windows too (plain objects). */
interface RangeNode {
  readonly from?: unknown
  readonly to?: unknown
  readonly l?: unknown
  readonly r?: unknown
}

/** Collects the single keys of a RangeSet tree into `out`; false when it holds a range (several keys unnamed). */
function singleKeys(node: unknown, out: string[]): boolean {
  if (node === null || node === undefined) return true
  if (typeof node !== 'object') return false
  const n = node as RangeNode
  if (!singleKeys(n.l, out)) return false
  if (n.from !== undefined || n.to !== undefined) {
    if (typeof n.from !== 'string' || n.from !== n.to) return false
    out.push(n.from)
  }
  return singleKeys(n.r, out)
}

/**
 * The outbox rows written in one commit, by primary key (`clientId`), from Dexie's `storagemutated` parts: the
 * primary-key part `idb://<database>/outbox/` lists each row put, added or deleted. Null when the write covered a
 * range (a `clear`, a `deleteRange`, a `Collection.modify`): then any row may have changed.
 */
export function writtenClientIds(db: PaieDb, parts: ObservabilitySet): string[] | null {
  const part = parts[`idb://${db.name}/outbox/`]
  if (part === undefined) return null
  const keys: string[] = []
  return singleKeys(part, keys) ? keys : null
}

/** Per database name, the listeners of {@link onOutboxRowsWrite} in this window. */
const rowListeners = new Map<string, number>()

/**
 * True while a view of this window follows `db`'s outbox row by row ({@link onOutboxRowsWrite}): the app's writes then
 * name their rows (write.ts `NAMED_PUT`), which Dexie makes each row pay for; with nobody to read the names, they go
 * unnamed (a paste's rows cost the same as before issue 19's named writes).
 */
export function rowNamesWanted(db: PaieDb): boolean {
  return (rowListeners.get(db.name) ?? 0) > 0
}

/**
 * Like {@link onOutboxWrite}, naming the rows written: `listener` gets their `clientId`s, or null when they cannot
 * be named (a range was written: read everything again). Lets a view update only the rows a write touched instead
 * of reading and re-rendering the whole dossier after each of a paste's chunks (issue 19, point 3). While it
 * listens, this window's writes of up to `NAMED_WRITE_MAX` rows are named ({@link rowNamesWanted}).
 * @returns a function that stops the calls
 */
export function onOutboxRowsWrite(db: PaieDb, listener: (clientIds: readonly string[] | null) => void): () => void {
  const prefix = `idb://${db.name}/outbox/`
  const subscriber = (parts: ObservabilitySet): void => {
    if (Object.keys(parts).some((part) => part.startsWith(prefix))) listener(writtenClientIds(db, parts))
  }
  Dexie.on.storagemutated.subscribe(subscriber)
  rowListeners.set(db.name, (rowListeners.get(db.name) ?? 0) + 1)
  let stopped = false
  return () => {
    if (stopped) return
    stopped = true
    Dexie.on.storagemutated.unsubscribe(subscriber)
    const left = (rowListeners.get(db.name) ?? 1) - 1
    if (left > 0) rowListeners.set(db.name, left)
    else rowListeners.delete(db.name)
  }
}
