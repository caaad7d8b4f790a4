/**
 * From the lists of a push to a decision for each of its creates (executor.ts step 4): reads each create's list
 * outcome, gathers the listed records once, and runs the pure matcher (matching.ts). A create whose list failed gets
 * no decision: the executor settles it from the failure.
 */
import { scopeKey, type EntryScope, type KeyFields } from '../../src-shared/domain/fingerprint'
import type { AuditAttempt, SendWindow, SyncItem } from '../../src-shared/domain/sync-protocol'
import { ApiError } from '../api/errors'
import type { ListOutcome } from './listing'
import { listedRecordOf, matchRecords, type ListedRecord, type MatchDecision, type MatchEntry } from './matching'
import { auditAttempt, candidateRecords, syncErrorOf, toCheckError } from './outcomes'
import type { PushEntry, PushRun } from './push-run'
import { serverWindowOf } from './window'

/** A create of the push, as the planner needs it. */
export interface PlannedCreate {
  readonly item: SyncItem
  readonly scope: EntryScope
  /** The payload sent (wire shape). */
  readonly payload: KeyFields
  /** `fingerprintOf(kind, payload)`, computed by the executor. */
  readonly fingerprint: string
  /** Writes of this revision so far, this machine's clock. */
  readonly window: SendWindow | null
}

/** The decision of one create, with the list requests it was made from. */
export type CreatePlan<T extends PlannedCreate> =
  | { readonly create: T; readonly listed: true; readonly decision: MatchDecision; readonly attempts: readonly AuditAttempt[] }
  | { readonly create: T; readonly listed: false; readonly error: unknown; readonly attempts: readonly AuditAttempt[] }

/** What the planner needs besides the creates and the lists. */
export interface PlanContext {
  /** Key of the list group of each scope key (listing.ts `listGroups`). */
  readonly groupOfScope: ReadonlyMap<string, string>
  /** List outcome of each group key. */
  readonly listed: ReadonlyMap<string, ListOutcome>
  readonly ownClientId: string | null
  /** Service clock minus this machine's, ms; null when unknown. */
  readonly serverOffsetMs: number | null
  readonly settleMs: number
  /**
   * The entry (clientId) a record was synced to by a recent push of this profile, or null (memory.ts `holderOf`).
   * Such a record is never matched by another entry: the renderer, pipelining, may claim a batch before it stored
   * the outcomes of the push still in flight, so `claimedServerIds` cannot name the records that push creates.
   */
  readonly heldBy?: (serverId: string) => string | null
}

/** Records a create must not take: those its renderer says synced entries hold, and those this profile synced to another entry. */
function excludedOf(item: SyncItem, records: readonly ListedRecord[], heldBy: PlanContext['heldBy']): Set<string> {
  const excluded = new Set(item.claimedServerIds)
  if (heldBy === undefined) return excluded
  for (const record of records) {
    const holder = heldBy(record.id)
    if (holder !== null && holder !== item.clientId) excluded.add(record.id)
  }
  return excluded
}

/**
 * One plan per create, in the given order. `error` is null when the push stopped before the create's list ran.
 * @throws nothing
 */
export function planCreates<T extends PlannedCreate>(creates: readonly T[], ctx: PlanContext): CreatePlan<T>[] {
  const records: ListedRecord[] = []
  const seen = new Set<string>()
  const attemptsOf = new Map<string, AuditAttempt[]>()
  const listedCreates: { create: T; attempts: AuditAttempt[] }[] = []
  const plans = new Map<T, CreatePlan<T>>()
  for (const create of creates) {
    const key = ctx.groupOfScope.get(scopeKey(create.scope))
    const outcome = key === undefined ? undefined : ctx.listed.get(key)
    let attempts = key === undefined ? undefined : attemptsOf.get(key)
    if (attempts === undefined) {
      attempts = (outcome?.attempts ?? []).map((facts) => auditAttempt({ ...facts, serverId: null }))
      if (key !== undefined) attemptsOf.set(key, attempts)
      if (outcome?.ok === true) {
        for (const fields of outcome.records) {
          const record = listedRecordOf(fields)
          if (record !== null && !seen.has(record.id)) {
            seen.add(record.id)
            records.push(record)
          }
        }
      }
    }
    if (outcome === undefined || !outcome.ok) plans.set(create, { create, listed: false, error: outcome?.error ?? null, attempts })
    else listedCreates.push({ create, attempts })
  }
  const entries: MatchEntry[] = listedCreates.map(({ create }) => ({
    key: create.item.clientId,
    kind: create.item.kind,
    fields: create.payload,
    fingerprint: create.fingerprint,
    reconcile: create.item.reconcile,
    window: serverWindowOf(create.window, ctx.serverOffsetMs, ctx.settleMs),
    excluded: excludedOf(create.item, records, ctx.heldBy),
  }))
  const decisions = matchRecords(entries, records, { ownClientId: ctx.ownClientId })
  for (const { create, attempts } of listedCreates) {
    plans.set(create, { create, listed: true, decision: decisions.get(create.item.clientId) ?? { type: 'send' }, attempts })
  }
  return creates.map((c) => plans.get(c)).filter((p): p is CreatePlan<T> => p !== undefined)
}

/**
 * Settles a planned create that is not sent (executor.ts): linked, to check, or its list failed; a reconciling create
 * to be sent keeps its list's attempts in `priorAttempts` (its audit trail).
 * @returns true when the create is to be sent
 */
export function settlePlan<T extends PlannedCreate & PushEntry>(
  run: PushRun,
  plan: CreatePlan<T>,
  priorAttempts: Map<number, AuditAttempt[]>,
): boolean {
  const w = plan.create
  if (!plan.listed) {
    const error = plan.error
    if (error === null) run.finishUnsent(w, [], null)
    else if (error instanceof ApiError && error.errorClass === 'record') {
      // A list refused for this record (dossier no longer assigned…): no send without the check.
      if (w.item.reconcile) run.finishUnknown(w, syncErrorOf(error), plan.attempts)
      else run.finish(w.index, 'rejected', null, syncErrorOf(error), plan.attempts)
    } else run.finishUnsent(w, w.item.reconcile ? plan.attempts : [], run.pauseOn(w, error))
    return false
  }
  const { decision } = plan
  if (decision.type === 'link') {
    run.finish(
      w.index,
      'synced',
      decision.serverId,
      null,
      plan.attempts.map((a) => ({ ...a, serverId: decision.serverId })),
    )
    return false
  }
  if (decision.type === 'to_check') {
    run.finish(w.index, 'to_check', null, toCheckError(decision.reason), plan.attempts, {
      candidates: candidateRecords(decision.candidates),
    })
    return false
  }
  // The list attempts of a first send stay out of its audit trail (nothing was decided from them).
  if (w.item.reconcile) priorAttempts.set(w.index, [...plan.attempts])
  return true
}
