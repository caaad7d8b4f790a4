/**
 * Handler of `sync:push`: sends a batch of claimed entries through the executor of the active connection and
 * answers one outcome per entry; a `sync:changed` event reports each finished entry.
 */
import type { SyncItem, SyncPushResult } from '../../../src-shared/domain/sync-protocol'
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
  /** Requests in flight at once per push (default 8). */
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
        onProgress: (progress) => {
          deps.sendEvent('sync:changed', progress)
        },
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
