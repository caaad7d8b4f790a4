/**
 * Entries the sync could not settle alone (ARCHITECTURE.md "Exactly once"):
 * - `to_check` ("à vérifier"): the service holds a record this entry may or may not be. The clerk decides: "c'est le
 *   même" (link to one candidate → `synced`), "envoyer quand même" (→ `queued`; the candidates seen are never
 *   linked to it), or "annuler ma saisie" (→ `cancelled`). Each decision is an audit record (who, when, which ids).
 *   An update or delete whose record changed since the clerk read it (MODIFIE_DEPUIS_LECTURE, #47) has two:
 *   « Appliquer ma modification » (`send_anyway`: queued again, rebased on the service's version now) and « Garder la
 *   version du service » (`cancel`).
 * - "doublon probable": a synced entry sent again after a lost answer, whose scope later showed a second record of
 *   it. The clerk removes the extra one in one click: a DELETE entry queued like any other (exactly-once rules).
 * - the instants the coordinator must wake at: the end of a settle time, a verification due.
 */
import Dexie from 'dexie'

import type { AuditRecord } from '../../src-shared/domain/outbox'
import { assertTransition } from '../../src-shared/domain/states'
import { MAX_VERIFY_BATCH } from '../../src-shared/domain/sync-protocol'
import type { CandidateRecord, VerifyItem, VerifyResultItem } from '../../src-shared/domain/sync-protocol'
import { fingerprintOf } from '../../src-shared/domain/fingerprint'
import { isReadable } from '../../src-shared/domain/outbox'
import { batchRowsOf } from './audit'
import { enqueue, OutboxError, type EntryResult } from './outbox'
import type { PaieDb, StoredEntry } from './schema'
import { entriesInStates } from './outbox-query'
import { defaultOutboxEnv, writeEntries } from './write'
import type { OutboxEnv } from './write'

/** What the clerk decided for an entry `to_check`. */
export type ToCheckDecision =
  { readonly type: 'link'; readonly serverId: string } | { readonly type: 'send_anyway' } | { readonly type: 'cancel' }

const DECISION_OPERATION = { link: 'decision:lier', send_anyway: 'decision:envoyer', cancel: 'decision:annuler' } as const
const DECISION_RESULT = { link: 'linked', send_anyway: 'send_anyway', cancel: 'cancelled' } as const
/** Audit operations of the decisions on an update or delete changed since read: apply mine, keep the service's. */
const CHANGE_DECISION_OPERATION = { link: 'decision:lier', send_anyway: 'decision:appliquer', cancel: 'decision:garder' } as const

/** An audit record of a clerk's decision (method `DECISION`, no HTTP status; `errorBody` says who and which ids). */
function decisionRecord(
  entry: StoredEntry,
  operation: string,
  result: AuditRecord['result'],
  serverId: string | null,
  who: string,
  at: string,
  details: Record<string, unknown>,
): AuditRecord {
  return {
    clientId: entry.clientId,
    revision: entry.revision,
    siren: entry.siren,
    kind: entry.kind,
    at,
    operation,
    method: 'DECISION',
    status: null,
    serverId,
    errorCode: null,
    errorBody: { utilisateur: who, ...details },
    payloadHash: null,
    durationMs: 0,
    result,
  }
}

/**
 * The read version of an update or delete moved to the service's version now (`record`): its `targetRecord` and the
 * fingerprint of the record as the change leaves it. Nothing when there is no such record.
 */
function rebasedOn(
  entry: StoredEntry,
  record: CandidateRecord | undefined,
): { readonly targetRecord?: Readonly<Record<string, unknown>>; readonly fingerprint?: string } {
  if (record === undefined || !isReadable(entry)) return {}
  const fields = { ...record.fields }
  return { targetRecord: fields, fingerprint: fingerprintOf(entry.kind, { ...fields, ...(entry.payload ?? {}) }) }
}

/**
 * Applies the clerk's decision on an entry `to_check`, with its audit record, in one transaction.
 * @param who the person deciding, as the app knows them (signed-in user or profile name), for the audit
 * @returns the entry after the decision
 * @throws OutboxError `INTROUVABLE`; `ETAT_INCOMPATIBLE` when the entry is not `to_check` (another window decided)
 *   or the record to link is not one of its candidates.
 */
export async function decideToCheck(
  db: PaieDb,
  clientId: string,
  decision: ToCheckDecision,
  who: string,
  env: OutboxEnv = defaultOutboxEnv,
): Promise<StoredEntry> {
  return db.transaction('rw', db.outbox, db.audit, db.counts, async () => {
    const entry = await db.outbox.get(clientId)
    if (entry === undefined) throw new OutboxError('INTROUVABLE', 'INTROUVABLE')
    if (entry.state !== 'to_check') throw new OutboxError('ETAT_INCOMPATIBLE', 'DECISION_PRISE')
    const candidates = entry.candidates ?? []
    const ids = candidates.map((c) => c.id)
    const now = env.now()
    let next: StoredEntry
    if (decision.type === 'link') {
      // « C'est le même » makes no sense for a change of a record (#47): there is nothing to link.
      if (entry.operation !== 'create') throw new OutboxError('ETAT_INCOMPATIBLE', 'PAS_UN_CANDIDAT')
      if (!ids.includes(decision.serverId)) throw new OutboxError('ETAT_INCOMPATIBLE', 'PAS_UN_CANDIDAT')
      assertTransition('to_check', 'synced')
      next = { ...entry, state: 'synced', serverId: decision.serverId, error: null, candidates: null, updatedAt: now }
    } else if (decision.type === 'send_anyway' && entry.operation !== 'create') {
      assertTransition('to_check', 'queued')
      // « Appliquer ma modification » (#47): the change is rebased on the service's version now, so that the next
      // pre-read passes unless the record changes once more.
      next = { ...entry, state: 'queued', error: null, candidates: null, ...rebasedOn(entry, candidates[0]), updatedAt: now }
    } else if (decision.type === 'send_anyway') {
      assertTransition('to_check', 'queued')
      // Sent as new: the records seen are not this entry's; a NEW candidate would make it `to_check` again.
      next = {
        ...entry,
        state: 'queued',
        error: null,
        candidates: null,
        dismissedServerIds: [...new Set([...(entry.dismissedServerIds ?? []), ...ids])],
        updatedAt: now,
      }
    } else {
      assertTransition('to_check', 'cancelled')
      next = { ...entry, state: 'cancelled', candidates: null, updatedAt: now }
    }
    const serverId = decision.type === 'link' ? decision.serverId : null
    const operations = entry.operation === 'create' ? DECISION_OPERATION : CHANGE_DECISION_OPERATION
    await writeEntries(db, [{ before: entry, after: next }])
    await db.audit.add(
      decisionRecord(entry, operations[decision.type], DECISION_RESULT[decision.type], serverId, who, now, {
        candidats: ids,
        motif: entry.error?.code ?? null,
      }),
    )
    return next
  })
}

/**
 * Queues the DELETE of the extra record of a "doublon probable" (like every delete: checked, then sent once), and
 * writes the decision to the audit.
 * @returns the delete entry's result (`ok: false` with French issues when the delete cannot be queued)
 * @throws OutboxError `INTROUVABLE` when the entry or the duplicate is unknown
 */
export async function deleteDuplicate(
  db: PaieDb,
  clientId: string,
  duplicateId: string,
  who: string,
  env: OutboxEnv = defaultOutboxEnv,
): Promise<EntryResult> {
  const entry = await db.outbox.get(clientId)
  const duplicate = entry?.duplicates?.find((d) => d.id === duplicateId)
  if (entry === undefined || duplicate === undefined) throw new OutboxError('INTROUVABLE', 'INTROUVABLE', { motif: 'DOUBLON' })
  const result = await enqueue(
    db,
    { kind: entry.kind, operation: 'delete', payload: null, targetServerId: duplicateId, targetRecord: duplicate.fields },
    env,
  )
  if (!result.ok) return result
  await db.transaction('rw', db.outbox, db.audit, db.counts, async () => {
    const current = await db.outbox.get(clientId)
    if (current === undefined) return
    const rest = (current.duplicates ?? []).filter((d) => d.id !== duplicateId)
    await writeEntries(db, [{ before: current, after: { ...current, duplicates: rest.length === 0 ? null : rest, updatedAt: env.now() } }])
    await db.audit.add(
      decisionRecord(current, 'decision:supprimer_doublon', 'send_anyway', duplicateId, who, env.now(), {
        suppression: result.entry.clientId,
      }),
    )
  })
  return result
}

/**
 * Synced entries whose "doublon probable" check is due (`verifyAfter` ≤ now), as `sync:verify` items, oldest first.
 * Reads the server ids held by other synced entries of their scopes (never reported as duplicates).
 */
export async function claimVerifications(
  db: PaieDb,
  limit: number = MAX_VERIFY_BATCH,
  env: OutboxEnv = defaultOutboxEnv,
): Promise<VerifyItem[]> {
  const now = env.now()
  const due = await db.outbox.where('verifyAfter').between(Dexie.minKey, now, true, true).limit(Math.min(limit, MAX_VERIFY_BATCH)).toArray()
  const ready = due.filter((e) => e.state === 'synced' && e.serverId !== null && e.sendWindow != null)
  if (ready.length === 0) return []
  const held = new Map<string, Set<string>>()
  await db.outbox
    .where('scopeKey')
    .anyOf([...new Set(ready.map((e) => e.scopeKey))])
    .filter((e) => e.state === 'synced' && e.serverId !== null)
    .each((e) => {
      let ids = held.get(e.scopeKey)
      if (ids === undefined) held.set(e.scopeKey, (ids = new Set()))
      if (e.serverId !== null) ids.add(e.serverId)
    })
  return ready.map((e) => ({
    clientId: e.clientId,
    revision: e.revision,
    kind: e.kind,
    fingerprint: e.fingerprint,
    scope: { ...e.scope },
    serverId: e.serverId ?? '',
    sendWindow: e.sendWindow ?? { from: e.createdAt, to: e.updatedAt },
    claimedServerIds: [...(held.get(e.scopeKey) ?? [])].filter((id) => id !== e.serverId).slice(0, 10_000),
  }))
}

/**
 * Stores what `sync:verify` found, in one transaction: `done` clears `verifyAfter` and sets `duplicates` (null when
 * none); `retry` keeps the entry due. Each list request is an audit record per entry (result `verified`), the
 * verification's records stored as one row (audit.ts `batchRowsOf`).
 */
export async function applyVerifications(
  db: PaieDb,
  results: readonly VerifyResultItem[],
  env: OutboxEnv = defaultOutboxEnv,
): Promise<number> {
  return db.transaction('rw', db.outbox, db.audit, db.counts, async () => {
    const rows = await db.outbox.bulkGet(results.map((r) => r.clientId))
    const now = env.now()
    let flagged = 0
    const audit: AuditRecord[] = []
    const changes = results.flatMap((r, i) => {
      const row = rows[i]
      if (row?.state !== 'synced' || row.revision !== r.revision) return []
      for (const a of r.attempts)
        audit.push({ clientId: row.clientId, revision: row.revision, siren: row.siren, kind: row.kind, ...a, result: 'verified' })
      if (r.status !== 'done') return []
      if (r.duplicates.length > 0) flagged += 1
      return [
        { before: row, after: { ...row, verifyAfter: null, duplicates: r.duplicates.length === 0 ? null : r.duplicates, updatedAt: now } },
      ]
    })
    await writeEntries(db, changes)
    // The verification's records as one row, whatever the number of entries (schema v21).
    await db.audit.bulkAdd(batchRowsOf(audit))
    return flagged
  })
}

/**
 * Next instant the coordinator must wake at for the queue's own timers: the end of the nearest settle time of an
 * `unknown` entry, or the nearest verification due; null when none is pending.
 */
export async function nextSyncWakeAt(db: PaieDb): Promise<string | null> {
  const firstVerify = await db.outbox.orderBy('verifyAfter').first()
  let next = firstVerify?.verifyAfter ?? null
  await entriesInStates(db, ['unknown']).each((e) => {
    if (e.settleUntil != null && (next === null || e.settleUntil < next)) next = e.settleUntil
  })
  return next
}
