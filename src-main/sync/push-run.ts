/**
 * The bookkeeping of one push (executor.ts): one outcome per item (the first one given wins), progress reports, the
 * global pause and the category pauses it met, the write starts of each entry and the instant its writes settle.
 * No I/O: the executor lists, matches and sends; this records what came of it.
 */
import type { Categorie } from '../../src-shared/api/categories'
import type {
  AuditAttempt,
  CategoryPause,
  SendWindow,
  SyncError,
  SyncItem,
  SyncOutcome,
  SyncPause,
  SyncProgress,
} from '../../src-shared/domain/sync-protocol'
import { ApiError } from '../api/errors'
import { describeError, log } from '../log'
import { categoryPauseOf, internalError, internalPause, pauseOf, syncErrorOf } from './outcomes'

/** What the push knows of one entry. */
export interface PushEntry {
  readonly index: number
  readonly item: SyncItem
  readonly category: Categorie
  /** Writes of this revision before this push (renderer's window widened with the profile's memory). */
  readonly window: SendWindow | null
}

/** The bookkeeping of one push. */
export interface PushRun {
  /** Aborted at the first global pause: nothing new starts. */
  readonly stop: AbortController
  /** Records an outcome (ignored when the item already has one) and reports the progress. */
  finish(
    index: number,
    result: SyncOutcome['result'],
    serverId: string | null,
    error: SyncError | null,
    attempts: readonly AuditAttempt[],
    extra?: Partial<SyncOutcome>,
  ): void
  /** `unknown`, reconciled once its writes have settled (`settleUntil`). */
  finishUnknown(e: PushEntry, error: SyncError | null, attempts: readonly AuditAttempt[]): void
  /** No definite answer: `unknown` while a create still has to be reconciled, else back to the queue. */
  finishUnsent(e: PushEntry, attempts: readonly AuditAttempt[], error: SyncError | null): void
  /** Records a global failure or a missing right (first pause wins); returns the entry's error. */
  pauseOn(e: PushEntry, error: unknown): SyncError
  /** Takes on the pauses a previous push met (no pause is logged again); a global one stops this push at once. */
  adopt(pause: SyncPause | null, categoryPauses: readonly CategoryPause[]): void
  /** True once the push stopped for this entry (global pause, or its category paused). */
  stoppedFor(e: PushEntry): boolean
  /** Notes the instants (local ms) at which requests of an entry's write left. */
  addWriteStarts(index: number, starts: readonly number[]): void
  /** Write starts of this push, local ms. */
  writeStartsOf(index: number): readonly number[]
  /** Latest write start of an entry (this push or before), ms; null when it never wrote. */
  lastWriteMs(e: PushEntry): number | null
  /** The outcomes (a `requeue` for any item left without one), the pause and the category pauses. */
  settle(): { outcomes: SyncOutcome[]; pause: SyncPause | null; categoryPauses: CategoryPause[] }
}

/**
 * Creates the bookkeeping of a push of `items`.
 * @param settleMs how long after a write started it may still commit (window.ts)
 * @param onProgress told once per entry when its outcome is known
 */
export function createPushRun(items: readonly SyncItem[], settleMs: number, onProgress?: (progress: SyncProgress) => void): PushRun {
  const total = items.length
  const outcomes = new Array<SyncOutcome | undefined>(total)
  const starts = new Map<number, number[]>()
  const categoryPauses = new Map<Categorie, CategoryPause>()
  const stop = new AbortController()
  let pause: SyncPause | null = null
  let done = 0

  const run: PushRun = {
    stop,
    finish(index, result, serverId, error, attempts, extra = {}) {
      const item = items[index]
      if (item === undefined || outcomes[index] !== undefined) return
      outcomes[index] = { clientId: item.clientId, revision: item.revision, result, serverId, error, attempts: [...attempts], ...extra }
      done += 1
      try {
        onProgress?.({ done, total, clientId: item.clientId, result })
      } catch (thrown) {
        log.error('Synchronisation : envoi de la progression impossible', { cause: describeError(thrown) })
      }
    },
    finishUnknown(e, error, attempts) {
      const last = run.lastWriteMs(e)
      run.finish(e.index, 'unknown', null, error, attempts, { settleUntil: last === null ? null : new Date(last + settleMs).toISOString() })
    },
    finishUnsent(e, attempts, error) {
      if (e.item.reconcile && e.item.operation === 'create') run.finishUnknown(e, error, attempts)
      else run.finish(e.index, 'requeue', null, error, attempts)
    },
    pauseOn(e, error) {
      if (error instanceof ApiError) {
        if (error.missingRight !== undefined) {
          if (!categoryPauses.has(e.category)) {
            categoryPauses.set(e.category, categoryPauseOf(e.category, error.missingRight))
            log.warn('Synchronisation : droit manquant, catégorie en pause', { category: e.category, code: error.code })
          }
        } else if (pause === null) {
          pause = pauseOf(error)
          log.warn('Synchronisation : envoi suspendu', { code: error.code, status: error.status, retryAfterMs: error.retryAfterMs })
          stop.abort()
        }
        return syncErrorOf(error)
      }
      if (pause === null) {
        pause = internalPause()
        log.error('Synchronisation : erreur inattendue', { cause: describeError(error) })
        stop.abort()
      }
      return internalError()
    },
    adopt(previous, previousCategories) {
      for (const p of previousCategories) if (!categoryPauses.has(p.category)) categoryPauses.set(p.category, p)
      if (previous !== null && pause === null) {
        pause = previous
        stop.abort()
      }
    },
    stoppedFor: (e) => pause !== null || categoryPauses.has(e.category),
    addWriteStarts(index, more) {
      if (more.length > 0) starts.set(index, [...(starts.get(index) ?? []), ...more])
    },
    writeStartsOf: (index) => starts.get(index) ?? [],
    lastWriteMs(e) {
      const remembered = e.window === null ? Number.NaN : Date.parse(e.window.to)
      const all = Number.isNaN(remembered) ? [...run.writeStartsOf(e.index)] : [...run.writeStartsOf(e.index), remembered]
      return all.length === 0 ? null : Math.max(...all)
    },
    settle() {
      const settled = outcomes.map(
        (o, index) =>
          o ?? {
            clientId: items[index]?.clientId ?? '',
            revision: items[index]?.revision ?? 1,
            result: 'requeue' as const,
            serverId: null,
            error: null,
            attempts: [],
          },
      )
      return { outcomes: settled, pause, categoryPauses: [...categoryPauses.values()] }
    },
  }
  return run
}
