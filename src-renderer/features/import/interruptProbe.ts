/**
 * TEST-ONLY probe of the import's all-or-none write (issue 17: « an interrupted import — window reloaded mid-way —
 * leaves either all its rows or none »). A reload racing the queueing transaction from outside cannot be timed; this
 * probe reloads the window from INSIDE the transaction, deterministically: after `afterRows` outbox rows were created
 * by it (a Dexie `creating` hook), it marks sessionStorage (`INTERRUPT_MARK`, the row count), keeps the transaction
 * busy (one IndexedDB request after another, so it can never commit) and calls `location.reload()`. The page's
 * teardown then aborts the transaction: the e2e test asserts that none of the import's rows are in the queue.
 *
 * Guard: armed only when the window carries `__paieImportInterrupt = { afterRows: N }`, which nothing in the app sets
 * (test/e2e/import-cumuls-and-failures.e2e.test.ts sets it through Playwright just before queueing); otherwise
 * {@link armInterruptProbe} does nothing and costs one property read. When the flag is removed while the transaction is held (component tests,
 * where no reload tears the page down), the probe aborts the transaction itself, as the teardown would.
 */
import type { Transaction } from 'dexie'
import { z } from 'zod'

import type { PaieDb } from '../../db/schema'

declare global {
  interface Window {
    /** Set by the import e2e test only (see the file comment). */
    __paieImportInterrupt?: unknown
  }
}

/** sessionStorage key the probe writes (the number of rows created) before it reloads. */
export const INTERRUPT_MARK = 'paie-import-interrupted'

const Flag = z.object({ afterRows: z.number().int().positive() })

/** Requests on `tx` one after the other until the page goes (or the flag is removed: then `tx` is aborted). */
function holdOpen(tx: IDBTransaction, storeName: string): void {
  const store = tx.objectStore(storeName)
  const again = (): void => {
    if (window.__paieImportInterrupt === undefined) {
      tx.abort()
      return
    }
    store.count().onsuccess = again
  }
  again()
}

/**
 * Arms the probe on `db.outbox` when the test flag is set (see the file comment).
 * @returns the disarming function (call it once the import's write settled)
 */
export function armInterruptProbe(db: PaieDb): () => void {
  const flag = Flag.safeParse(typeof window === 'undefined' ? undefined : window.__paieImportInterrupt)
  if (!flag.success) return () => undefined
  const { afterRows } = flag.data
  let created = 0
  const hook = (_key: unknown, _entry: unknown, transaction: Transaction): void => {
    created += 1
    if (created !== afterRows) return
    window.sessionStorage.setItem(INTERRUPT_MARK, String(created))
    holdOpen(transaction.idbtrans, db.outbox.name)
    window.location.reload()
  }
  db.outbox.hook('creating', hook)
  return () => {
    db.outbox.hook('creating').unsubscribe(hook)
  }
}
