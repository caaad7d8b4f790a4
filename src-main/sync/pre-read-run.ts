/**
 * The executor's side of the pre-read of updates and deletes (pre-read.ts has the rule): the scopes of the
 * updates and deletes of a push whose read version is known are listed (grouped like the creates' scopes, listing.ts),
 * each entry is decided as soon as its group answered, and the writes of one record go one after the other in batch
 * order (a second change of the same record then meets the `date_modification` the first one left, which this
 * profile's memory knows as its own).
 */
import { scopeKey } from '../../src-shared/domain/fingerprint'
import type { AuditAttempt, SyncError } from '../../src-shared/domain/sync-protocol'
import { ApiError } from '../api/errors'
import { listGroup, listGroups, type ListDeps, type ListOutcome } from './listing'
import type { PushMemory } from './memory'
import { auditAttempt, candidateRecords, syncErrorOf, toCheckError } from './outcomes'
import { decidePreRead, ELEMENT_DISPARU, MODIFIE_DEPUIS_LECTURE } from './pre-read'
import type { PushEntry, PushRun } from './push-run'

/** Error of an update whose record is no longer on the service (worded by the renderer from its code). */
export function goneError(): SyncError {
  return { code: ELEMENT_DISPARU, message: 'the record is no longer listed by the service', status: null, champs: [] }
}

/** What {@link runChanges} needs from the executor. */
export interface ChangesDeps<W extends PushEntry> {
  readonly run: PushRun
  readonly memory: PushMemory
  readonly listDeps: ListDeps
  /** Runs a request task in the push's queue (bounded concurrency). */
  readonly enqueue: (task: () => Promise<void>) => Promise<unknown>
  /** Sends the entry's write (its outcome settled by the executor); `before`: audit attempts of its pre-read. */
  readonly send: (w: W, before: readonly AuditAttempt[]) => Promise<unknown>
}

/**
 * Pre-reads (when their read version is known) then sends the updates and deletes `works`, the changes of one record
 * in order. Every entry ends with an outcome (or is sent); never throws for an API failure.
 */
export async function runChanges<W extends PushEntry>(works: readonly W[], deps: ChangesDeps<W>): Promise<void> {
  const { run } = deps
  const reads = works.filter((w) => w.item.readVersion != null)
  const { groups, groupOfScope } = listGroups(reads.map((w) => w.item.readVersion?.scope ?? w.item.scope))
  const listed = new Map<string, Promise<ListOutcome>>()
  for (const g of groups) {
    let outcome!: ListOutcome
    listed.set(
      g.key,
      deps
        .enqueue(async () => {
          outcome = await listGroup(g, deps.listDeps)
        })
        .then(() => outcome),
    )
  }
  /** Tail of the writes of each target record. */
  const chains = new Map<string, Promise<void>>()

  async function one(w: W): Promise<void> {
    const read = w.item.readVersion
    if (read == null || w.item.operation === 'create') {
      await deps.send(w, [])
      return
    }
    const key = groupOfScope.get(scopeKey(read.scope))
    const outcome = key === undefined ? undefined : await listed.get(key)
    const attempts = (outcome?.attempts ?? []).map((facts) => auditAttempt({ ...facts, serverId: w.item.targetServerId }))
    if (outcome === undefined || !outcome.ok) {
      // No write without the check. A change whose last write got no answer stays `unknown` (read again next time).
      const error = outcome?.error ?? null
      const recordLevel = error instanceof ApiError && error.errorClass === 'record'
      const reason = error instanceof ApiError ? (recordLevel ? syncErrorOf(error) : run.pauseOn(w, error)) : null
      if (w.item.reconcile) run.finishUnknown(w, reason, attempts)
      else if (recordLevel) run.finish(w.index, 'rejected', null, reason, attempts)
      else run.finishUnsent(w, [], reason)
      return
    }
    const decision = decidePreRead(
      {
        kind: w.item.kind,
        operation: w.item.operation,
        targetServerId: w.item.targetServerId,
        readModification: read.dateModification,
        fingerprint: w.item.fingerprint,
        reconcile: w.item.reconcile,
      },
      outcome.records,
      (id, at) => deps.memory.madeModification(id, at),
    )
    if (decision.type === 'write') await deps.send(w, attempts)
    else if (decision.type === 'synced') run.finish(w.index, 'synced', w.item.targetServerId, null, attempts)
    else if (decision.type === 'gone') run.finish(w.index, 'rejected', null, goneError(), attempts)
    else
      run.finish(w.index, 'to_check', null, toCheckError(MODIFIE_DEPUIS_LECTURE), attempts, {
        candidates: candidateRecords([{ record: decision.record, relation: 'meme_element' }]),
      })
  }

  await Promise.all(
    works.map((w) => {
      const target = w.item.targetServerId ?? `#${String(w.index)}`
      const next = (chains.get(target) ?? Promise.resolve()).then(() => one(w))
      chains.set(
        target,
        next.catch(() => undefined),
      )
      return next
    }),
  )
}
