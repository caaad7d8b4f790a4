/**
 * The lock that makes one sync driver across windows (ARCHITECTURE.md "Sync"): the Web Locks API in the app,
 * a fake in tests. A lock is held for the duration of one drain; a second request waits for it.
 */

/** Name of the Web Lock held while a window drains the outbox. */
export const SYNC_LOCK_NAME = 'paie-sync'

/** The part of the Web Locks API the coordinator uses: an exclusive lock held while `callback` runs. */
export interface SyncLockManager {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>
}

/**
 * Adapts `navigator.locks` (exclusive mode; the browser releases the lock when the window goes away, even in
 * the middle of a push).
 */
export function webLockManager(locks: LockManager): SyncLockManager {
  return {
    async request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      return locks.request(name, { mode: 'exclusive' }, () => callback())
    },
  }
}
