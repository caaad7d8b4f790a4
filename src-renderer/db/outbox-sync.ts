/**
 * The sync half of the outbox, used only by the sync coordinator while it holds the sync lock:
 * claim a batch (ONE claim record, durable: the entries count as `sending`), store the outcomes main reports (state
 * + audit, one transaction, each row written once); settling a batch main never answered for and recovering batches
 * a crash left claimed are in claims.ts.
 *
 * Exactly once (ARCHITECTURE.md): an entry is held by a claim before main sees it; any doubt afterwards makes it
 * `unknown`, and an `unknown` entry is only sent again with `reconcile: true` (main looks for it first).
 */
import Dexie from 'dexie'

import type { Categorie } from '../../src-shared/api/categories'
import { ENTRY_KIND_SPECS } from '../../src-shared/domain/entry-kinds'
import { bodyOf } from '../../src-shared/domain/entry'
import { scopeOf } from '../../src-shared/domain/fingerprint'
import { isReadable } from '../../src-shared/domain/outbox'
import type { AuditRecord } from '../../src-shared/domain/outbox'
import { assertTransition } from '../../src-shared/domain/states'
import type { EntryState } from '../../src-shared/domain/states'
import { MAX_PUSH_BATCH } from '../../src-shared/domain/sync-protocol'
import { widenSendWindow } from '../../src-shared/domain/sync-protocol'
import type { SyncError, SyncItem, SyncOutcome } from '../../src-shared/domain/sync-protocol'
import type { PaieDb, ReadableEntry, StoredEntry } from './schema'
import { attemptKey, auditOfEntries, batchRowsOf } from './audit'
import { heldEntries, recordClaim, releaseClaims, stillClaimed } from './claims'
import { defaultOutboxEnv, writeEntries } from './write'
import type { OutboxEnv, RowChange } from './write'

export { recoverInterrupted, settleClaimed } from './claims'
export type { Settlement } from './claims'

const ENTRY_CATEGORIES: readonly Categorie[] = [...new Set(Object.values(ENTRY_KIND_SPECS).map((s) => s.category))]

/**
 * Server ids held by synced entries, per scope key, for the given scopes (one index query for them all): a
 * reconciliation must not match them again.
 */
async function claimedServerIds(db: PaieDb, keys: readonly string[]): Promise<Map<string, string[]>> {
  const byScope = new Map<string, Set<string>>()
  if (keys.length === 0) return new Map()
  await db.outbox
    .where('scopeKey')
    .anyOf([...keys])
    .filter((e) => e.state === 'synced' && e.serverId !== null)
    .each((e) => {
      let ids = byScope.get(e.scopeKey)
      if (ids === undefined) byScope.set(e.scopeKey, (ids = new Set()))
      if (e.serverId !== null) ids.add(e.serverId)
    })
  return new Map([...byScope].map(([key, ids]) => [key, [...ids]]))
}

/** Most `unknown` entries read to group them by scope (they are crash leftovers: few in practice). */
const UNKNOWN_SCAN_LIMIT = 10_000

function byAge(a: StoredEntry, b: StoredEntry): number {
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.clientId < b.clientId ? -1 : 1
}

/**
 * `unknown` entries to claim, whole scopes at a time (oldest scope first) up to `max`: every entry of a scope is
 * then reconciled by ONE list of that scope, instead of one list per push the scope is split over. A scope with
 * more than `max` unknown entries is split (its first `max`).
 */
function wholeScopes(unknown: readonly StoredEntry[], max: number): StoredEntry[] {
  const groups = new Map<string, StoredEntry[]>()
  for (const entry of [...unknown].sort(byAge)) {
    const group = groups.get(entry.scopeKey)
    if (group === undefined) groups.set(entry.scopeKey, [entry])
    else group.push(entry)
  }
  const picked: StoredEntry[] = []
  for (const group of groups.values()) {
    if (picked.length + group.length > max) {
      if (picked.length === 0) picked.push(...group.slice(0, max))
      continue
    }
    picked.push(...group)
  }
  return picked
}

/**
 * What the claim read of some scopes: their claimable queued rows (oldest first, none a claim holds) and the server ids
 * synced in them.
 */
interface ScopeRows {
  /** Entries held by the claims of batches still in flight (pipelining): not claimable. */
  readonly held: ReadonlySet<string>
  readonly queued: Map<string, StoredEntry[]>
  readonly serverIds: Map<string, Set<string>>
}

/**
 * Reads every row of the given scopes in ONE index query: the queued ones of the allowed categories (to claim) and
 * the server ids of the synced ones (a reconciliation or pre-send check must not match them again).
 */
async function readScopes(db: PaieDb, keys: readonly string[], categories: readonly Categorie[], into: ScopeRows): Promise<void> {
  if (keys.length === 0) return
  await db.outbox
    .where('scopeKey')
    .anyOf([...keys])
    .each((e) => {
      if (e.state === 'queued' && categories.includes(e.category) && !into.held.has(e.clientId)) {
        const list = into.queued.get(e.scopeKey)
        if (list === undefined) into.queued.set(e.scopeKey, [e])
        else list.push(e)
      } else if (e.state === 'synced' && e.serverId !== null) {
        let ids = into.serverIds.get(e.scopeKey)
        if (ids === undefined) into.serverIds.set(e.scopeKey, (ids = new Set()))
        ids.add(e.serverId)
      }
    })
  for (const list of into.queued.values()) list.sort(byAge)
}

/** Oldest queued rows read at a time (per category) to find the next scopes to claim. */
const OLDEST_PAGE = 50

/**
 * Queued entries to claim, whole scopes at a time: for each of the oldest queued entries in turn, every queued entry
 * of its scope (employee, period, kind), oldest first, until `room` is filled. Main lists the scopes of a push before
 * any write (pre-send check): a batch that spans few employees makes few, short lists, where the oldest 200 entries of
 * a grid pasted employee by employee span 200 employees and every push would re-read all their records (the bench's
 * drain ran 2.5 times slower that way).
 *
 * Reads (IndexedDB reads are what a drain spends most on, in the browser's process): the oldest queued rows a page of
 * {@link OLDEST_PAGE} per category at a time (pages after the first are oldest first per category only), then the rows
 * of their scopes, a few scopes per index query, sized from the rows per scope seen so far; the same read gives the
 * scopes' synced server ids (`into.serverIds`), so they are not read again.
 */
async function wholeQueuedScopes(db: PaieDb, room: number, categories: readonly Categorie[], into: ScopeRows): Promise<StoredEntry[]> {
  const picked: StoredEntry[] = []
  const seen = new Set<string>()
  let rowsRead = 0
  for (let page = 0; picked.length < room; page += 1) {
    const oldest: StoredEntry[] = []
    for (const category of categories) {
      // Keys first (no row read): the oldest rows of a category are often those a batch in flight holds.
      const ids = await db.outbox
        .where('[state+category+createdAt]')
        .between(['queued', category, Dexie.minKey], ['queued', category, Dexie.maxKey])
        .limit(into.held.size + (page + 1) * OLDEST_PAGE)
        .primaryKeys()
      const free = ids.filter((id) => !into.held.has(id)).slice(page * OLDEST_PAGE, (page + 1) * OLDEST_PAGE)
      if (free.length > 0) for (const row of await db.outbox.bulkGet(free)) if (row !== undefined) oldest.push(row)
    }
    if (oldest.length === 0) break
    const order = [...new Set(oldest.sort(byAge).map((e) => e.scopeKey))].filter((key) => !seen.has(key))
    for (let i = 0; i < order.length && picked.length < room;) {
      // As many scopes as should fill the room at the rows per scope seen so far (at least 1, at most 16).
      const perScope = seen.size === 0 ? 40 : Math.max(1, rowsRead / seen.size)
      const n = Math.min(16, Math.max(1, Math.ceil((room - picked.length) / perScope)))
      const keys = order.slice(i, i + n)
      i += keys.length
      await readScopes(db, keys, categories, into)
      for (const key of keys) {
        seen.add(key)
        const rows = into.queued.get(key) ?? []
        rowsRead += rows.length
        if (picked.length < room) picked.push(...rows.slice(0, room - picked.length))
      }
    }
    // Every category gave less than a page: no older row is left to read.
    if (oldest.length < OLDEST_PAGE) break
  }
  return picked
}

function toItem(entry: ReadableEntry, serverIds: readonly string[]): SyncItem {
  const excluded = [...serverIds.filter((id) => id !== entry.targetServerId), ...(entry.dismissedServerIds ?? [])]
  return {
    ...bodyOf(entry),
    clientId: entry.clientId,
    revision: entry.revision,
    fingerprint: entry.fingerprint,
    scope: { ...entry.scope },
    reconcile: entry.state === 'unknown',
    // The record an update or delete targets is synced in the same scope, but it is the one it must find.
    claimedServerIds: [...new Set(excluded)].slice(0, 10_000),
    sendWindow: entry.sendWindow ?? null,
    ...(entry.interrupted === true ? { interrupted: true } : {}),
    readVersion: readVersionOf(entry),
  }
}

/**
 * The record an update or delete changes, as the clerk read it (its `targetRecord`: `date_modification` and the scope
 * it was listed in), for main's pre-read (docs/api-assumptions.md #47); null when unknown (a record synced from this
 * workstation: its change is sent as it is).
 */
export function readVersionOf(entry: ReadableEntry): SyncItem['readVersion'] {
  const record = entry.targetRecord
  const at = record?.['date_modification']
  if (entry.operation === 'create' || record == null || typeof at !== 'string' || at === '') return null
  try {
    return { dateModification: at, scope: scopeOf(entry.kind, record) }
  } catch {
    return null
  }
}

/**
 * Claims up to `limit` entries in state `queued` or `unknown`, leaving out the paused categories and the entries other
 * claims hold, and records them in ONE claim record in the same transaction (durable before main is called; the rows
 * themselves are not written: claims.ts). `unknown` entries whose write may still be in
 * flight (`settleUntil` after now) wait; settled ones come first, whole scopes at a time (so that each scope is listed
 * once for all its entries), then `queued` ones, oldest (`createdAt`) first. Creates carry `claimedServerIds`: the
 * server ids of synced entries of their scopes (read in one index query) and those the clerk dismissed.
 * @param limit batch size, at most MAX_PUSH_BATCH (500)
 * @param pausedCategories API categories paused for a missing right (HTTP 403)
 * @returns the claimed entries as SyncItems (`reconcile` = the entry was `unknown`); [] when nothing is claimable
 */
export async function claimBatch(
  db: PaieDb,
  limit: number,
  pausedCategories: readonly Categorie[],
  env: OutboxEnv = defaultOutboxEnv,
): Promise<SyncItem[]> {
  const max = Math.max(0, Math.min(limit, MAX_PUSH_BATCH))
  const categories = ENTRY_CATEGORIES.filter((c) => !pausedCategories.includes(c))
  return db.transaction('rw', db.outbox, db.counts, db.claims, async () => {
    const held = new Set((await heldEntries(db)).keys())
    const range = (state: EntryState, category: Categorie) =>
      db.outbox.where('[state+category+createdAt]').between([state, category, Dexie.minKey], [state, category, Dexie.maxKey])
    const unknown: StoredEntry[] = []
    const nowIso = env.now()
    for (const category of categories) unknown.push(...(await range('unknown', category).limit(UNKNOWN_SCAN_LIMIT).toArray()))
    const picked = wholeScopes(
      unknown.filter((e) => !held.has(e.clientId) && (e.settleUntil == null || e.settleUntil <= nowIso)),
      max,
    )
    const room = max - picked.length
    const scopes: ScopeRows = { held, queued: new Map(), serverIds: new Map() }
    if (room > 0) picked.push(...(await wholeQueuedScopes(db, room, categories, scopes)))
    // Typed rows only (an unreadable one is never queued: the v6 upgrade rejects it, a revision parses it again).
    const claimed = picked.filter(isReadable)
    const creates = claimed.filter((e) => e.operation === 'create')
    // Scopes of reconciling creates were not read with the queued ones: their synced ids are read now.
    const unread = [...new Set(creates.map((e) => e.scopeKey))].filter((key) => !scopes.serverIds.has(key) && !scopes.queued.has(key))
    const idsByScope = new Map([...scopes.serverIds].map(([key, ids]) => [key, [...ids]]))
    for (const [key, ids] of await claimedServerIds(db, unread)) idsByScope.set(key, ids)
    const items = claimed.map((entry) => toItem(entry, entry.operation === 'create' ? (idsByScope.get(entry.scopeKey) ?? []) : []))
    if (claimed.length > 0) await recordClaim(db, claimed, env)
    return items
  })
}

const NEXT_STATE = {
  synced: 'synced',
  rejected: 'rejected',
  unknown: 'unknown',
  requeue: 'queued',
  to_check: 'to_check',
} as const satisfies Record<SyncOutcome['result'], EntryState>

const GENERIC_REJECTION: SyncError = { code: 'REFUSE', message: 'Refusé par le service de paie.', status: null, champs: [] }

/** Number of entries per resulting state after {@link applyOutcomes}. */
export type OutcomeSummary = Record<SyncOutcome['result'], number>

/**
 * Stores main's answer for a claimed batch, in ONE transaction over outbox, audit, counts and claims (the batch's
 * holds released, each row written once): each entry moves from `sending` (held by the claim) to `synced` (with its server id), `rejected` (with the error shown on its fields), `unknown`
 * or `queued` (`requeue`), with `attempts + 1`; each HTTP attempt becomes an audit record per entry carrying the
 * result, the batch's records stored as one row (audit.ts `batchRowsOf`).
 * A claimed entry without an outcome becomes `unknown` (main may have sent it).
 * @throws Error (and nothing is written) when a claimed entry is no longer held at the claimed revision and state:
 *   the claim stays and the next start-up makes its entries `unknown`, which is the safe side.
 */
export async function applyOutcomes(
  db: PaieDb,
  claimed: readonly Pick<SyncItem, 'clientId' | 'revision'>[],
  outcomes: readonly SyncOutcome[],
  env: OutboxEnv = defaultOutboxEnv,
): Promise<OutcomeSummary> {
  const byId = new Map(outcomes.map((o) => [o.clientId, o]))
  return db.transaction('rw', db.outbox, db.audit, db.counts, db.claims, async () => {
    const released = await releaseClaims(
      db,
      claimed.map((c) => c.clientId),
    )
    const rows = await db.outbox.bulkGet(claimed.map((c) => c.clientId))
    const now = env.now()
    const summary: OutcomeSummary = { synced: 0, rejected: 0, unknown: 0, requeue: 0, to_check: 0 }
    const changes: RowChange[] = []
    const audit: AuditRecord[] = []
    // Attempts already held for entries whose previous push was interrupted (main may send some of them again).
    const interruptedIds = rows.filter((r) => r?.interrupted === true).map((r) => r?.clientId ?? '')
    const held = new Set((await auditOfEntries(db, interruptedIds)).map((a) => `${a.clientId}|${attemptKey(a)}`))
    claimed.forEach((item, i) => {
      const row = rows[i]
      if (!stillClaimed(row, released.get(item.clientId)) || row.revision !== item.revision) {
        throw new Error(`Saisie ${item.clientId} : elle n’est plus en cours d’envoi (révision ${item.revision}).`)
      }
      const outcome = byId.get(item.clientId)
      const result = outcome !== undefined && outcome.revision === row.revision ? outcome.result : 'unknown'
      const state = NEXT_STATE[result]
      assertTransition('sending', state)
      summary[result] += 1
      changes.push({
        before: row,
        after: {
          ...row,
          state,
          serverId: result === 'synced' ? (outcome?.serverId ?? row.targetServerId) : row.serverId,
          error:
            result === 'rejected'
              ? (outcome?.error ?? GENERIC_REJECTION)
              : result === 'to_check'
                ? (outcome?.error ?? row.error)
                : result === 'synced'
                  ? null
                  : row.error,
          attempts: row.attempts + 1,
          updatedAt: now,
          interrupted: false,
          sendWindow: widenSendWindow(row.sendWindow, outcome?.sendWindow),
          settleUntil: result === 'unknown' ? (outcome?.settleUntil ?? null) : null,
          candidates: result === 'to_check' ? (outcome?.candidates ?? []) : null,
          verifyAfter: result === 'synced' ? (outcome?.verifyAfter ?? null) : null,
        },
      })
      for (const a of outcome?.attempts ?? []) {
        if (held.has(`${row.clientId}|${attemptKey(a)}`)) continue
        audit.push({ clientId: row.clientId, revision: row.revision, siren: row.siren, kind: row.kind, ...a, result })
      }
    })
    await writeEntries(db, changes)
    // The batch's records as one row, whatever the number of entries (schema v21).
    await db.audit.bulkAdd(batchRowsOf(audit))
    return summary
  })
}
