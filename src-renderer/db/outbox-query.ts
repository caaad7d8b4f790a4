/**
 * Queue pages and counts over the outbox, through indexes. Pages are read by KEYSET (schema v4): the queue order is
 * `updatedAt` descending then `clientId` descending, and each filter of SIREN/state has an index ending with
 * `[updatedAt+clientId]`, so the page after (or before) a known row is one key range read from that row on: a page
 * 400 deep costs what the first one costs. Offsets are left for jumps (a scrollbar dragged far), counted from the
 * nearest known row or end. `kind` and `matricule` filter the rows of the range in JS.
 */
import Dexie from 'dexie'
import type { Collection, IndexableType } from 'dexie'

import { ENTRY_KINDS } from '../../src-shared/domain/entry-kinds'
import type { EntryKind } from '../../src-shared/domain/entry-kinds'
import { scopeKey } from '../../src-shared/domain/fingerprint'
import type { EntryState } from '../../src-shared/domain/states'
import type { PaieDb, StoredEntry } from './schema'

/** Filter of the queue view; every given criterion must match. */
export interface EntryFilter {
  readonly state?: EntryState | undefined
  readonly siren?: string | undefined
  readonly kind?: EntryKind | undefined
  readonly matricule?: string | undefined
}

function matches(filter: EntryFilter): (e: StoredEntry) => boolean {
  return (e) =>
    (filter.state === undefined || e.state === filter.state) &&
    (filter.siren === undefined || e.siren === filter.siren) &&
    (filter.kind === undefined || e.kind === filter.kind) &&
    (filter.matricule === undefined || e.matricule === filter.matricule)
}

/** A row's place in the queue order (an entry's own `updatedAt` and `clientId`). */
export interface QueueCursor {
  readonly updatedAt: string
  readonly clientId: string
}

/** The cursor of `entry`. */
export function cursorOf(entry: Pick<StoredEntry, 'updatedAt' | 'clientId'>): QueueCursor {
  return { updatedAt: entry.updatedAt, clientId: entry.clientId }
}

/** Index of the filter's SIREN/state ending with `[updatedAt+clientId]`, and the key prefix it is restricted to. */
function keysetIndex(filter: EntryFilter): { readonly index: string; readonly prefix: readonly IndexableType[] } {
  const { siren, state } = filter
  if (siren !== undefined && state !== undefined) return { index: '[siren+state+updatedAt+clientId]', prefix: [siren, state] }
  if (siren !== undefined) return { index: '[siren+updatedAt+clientId]', prefix: [siren] }
  if (state !== undefined) return { index: '[state+updatedAt+clientId]', prefix: [state] }
  return { index: '[updatedAt+clientId]', prefix: [] }
}

/**
 * The filter's rows strictly older than `after` (all when null) or strictly newer than `before`, in index order
 * (oldest first; `.reverse()` for the queue order).
 */
function keyRange(
  db: PaieDb,
  filter: EntryFilter,
  bound: { after?: QueueCursor | null; before?: QueueCursor | null },
): Collection<StoredEntry, string> {
  const { index, prefix } = keysetIndex(filter)
  // `updatedAt` (ISO 8601) and `clientId` (UUID) are strings: '' sorts before any, U+FFFF after any.
  const lowest = [...prefix, '', '']
  const highest = [...prefix, '\uffff', '\uffff']
  const { after, before } = bound
  let rows: Collection<StoredEntry, string>
  if (after != null) rows = db.outbox.where(index).between(lowest, [...prefix, after.updatedAt, after.clientId], true, false)
  else if (before != null) rows = db.outbox.where(index).between([...prefix, before.updatedAt, before.clientId], highest, false, true)
  else rows = db.outbox.where(index).between(lowest, highest, true, true)
  return filter.kind !== undefined || filter.matricule !== undefined ? rows.filter(matches(filter)) : rows
}

/**
 * Rows of the queue that come AFTER `cursor` in the queue order (older ones), from the top when `cursor` is null.
 * @param skip matching rows to skip first (>= 0; a jump); @param limit rows wanted (>= 0)
 */
export async function queryAfter(
  db: PaieDb,
  filter: EntryFilter,
  cursor: QueueCursor | null,
  limit: number,
  skip = 0,
): Promise<StoredEntry[]> {
  return keyRange(db, filter, { after: cursor }).reverse().offset(Math.max(0, skip)).limit(Math.max(0, limit)).toArray()
}

/**
 * Rows of the queue that come BEFORE `cursor` in the queue order (newer ones; from the bottom of the queue when
 * `cursor` is null), returned in the queue order: the `limit` rows just above the cursor, `skip` rows further up.
 */
export async function queryBefore(
  db: PaieDb,
  filter: EntryFilter,
  cursor: QueueCursor | null,
  limit: number,
  skip = 0,
): Promise<StoredEntry[]> {
  const rows = await keyRange(db, filter, { before: cursor }).offset(Math.max(0, skip)).limit(Math.max(0, limit)).toArray()
  return rows.reverse()
}

/**
 * One page of the queue by offset, most recently changed first (`updatedAt` descending, then client id
 * descending). Prefer {@link queryAfter} from the previous page's last row: an offset reads every row it skips.
 * @param offset rows to skip (>= 0); @param limit page size (>= 0)
 */
export async function queryEntries(db: PaieDb, filter: EntryFilter, offset: number, limit: number): Promise<StoredEntry[]> {
  return queryAfter(db, filter, null, limit, offset)
}

/**
 * Number of rows matching the filter. SIREN/state filters read the `counts` table (no scan); `kind` and
 * `matricule` count through the employee's `scopeKey` ranges ({@link entriesOfEmployee}) or `[kind+state]`, else through
 * the keyset range of the SIREN/state.
 */
export async function countEntries(db: PaieDb, filter: EntryFilter): Promise<number> {
  const { state, siren, kind, matricule } = filter
  if (kind === undefined && matricule === undefined) {
    if (siren !== undefined && state !== undefined) return (await db.counts.get([siren, state]))?.n ?? 0
    const rows =
      siren !== undefined
        ? await db.counts.where('[siren+state]').between([siren, Dexie.minKey], [siren, Dexie.maxKey]).toArray()
        : await db.counts.toArray()
    return rows.filter((r) => state === undefined || r.state === state).reduce((n, r) => n + r.n, 0)
  }
  let rows: Collection<StoredEntry, string>
  if (matricule !== undefined && siren !== undefined)
    rows = entriesOfEmployee(db, siren, matricule, kind === undefined ? ENTRY_KINDS : [kind])
  else if (kind !== undefined && state !== undefined) rows = db.outbox.where('[kind+state]').equals([kind, state])
  else if (kind !== undefined) rows = db.outbox.where('[kind+state]').between([kind, Dexie.minKey], [kind, Dexie.maxKey])
  else rows = keyRange(db, filter, {}) // a matricule in every dossier: rare (the queue's filter carries the SIREN), read through
  return rows.filter(matches(filter)).count()
}

/**
 * Every row matching the filter, in the order of {@link queryEntries}, read in one pass (CSV export: 50 000 rows
 * are read once instead of page by page).
 */
export async function listEntries(db: PaieDb, filter: EntryFilter): Promise<StoredEntry[]> {
  return keyRange(db, filter, {}).reverse().toArray()
}

/**
 * The rows in one of `states`, through the keyset index `[state+updatedAt+clientId]` (schema v12 dropped the index
 * on `state` alone: every outbox write paid for it, and each state is a prefix of this one). Oldest change first.
 */
export function entriesInStates(db: PaieDb, states: readonly EntryState[]): Collection<StoredEntry, string> {
  return db.outbox.where('[state+updatedAt+clientId]').inAnyRange(
    states.map((state) => [
      [state, '', ''],
      [state, '\uffff', '\uffff'],
    ]),
    { includeLowers: true, includeUppers: true },
  )
}

/** The rows of one dossier, through `[siren+updatedAt+clientId]` (v12 dropped the index on `siren` alone). */
export function entriesOfDossier(db: PaieDb, siren: string): Collection<StoredEntry, string> {
  return db.outbox.where('[siren+updatedAt+clientId]').between([siren, '', ''], [siren, '\uffff', '\uffff'], true, true)
}

/**
 * The rows of one dossier and period, through `[siren+periode]` (schema v20): what an entry screen of that period
 * reads, whatever the dossier holds for its other periods. `periode` is `YYYY-MM`; an absence's is the month it
 * starts in (fingerprint.ts `scopeOf`). In no order.
 */
export function entriesOfPeriod(db: PaieDb, siren: string, periode: string): Collection<StoredEntry, string> {
  return db.outbox.where('[siren+periode]').equals([siren, periode])
}

/**
 * The rows of one employee of a dossier, of the kinds `kinds` (default: every kind), through `scopeKey`: a row's key
 * is `kind|siren|matricule|periode` (fingerprint.ts `scopeKey`), so the employee's rows of one kind are the keys
 * between `kind|siren|matricule|` and that prefix followed by U+FFFF, one range per kind. Ordered by kind, then
 * period.
 */
export function entriesOfEmployee(
  db: PaieDb,
  siren: string,
  matricule: string,
  kinds: readonly EntryKind[] = ENTRY_KINDS,
): Collection<StoredEntry, string> {
  const ranges = kinds.map((kind): [string, string] => {
    const prefix = scopeKey({ kind, siren, matricule, periode: '' })
    return [prefix, `${prefix}\uffff`]
  })
  return db.outbox.where('scopeKey').inAnyRange(ranges)
}

/**
 * The rows of one dossier changed at or after `since` (ISO instant: each write of a row sets its `updatedAt`), through
 * `[siren+updatedAt+clientId]`: what a view of the dossier reads again after a write that did not name its rows.
 */
export function entriesOfDossierSince(db: PaieDb, siren: string, since: string): Collection<StoredEntry, string> {
  return db.outbox.where('[siren+updatedAt+clientId]').between([siren, since, ''], [siren, '\uffff', '\uffff'], true, true)
}
