/**
 * The sync coordinator (ARCHITECTURE.md "Sync" and "Triggers"): takes queued entries in batches, marks them
 * `sending` durably, calls `sync:push`, and stores the outcomes; pauses and resumes on global failures; pauses
 * single categories on missing rights.
 *
 * One driver across windows: every drain runs inside the Web Lock `paie-sync`. While a window holds it, no other
 * window claims or pushes, so any row found `sending` when the lock is taken was left by a window or a process
 * that died mid-push: it becomes `unknown` (recoverInterrupted) and is reconciled, never resent blindly.
 * (Main must itself serialise `sync:push` calls, so that a push of a dead window cannot run beside a new one.)
 *
 * Triggers: start(), the window's `online` event, new entries (notifyNewEntries, debounced 1.5 s), syncNow()
 * (lifts the global pause) and the timer set to the end of a pause. Every dependency is injected.
 */
import type { Categorie } from '../../src-shared/api/categories'
import type { WindowApi } from '../../src-shared/ipc/contract'
import { recoverInterrupted } from '../db/outbox-sync'
import type { OutcomeSummary } from '../db/outbox-sync'
import { nextSyncWakeAt } from '../db/to-check'
import { getMeta } from '../db/meta'
import type { PaieDb } from '../db/schema'
import type { OutboxEnv } from '../db/write'
import { CATEGORY_PAUSE_MS, activeCategoryPauses, activePause, clearPause, liftCategoryPauses, registerFailure } from './pauses'
import { drainBatches, nextWakeAt } from './drain'
import { verifyDue, type SyncPassContext } from './passes'
import type { ServiceProbe } from './probe-gate'
import { SYNC_LOCK_NAME } from './locks'
import type { SyncLockManager } from './locks'

/** The part of `window.api` the coordinator uses. */
export type SyncApi = Pick<WindowApi, 'sync:push' | 'sync:verify' | 'onSyncChanged'>

/** Timer functions (the window's, or a fake clock's in tests). */
export interface SyncTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Where the `online` event comes from (the window). */
export interface OnlineEvents {
  addEventListener(type: 'online', listener: () => void): void
  removeEventListener(type: 'online', listener: () => void): void
}

export interface SyncCoordinatorDeps {
  readonly db: PaieDb
  readonly api: SyncApi
  readonly locks: SyncLockManager
  readonly timers: SyncTimers
  /** Current time, ms since the epoch. */
  readonly now: () => number
  /** A number in [0, 1), for backoff jitter. */
  readonly random: () => number
  readonly events?: OnlineEvents
  /** False when the machine knows it is offline (navigator.onLine): no drain until the `online` event. */
  readonly isOnline?: () => boolean
  /** Entries per push; default 200 (at most MAX_PUSH_BATCH). */
  readonly batchSize?: number
  /** Debounce of notifyNewEntries, ms; default 1 500. */
  readonly debounceMs?: number
  /** Duration of a category pause, ms; default 5 minutes. */
  readonly categoryPauseMs?: number
  /** Health probe asked before claiming while the last pause says the service was unreachable (probe-gate.ts); absent: no probe. */
  readonly probe?: ServiceProbe
}

/** What the sync store shows. Instants are ISO 8601. */
export interface SyncStatus {
  readonly running: boolean
  readonly pause: { readonly code: string; readonly message: string; readonly resumeAt: string } | null
  readonly categoryPauses: readonly { readonly category: Categorie; readonly message: string; readonly resumeAt: string }[]
  readonly lastSyncAt: string | null
  /** Entries finished / entries in the push in flight. */
  readonly progress: { readonly done: number; readonly total: number } | null
  readonly lastError: string | null
}

export interface SyncCoordinator {
  /** Subscribes to triggers and progress, then drains. Resolves when the first drain is over. */
  start(): Promise<void>
  /** Unsubscribes and cancels timers; a push in flight finishes and its outcomes are stored. */
  stop(): void
  /** New entries were queued: drain after 1.5 s without another call. */
  notifyNewEntries(): void
  /** "Synchroniser maintenant": lifts the global pause and drains at once. */
  syncNow(): Promise<void>
  /**
   * The network or the payroll service is back (`online` event, successful probe): lifts a network pause, but not
   * one the server asked for (Retry-After), and drains.
   */
  connectionRestored(): Promise<void>
  /** After a reference refresh (rights from /api/moi cached): lifts the pauses of categories whose right is back, then drains. */
  rightsRefreshed(droits: readonly Categorie[]): Promise<void>
  /** Drains now (pauses respected). Resolves when the queue is empty, paused, or offline. */
  drain(): Promise<void>
  status(): SyncStatus
  /** Called on every status change; returns an unsubscribe function. */
  subscribe(listener: (status: SyncStatus) => void): () => void
  /** Called after each batch's outcomes are stored (e.g. to refresh counts). */
  onBatch(listener: (summary: OutcomeSummary) => void): () => void
}

export const DEFAULT_BATCH_SIZE = 200
export const NEW_ENTRIES_DEBOUNCE_MS = 1_500

/** Creates a coordinator; nothing happens before start(). */
export function createSyncCoordinator(deps: SyncCoordinatorDeps): SyncCoordinator {
  const { db, api, locks, timers } = deps
  const batchSize = deps.batchSize ?? DEFAULT_BATCH_SIZE
  const env: OutboxEnv = { now: () => new Date(deps.now()).toISOString(), newId: () => crypto.randomUUID() }
  const statusListeners = new Set<(s: SyncStatus) => void>()
  const batchListeners = new Set<(s: OutcomeSummary) => void>()
  let status: SyncStatus = { running: false, pause: null, categoryPauses: [], lastSyncAt: null, progress: null, lastError: null }
  let stopped = true
  let draining: Promise<void> | null = null
  /** Drain requests so far: a request during a drain makes the drain run once more. */
  let requests = 0
  let wakeTimer: unknown = null
  /** Nearest end of a settle time or verification due (the queue's own timers), ISO; null when none. */
  let queueWakeAt: string | null = null
  let debounceTimer: unknown = null
  let unsubscribeProgress: (() => void) | null = null
  /** End of the pause the last drain stopped on, even one already over when the status is read (a short jitter). */
  let stoppedOnPause: string | null = null

  function update(patch: Partial<SyncStatus>): void {
    status = { ...status, ...patch }
    for (const listener of statusListeners) listener(status)
  }

  async function reloadStatus(): Promise<void> {
    const nowMs = deps.now()
    const pause = await activePause(db, nowMs)
    update({
      pause: pause === null ? null : { code: pause.code, message: pause.message, resumeAt: pause.resumeAt },
      categoryPauses: await activeCategoryPauses(db, nowMs),
      lastSyncAt: (await getMeta(db, 'sync.lastSyncAt')) ?? null,
    })
  }

  /** Sets the one timer to the end of the nearest pause (global or category). */
  function scheduleWake(): void {
    if (wakeTimer !== null) timers.clearTimeout(wakeTimer)
    wakeTimer = null
    const at = nextWakeAt([status.pause?.resumeAt, stoppedOnPause, ...status.categoryPauses.map((p) => p.resumeAt), queueWakeAt])
    if (stopped || at === null) return
    wakeTimer = timers.setTimeout(
      () => {
        wakeTimer = null
        void drain()
      },
      Math.max(0, at - deps.now()),
    )
  }

  async function fail(code: string, message: string, retryAfterMs: number | null = null): Promise<void> {
    stoppedOnPause = (await registerFailure(db, { code, message }, retryAfterMs, deps.now(), deps.random())).resumeAt
  }

  /** What the batch and verification passes need from the coordinator. */
  const pass: SyncPassContext = {
    db,
    api,
    env,
    now: deps.now,
    categoryPauseMs: deps.categoryPauseMs ?? CATEGORY_PAUSE_MS,
    fail,
    update,
    batchDone: (summary) => {
      for (const listener of batchListeners) listener(summary)
    },
    active: () => !stopped && deps.isOnline?.() !== false,
  }

  /** One drain, inside the lock. */
  async function drainLocked(): Promise<void> {
    update({ running: true })
    stoppedOnPause = null
    try {
      await recoverInterrupted(db, env)
      // Pipelined once the road works (drain.ts, docs/exactly-once.md "Pipelining").
      await drainBatches({ pass, batchSize, ...(deps.probe === undefined ? {} : { probe: deps.probe }) })
      await verifyDue(pass)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      update({ lastError: `Synchronisation interrompue : ${message}` })
      await fail('ERREUR_LOCALE', 'La synchronisation s’est interrompue sur ce poste : nouvel essai dans un moment.')
    } finally {
      update({ running: false, progress: null })
    }
  }

  function drain(): Promise<void> {
    if (stopped) return Promise.resolve()
    requests += 1
    if (draining !== null) return draining
    const run = async (): Promise<void> => {
      let served: number
      do {
        served = requests
        await locks.request(SYNC_LOCK_NAME, drainLocked)
        await reloadStatus()
        queueWakeAt = await nextSyncWakeAt(db)
      } while (served !== requests && !stopped)
      scheduleWake()
    }
    draining = run()
      .catch((error: unknown) => {
        update({ running: false, lastError: `Synchronisation interrompue : ${error instanceof Error ? error.message : String(error)}` })
      })
      .finally(() => {
        draining = null
      })
    return draining
  }

  async function connectionRestored(): Promise<void> {
    await clearPause(db, true)
    await reloadStatus()
    await drain()
  }

  function onOnline(): void {
    void connectionRestored()
  }

  return {
    async start() {
      if (!stopped) return
      stopped = false
      unsubscribeProgress = api.onSyncChanged((p) => {
        if (status.running) update({ progress: { done: p.done, total: p.total } })
      })
      deps.events?.addEventListener('online', onOnline)
      await reloadStatus()
      await drain()
    },
    stop() {
      stopped = true
      unsubscribeProgress?.()
      unsubscribeProgress = null
      deps.events?.removeEventListener('online', onOnline)
      for (const t of [wakeTimer, debounceTimer]) if (t !== null) timers.clearTimeout(t)
      wakeTimer = null
      debounceTimer = null
    },
    notifyNewEntries() {
      if (stopped) return
      if (debounceTimer !== null) timers.clearTimeout(debounceTimer)
      debounceTimer = timers.setTimeout(() => {
        debounceTimer = null
        void drain()
      }, deps.debounceMs ?? NEW_ENTRIES_DEBOUNCE_MS)
    },
    async syncNow() {
      await clearPause(db)
      await reloadStatus()
      await drain()
    },
    connectionRestored,
    async rightsRefreshed(droits) {
      // A right granted again may free entries that waited (paused after a 403, or left out by /api/moi).
      await liftCategoryPauses(db, droits, deps.now())
      await reloadStatus()
      await drain()
    },
    drain,
    status: () => status,
    subscribe(listener) {
      statusListeners.add(listener)
      return () => statusListeners.delete(listener)
    },
    onBatch(listener) {
      batchListeners.add(listener)
      return () => batchListeners.delete(listener)
    },
  }
}
