/**
 * Wires the renderer's services for the running window: the profile's database, `window.api`, the sync
 * coordinator on the Web Locks API and the window's timers and network events.
 */
import { PaieDb } from '../db/schema'
import { defaultOutboxEnv } from '../db/write'
import { createSyncCoordinator } from '../sync/coordinator'
import { webLockManager } from '../sync/locks'
import { configureServices } from './app-services'
import type { AppServices } from './app-services'

/**
 * Creates and installs the services of this window.
 * @param dbName IndexedDB database of the profile (default `paie-demo`)
 */
export function bootstrapServices(dbName?: string): AppServices {
  const db = new PaieDb(dbName)
  const networkOnline = (): boolean => navigator.onLine
  const coordinator = createSyncCoordinator({
    db,
    api: window.api,
    locks: webLockManager(navigator.locks),
    timers: {
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => {
        if (typeof handle === 'number') window.clearTimeout(handle)
      },
    },
    now: () => Date.now(),
    random: () => Math.random(),
    events: window,
    isOnline: networkOnline,
    // Before claiming after a network pause: does the payroll service answer? (sync/probe-gate.ts)
    probe: async () => {
      const result = await window.api['connection:probe']({})
      return result.ok && result.value.online
    },
  })
  const services: AppServices = { db, api: window.api, coordinator, now: () => Date.now(), outboxEnv: defaultOutboxEnv, networkOnline }
  configureServices(services)
  return services
}
