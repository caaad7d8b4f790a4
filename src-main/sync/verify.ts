/**
 * "Doublon probable" (ARCHITECTURE.md "Exactly once"): an `unknown` entry whose record was not found after the settle
 * time is sent again; if its lost write was only late (a proxy held it past the settle time), the service ends with
 * two records. After the resend has settled too, the entry's scope is listed once more: a second record matching the
 * entry, created inside its send window (every write of it, plus the settle time) by this API client (where the
 * service records creators), and not held by another local entry, is reported. Nothing is deleted: the clerk sees
 * both ids and queues the DELETE of the extra one in one click.
 */
import { fingerprintsMatch, recordFingerprintOf, scopeKey, scopeOf } from '../../src-shared/domain/fingerprint'
import type { AuditAttempt, SyncVerifyResult, VerifyItem, VerifyResultItem } from '../../src-shared/domain/sync-protocol'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { log } from '../log'
import { listGroup, listGroups, type ListOutcome } from './listing'
import { listedRecordOf, type ListedRecord } from './matching'
import { auditAttempt, candidateRecords, pauseOf, internalPause } from './outcomes'
import type { RateBudget } from './rate-budget'
import { serverWindowOf } from './window'

/** What {@link verifyDuplicates} needs (the same facts as the executor's). */
export interface VerifyDeps {
  readonly client: ApiClient
  readonly budget: RateBudget
  readonly now?: () => Date
  readonly ownClientId: string | null
  readonly serverOffsetMs: () => number | null
  readonly settleMs: number
}

/**
 * Extra records of each item (see the module comment). A list that fails leaves its items `retry`; a global failure
 * also answers `pause`.
 * @throws nothing
 */
export async function verifyDuplicates(items: readonly VerifyItem[], deps: VerifyDeps): Promise<SyncVerifyResult> {
  const now = deps.now ?? (() => new Date())
  const stop = new AbortController()
  const { groups, groupOfScope } = listGroups(items.map((i) => i.scope))
  const listed = new Map<string, ListOutcome>()
  for (const group of groups) {
    if (stop.signal.aborted) break
    const outcome = await listGroup(group, { client: deps.client, budget: deps.budget, signal: stop.signal, now })
    listed.set(group.key, outcome)
    if (!outcome.ok && !(outcome.error instanceof ApiError && outcome.error.errorClass === 'record')) stop.abort()
  }
  let pause: SyncVerifyResult['pause'] = null
  const offset = deps.serverOffsetMs()
  const results: VerifyResultItem[] = items.map((item) => {
    const key = groupOfScope.get(scopeKey(item.scope))
    const outcome = key === undefined ? undefined : listed.get(key)
    const attempts: AuditAttempt[] = (outcome?.attempts ?? []).map((facts) => auditAttempt({ ...facts, serverId: null }))
    if (outcome === undefined || !outcome.ok) {
      const error = outcome?.error
      if (pause === null && error !== undefined && error !== null && !(error instanceof ApiError && error.errorClass === 'record')) {
        pause = error instanceof ApiError ? pauseOf(error) : internalPause()
      }
      return { clientId: item.clientId, revision: item.revision, status: 'retry', duplicates: [], attempts }
    }
    const records = outcome.records.map(listedRecordOf).filter((r): r is ListedRecord => r !== null)
    const window = serverWindowOf(item.sendWindow, offset, deps.settleMs)
    const excluded = new Set([...item.claimedServerIds, item.serverId])
    const scope = scopeKey(item.scope)
    const duplicates = records.filter((record) => {
      if (excluded.has(record.id) || window === null || record.createdMs === null) return false
      if (!inScope(item, record, scope) || !fingerprintsMatch(item.fingerprint, recordFingerprintOf(item.kind, record.fields))) return false
      if (record.createdMs < window.fromMs || record.createdMs > window.toMs) return false
      return record.creePar === undefined || deps.ownClientId === null || record.creePar === deps.ownClientId
    })
    if (duplicates.length > 0) log.warn('Synchronisation : doublon probable', { clientId: item.clientId, doublons: duplicates.length })
    const candidates = duplicates.map((record) => ({ record, relation: 'identique' as const }))
    return { clientId: item.clientId, revision: item.revision, status: 'done', duplicates: candidateRecords(candidates), attempts }
  })
  return { results, pause }
}

function inScope(item: VerifyItem, record: ListedRecord, scope: string): boolean {
  try {
    return scopeKey(scopeOf(item.kind, record.fields)) === scope
  } catch {
    return false
  }
}
