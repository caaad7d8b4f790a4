/**
 * Queue pages and counts over the outbox, through indexes: a page of 50 among 50 000 rows reads about 50 rows
 * (more when `kind` or `matricule` filter rows out of the index range).
 */
import Dexie from 'dexie'
import type { Collection } from 'dexie'

import type { EntryKind } from '../../src-shared/domain/entry-kinds'
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

/** Rows of the filter's SIREN/state through an index sorted by `updatedAt`. */
function byUpdatedAt(db: PaieDb, filter: EntryFilter): Collection<StoredEntry, string> {
  const { siren, state } = filter
  if (siren !== undefined && state !== undefined) {
    return db.outbox.where('[siren+state+updatedAt]').between([siren, state, Dexie.minKey], [siren, state, Dexie.maxKey])
  }
  if (siren !== undefined) return db.outbox.where('[siren+updatedAt]').between([siren, Dexie.minKey], [siren, Dexie.maxKey])
  if (state !== undefined) return db.outbox.where('[state+updatedAt]').between([state, Dexie.minKey], [state, Dexie.maxKey])
  return db.outbox.orderBy('updatedAt')
}

/**
 * One page of the queue, most recently changed first (`updatedAt` descending, then client id descending).
 * @param offset rows to skip (>= 0); @param limit page size (>= 0)
 */
export async function queryEntries(db: PaieDb, filter: EntryFilter, offset: number, limit: number): Promise<StoredEntry[]> {
  let rows = byUpdatedAt(db, filter).reverse()
  if (filter.kind !== undefined || filter.matricule !== undefined) rows = rows.filter(matches(filter))
  return rows.offset(Math.max(0, offset)).limit(Math.max(0, limit)).toArray()
}

/**
 * Number of rows matching the filter. SIREN/state filters read the `counts` table (no scan); `kind` and
 * `matricule` count through `[kind+state]`, `kind`, `[siren+matricule]` or `matricule`.
 */
export async function countEntries(db: PaieDb, filter: EntryFilter): Promise<number> {
  const { state, siren, kind, matricule } = filter
  if (kind === undefined && matricule === undefined) {
    if (siren !== undefined && state !== undefined) return (await db.counts.get([siren, state]))?.n ?? 0
    const rows = siren !== undefined ? await db.counts.where('[siren+state]').between([siren, Dexie.minKey], [siren, Dexie.maxKey]).toArray() : await db.counts.toArray()
    return rows.filter((r) => state === undefined || r.state === state).reduce((n, r) => n + r.n, 0)
  }
  let rows: Collection<StoredEntry, string>
  if (matricule !== undefined && siren !== undefined) rows = db.outbox.where('[siren+matricule]').equals([siren, matricule])
  else if (kind !== undefined && state !== undefined) rows = db.outbox.where('[kind+state]').equals([kind, state])
  else if (kind !== undefined) rows = db.outbox.where('kind').equals(kind)
  else rows = db.outbox.where('matricule').equals(matricule ?? '')
  return rows.filter(matches(filter)).count()
}

/**
 * Every row matching the filter, in the order of {@link queryEntries}, read in one pass (CSV export: 50 000 rows
 * are read once instead of page by page).
 */
export async function listEntries(db: PaieDb, filter: EntryFilter): Promise<StoredEntry[]> {
  let rows = byUpdatedAt(db, filter).reverse()
  if (filter.kind !== undefined || filter.matricule !== undefined) rows = rows.filter(matches(filter))
  return rows.toArray()
}
