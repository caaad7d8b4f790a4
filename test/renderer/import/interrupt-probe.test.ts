// @vitest-environment happy-dom
/**
 * The test-only probe of the import's all-or-none write (features/import/interruptProbe.ts, issue 17): disarmed
 * without the window flag; armed, it reloads the window from INSIDE the queueing transaction after N rows and holds
 * the transaction open, so that the page's teardown aborts it (simulated here by removing the flag): nothing of the
 * import is left in the outbox nor in its counts, and the probe is gone afterwards.
 */
import '../support/db'

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import type { PaieDb } from '../../../src-renderer/db/schema'
import { INTERRUPT_MARK } from '../../../src-renderer/features/import/interruptProbe'
import { proposeMapping } from '../../../src-renderer/features/import/mapping'
import { previewRows } from '../../../src-renderer/features/import/preview'
import { queueImport } from '../../../src-renderer/features/import/queue'
import { dbWithReference, testEnv } from '../support/db'
import { SIREN, codesAbsences, codesEvp, codesPrimes, salaries } from '../support/fixtures'
import { tableFrom, wideSheet, workbook } from './workbooks'

let db: PaieDb
const env = testEnv()
const ref = { salaries: salaries.filter((s) => s.siren === SIREN), codes: { evp: codesEvp, absences: codesAbsences, primes: codesPrimes } }

beforeEach(async () => {
  db = await dbWithReference()
  window.sessionStorage.clear()
})
afterEach(async () => {
  delete window.__paieImportInterrupt
  vi.restoreAllMocks()
  await db.delete()
})

async function wideRows(): Promise<Awaited<ReturnType<typeof previewRows>>> {
  const table = tableFrom(workbook([wideSheet()]), 'evp.xlsx')
  return previewRows(db, table.rows, proposeMapping(table, 'evp', ref), { siren: SIREN, periode: '2026-11', ...ref })
}

describe('interrupt probe of the import', () => {
  it('reloads from inside the transaction after N rows; the aborted transaction leaves none of the rows', async () => {
    const rows = await wideRows()
    const countsBefore = await db.counts.toArray()
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined)
    window.__paieImportInterrupt = { afterRows: 2 }
    const queued = queueImport(db, rows, { asDraft: false, includeWarnings: false }, env)
    const settled = queued.then(
      () => 'committed',
      () => 'aborted',
    )
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1)
    })
    expect(window.sessionStorage.getItem(INTERRUPT_MARK)).toBe('2')
    // Held open: the rows written so far are not committed while the page goes.
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(await Promise.race([settled, Promise.resolve('pending')])).toBe('pending')
    // The page's teardown (here: the flag removed) aborts the transaction.
    delete window.__paieImportInterrupt
    expect(await settled).toBe('aborted')
    expect(await db.outbox.count()).toBe(0)
    expect(await db.counts.toArray()).toEqual(countsBefore)

    // Disarmed after the attempt: the same import without the flag writes all its rows.
    expect((await queueImport(db, rows, { asDraft: false, includeWarnings: false }, env)).saved).toBe(3)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(await db.outbox.count()).toBe(3)
  })

  it('does nothing without the flag, or with a flag that does not read', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined)
    window.__paieImportInterrupt = { afterRows: 'deux' }
    expect((await queueImport(db, await wideRows(), { asDraft: false, includeWarnings: false }, env)).saved).toBe(3)
    expect(reload).not.toHaveBeenCalled()
    expect(window.sessionStorage.getItem(INTERRUPT_MARK)).toBeNull()
  })
})
