/**
 * Sync store: the state of the sync coordinator for the header and the pause banners (online, running, pauses,
 * last sync, progress), and the actions that trigger it. The coordinator does the work (sync/coordinator.ts);
 * this store mirrors its status and the network state.
 */
import { useIntervalFn } from '@vueuse/core'
import { defineStore } from 'pinia'
import { onScopeDispose, ref } from 'vue'

import type { Categorie } from '../../src-shared/api/categories'
import type { ConnectionStatus } from '../../src-shared/domain/reference'
import { appServices } from '../services/app-services'
import type { SyncStatus } from '../sync/coordinator'

/** While offline or paused, how often the payroll service is probed again (ms): a clerk back on the network sees
 * the queue leave within this delay, without a click. */
export const OFFLINE_PROBE_INTERVAL_MS = 15_000

export const useSyncStore = defineStore('sync', () => {
  /** The machine has a network (navigator.onLine) and the last `connection:probe` reached the payroll service. */
  const online = ref(true)
  /** A drain runs in this window (it holds the sync lock). */
  const running = ref(false)
  /** Global pause: French reason and ISO instant it resumes by itself. */
  const pause = ref<{ code: string; message: string; resumeAt: string } | null>(null)
  /** Categories paused for a missing right, each until `resumeAt` or a reference refresh showing the right. */
  const categoryPauses = ref<{ category: Categorie; message: string; resumeAt: string }[]>([])
  /** ISO instant of the last batch that went through. */
  const lastSyncAt = ref<string | null>(null)
  /** Entries finished / total in the push in flight. */
  const progress = ref<{ done: number; total: number } | null>(null)
  /** French message of the last sync or probe failure; null after a success. */
  const lastError = ref<string | null>(null)
  /** Answer of the last `connection:probe`. */
  const lastProbe = ref<ConnectionStatus | null>(null)
  /** navigator.onLine as last seen. */
  const networkOnline = ref(true)

  let started = false
  const cleanups: (() => void)[] = []

  function updateOnline(): void {
    online.value = networkOnline.value && (lastProbe.value?.online ?? true)
  }

  function mirror(status: SyncStatus): void {
    // A new pause may mean the service went away: probe so the indicator says so at once.
    if (status.pause !== null && pause.value === null && started) void probe()
    // A batch went through while the indicator said offline: the service is back, let the indicator say so.
    if (status.lastSyncAt !== null && status.lastSyncAt !== lastSyncAt.value && !online.value && started) void probe()
    running.value = status.running
    pause.value = status.pause === null ? null : { ...status.pause }
    categoryPauses.value = status.categoryPauses.map((p) => ({ ...p }))
    lastSyncAt.value = status.lastSyncAt
    progress.value = status.progress === null ? null : { ...status.progress }
    lastError.value = status.lastError
  }

  /**
   * Asks main whether the payroll service answers (GET /api/health). Coming back online lifts a network pause
   * (not one the server asked for with Retry-After) and drains.
   * @returns the probe's answer, or null when the IPC call failed (`lastError` says why)
   */
  async function probe(): Promise<ConnectionStatus | null> {
    const { api, coordinator } = appServices()
    const wasOnline = online.value
    const result = await api['connection:probe']({})
    if (!result.ok) {
      lastError.value = result.error.message
      return null
    }
    lastProbe.value = result.value
    updateOnline()
    if (online.value && (!wasOnline || pause.value !== null)) await coordinator.connectionRestored()
    return result.value
  }

  function onNetworkChange(): void {
    networkOnline.value = appServices().networkOnline()
    updateOnline()
    if (networkOnline.value) void probe()
  }

  /**
   * Starts the coordinator (idempotent): mirrors its status, follows the network state, probes the service
   * once, then drains whatever is queued. main.ts calls it after the app mounts.
   */
  async function start(): Promise<void> {
    if (started) return
    started = true
    const { coordinator } = appServices()
    networkOnline.value = appServices().networkOnline()
    updateOnline()
    mirror(coordinator.status())
    cleanups.push(coordinator.subscribe(mirror))
    if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
      window.addEventListener('online', onNetworkChange)
      window.addEventListener('offline', onNetworkChange)
      cleanups.push(() => {
        window.removeEventListener('online', onNetworkChange)
        window.removeEventListener('offline', onNetworkChange)
      })
    }
    await probe()
    await coordinator.start()
  }

  /** "Synchroniser maintenant": lifts the global pause and drains at once (resolves when the drain is over). */
  async function syncNow(): Promise<void> {
    await appServices().coordinator.syncNow()
  }

  /** After a reference refresh: lifts the pauses of categories whose right is back. */
  async function rightsRefreshed(droits: readonly Categorie[]): Promise<void> {
    await appServices().coordinator.rightsRefreshed(droits)
  }

  /** New entries were queued: the coordinator drains after a short quiet time (1.5 s). */
  function notifyNewEntries(): void {
    appServices().coordinator.notifyNewEntries()
  }

  // Offline or paused, probe now and then: the service may come back without a network event (VPN, captive portal,
  // a server restarted); a successful probe lifts a network pause (not a Retry-After one) and drains.
  useIntervalFn(() => {
    if (started && (!online.value || pause.value !== null)) void probe()
  }, OFFLINE_PROBE_INTERVAL_MS)

  onScopeDispose(() => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  })

  return {
    online,
    running,
    pause,
    categoryPauses,
    lastSyncAt,
    progress,
    lastError,
    lastProbe,
    networkOnline,
    start,
    syncNow,
    probe,
    rightsRefreshed,
    notifyNewEntries,
  }
})
