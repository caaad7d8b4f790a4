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
import { createPushLane, createSyncExecutor, type PushLane, type SyncExecutor } from '../../sync/executor'
import { createPushMemory, type PushMemory } from '../../sync/memory'
import { verifyDuplicates } from '../../sync/verify'
import { settleMsOf } from '../../sync/window'
import { CONNEXION_ABSENTE, CONNEXION_ABSENTE_MESSAGE } from './shared'

/** What the `sync:*` handlers read. */
export interface SyncHandlerDeps {
  /** The active payroll connection, read on each call; null when none is configured. */
  readonly connection: () => PayrollConnection | null
  /** Sends main → renderer events (`sync:changed`). */
  readonly sendEvent: EventSender
  /** Requests in flight at once per push (default: sized by the rate budget, executor.ts sizeConcurrency). */
  readonly syncConcurrency?: number
  /** Margin added to the connection's timeout to get the settle time, ms (default SETTLE_MARGIN_MS, window.ts). */
  readonly settleMarginMs?: number
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
export const PROGRESS_INTERVAL_MS = 200

/**
 * Coalesces progress reports: sends the first (`done === 1`) and the last (`done === total`) at once, others at
 * most every `intervalMs` (the latest one wins; a pending one is dropped when a newer one is sent).
 */
export function coalesceProgress(
  send: (progress: SyncProgress) => void,
  intervalMs: number = PROGRESS_INTERVAL_MS,
): (progress: SyncProgress) => void {
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
    timer ??= setTimeout(
      () => {
        timer = null
        if (pending !== null) flush(pending)
      },
      Math.max(0, intervalMs - (now - lastSent)),
    )
  }
}

/** Per profile: its pushes run one at a time in one lane, with one memory, whatever connection object is current. */
interface ProfileSync {
  readonly lane: PushLane
  readonly memory: PushMemory
  readonly executors: WeakMap<PayrollConnection, SyncExecutor>
}

/**
 * Handlers of the `sync:*` channels. Executors are owned by the PROFILE (`connection.profileId`; a connection without
 * one is its own owner): switching profile A → B → A while A's push is in flight gives A a new connection object,
 * but its next push waits in A's lane for the first to finish, and reads the same memory (attempts, write starts).
 */
export function createSyncHandlers(deps: SyncHandlerDeps): Pick<IpcHandlers, 'sync:push' | 'sync:verify'> {
  const byProfile = new Map<string, ProfileSync>()
  const anonymous = new WeakMap<PayrollConnection, ProfileSync>()

  function profileOf(connection: PayrollConnection): ProfileSync {
    const id = connection.profileId
    let state = id === undefined ? anonymous.get(connection) : byProfile.get(id)
    if (state === undefined) {
      state = { lane: createPushLane(), memory: createPushMemory(), executors: new WeakMap() }
      if (id === undefined) anonymous.set(connection, state)
      else byProfile.set(id, state)
    }
    return state
  }

  function settleMs(connection: PayrollConnection): number {
    return settleMsOf(connection.timeoutMs, deps.settleMarginMs)
  }

  function executorOf(connection: PayrollConnection): SyncExecutor {
    const state = profileOf(connection)
    let executor = state.executors.get(connection)
    if (executor === undefined) {
      executor = createSyncExecutor({
        client: connection.client,
        budget: connection.budget,
        ...(deps.syncConcurrency === undefined ? {} : { concurrency: deps.syncConcurrency }),
        onProgress: coalesceProgress((progress) => {
          deps.sendEvent('sync:changed', progress)
        }),
        ownClientId: connection.clientId,
        serverOffsetMs: () => connection.clock.offsetMs(),
        settleMs: settleMs(connection),
        memory: state.memory,
        lane: state.lane,
      })
      state.executors.set(connection, executor)
    }
    return executor
  }

  return {
    'sync:push': (input) => {
      const connection = deps.connection()
      if (connection === null) return Promise.resolve(noConnectionResult(input.items))
      return executorOf(connection).push(input.items)
    },
    'sync:verify': (input) => {
      const connection = deps.connection()
      if (connection === null) {
        const results = input.items.map((i) => ({
          clientId: i.clientId,
          revision: i.revision,
          status: 'retry' as const,
          duplicates: [],
          attempts: [],
        }))
        return Promise.resolve({ results, pause: { code: CONNEXION_ABSENTE, message: CONNEXION_ABSENTE_MESSAGE, retryAfterMs: null } })
      }
      // In the profile's lane: a verification never lists a scope while a push of the same profile writes to it.
      return profileOf(connection).lane.run(() =>
        verifyDuplicates(input.items, {
          client: connection.client,
          budget: connection.budget,
          ownClientId: connection.clientId,
          serverOffsetMs: () => connection.clock.offsetMs(),
          settleMs: settleMs(connection),
        }),
      )
    },
  }
}
