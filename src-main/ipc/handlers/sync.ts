/**
 * Handler of `sync:push`: sends a batch of claimed entries through the executor of the active connection and
 * answers one outcome per entry; `sync:changed` events report the progress: the first finished entry of a push, then
 * at most one event per {@link PROGRESS_INTERVAL_MS} (the latest), and always the last one (`done === total`), so a
 * drain of 10 000 entries sends a few hundred events rather than 10 000 (each one an IPC message and a render).
 */
import type { SyncItem, SyncProgress, SyncPushResult } from '../../../src-shared/domain/sync-protocol'
import type { IpcHandlers } from '../dispatcher'
import type { EventSender } from '../events'
import type { PayrollConnection } from '../../services/connection'
import { createSyncExecutor, type SyncExecutor } from '../../sync/executor'
import { CONNEXION_ABSENTE, CONNEXION_ABSENTE_MESSAGE } from './shared'

/** What the `sync:*` handlers read. */
export interface SyncHandlerDeps {
  /** The active payroll connection, read on each call; null when none is configured. */
  readonly connection: () => PayrollConnection | null
  /** Sends main → renderer events (`sync:changed`). */
  readonly sendEvent: EventSender
  /** Requests in flight at once per push (default: sized by the rate budget, executor.ts sizeConcurrency). */
  readonly syncConcurrency?: number
}

/**
 * Answer when no connection is configured: nothing was sent, so every entry goes back to the queue (`requeue`),
 * except entries still to reconcile, which stay `unknown`; the pause says why.
 */
export function noConnectionResult(items: readonly SyncItem[]): SyncPushResult {
  return {
    outcomes: items.map((item) => ({
      clientId: item.clientId,
      revision: item.revision,
      result: item.reconcile && item.operation === 'create' ? 'unknown' : 'requeue',
      serverId: null,
      error: null,
      attempts: [],
    })),
    pause: { code: CONNEXION_ABSENTE, message: CONNEXION_ABSENTE_MESSAGE, retryAfterMs: null },
    categoryPauses: [],
  }
}

/** Shortest interval between two progress events of a push, in ms (first and last ones excepted). */
export const PROGRESS_INTERVAL_MS = 50

/**
 * Coalesces progress reports: sends the first (`done === 1`) and the last (`done === total`) at once, others at
 * most every `intervalMs` (the latest one wins; a pending one is dropped when a newer one is sent).
 */
export function coalesceProgress(send: (progress: SyncProgress) => void, intervalMs: number = PROGRESS_INTERVAL_MS): (progress: SyncProgress) => void {
  let lastSent = -Infinity
  let pending: SyncProgress | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = (progress: SyncProgress): void => {
    if (timer !== null) clearTimeout(timer)
    timer = null
    pending = null
    lastSent = performance.now()
    send(progress)
  }
  return (progress) => {
    const now = performance.now()
    if (progress.done <= 1 || progress.done >= progress.total || now - lastSent >= intervalMs) {
      flush(progress)
      return
    }
    pending = progress
    timer ??= setTimeout(() => {
      timer = null
      if (pending !== null) flush(pending)
    }, Math.max(0, intervalMs - (now - lastSent)))
  }
}

/**
 * Handlers of the `sync:*` channels. One executor per connection (created on first use), so pushes of one
 * connection run one at a time: a second concurrent push waits for the first.
 */
export function createSyncHandlers(deps: SyncHandlerDeps): Pick<IpcHandlers, 'sync:push'> {
  const executors = new WeakMap<PayrollConnection, SyncExecutor>()

  function executorOf(connection: PayrollConnection): SyncExecutor {
    let executor = executors.get(connection)
    if (executor === undefined) {
      executor = createSyncExecutor({
        client: connection.client,
        budget: connection.budget,
        ...(deps.syncConcurrency === undefined ? {} : { concurrency: deps.syncConcurrency }),
        onProgress: coalesceProgress((progress) => {
          deps.sendEvent('sync:changed', progress)
        }),
      })
      executors.set(connection, executor)
    }
    return executor
  }

  return {
    'sync:push': (input) => {
      const connection = deps.connection()
      if (connection === null) return Promise.resolve(noConnectionResult(input.items))
      return executorOf(connection).push(input.items)
    },
  }
}
