/**
 * The cached billing counters (issue 18, point 3): main reads the months (`facturations:list`); the renderer keeps the
 * rows in Dexie (`facturations`, schema v11) with the instant and the months read (`cabinetReads`), so the billing
 * screen stays readable offline with its age.
 */
import type { Facturation } from '../../src-shared/api/cabinet'
import type { FacturationsListResult } from '../../src-shared/domain/cabinet'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import type { PaieDb } from '../db/schema'

/** The part of `window.api` the billing screen uses. */
export type BillingApi = Pick<WindowApi, 'facturations:list'>

/** The cached rows and when (ISO instant, null: never) and which months they were read. */
export interface CachedFacturations {
  readonly rows: Facturation[]
  readonly fetchedAt: string | null
  readonly periodes: readonly string[]
}

/**
 * Reads `periodes` through main and replaces the cached rows of those months with the answer, in ONE transaction
 * (rows of other months are kept).
 * @returns main's envelope; on `ok: false` (code worded by the view) the cache is left as it was.
 */
export async function refreshFacturations(
  db: PaieDb,
  api: BillingApi,
  periodes: readonly string[],
): Promise<IpcResult<FacturationsListResult>> {
  const result = await api['facturations:list']({ periodes: [...periodes] })
  if (!result.ok) return result
  const { fetchedAt, facturations } = result.value
  await db.transaction('rw', db.facturations, db.cabinetReads, async () => {
    await db.facturations.where('periode').anyOf(result.value.periodes).delete()
    await db.facturations.bulkPut(facturations)
    await db.cabinetReads.put({ key: 'facturations', fetchedAt, periodes: result.value.periodes })
  })
  return result
}

/** Every cached row (by period, then SIREN) with the instant and months of the last read. */
export async function loadFacturations(db: PaieDb): Promise<CachedFacturations> {
  return db.transaction('r', db.facturations, db.cabinetReads, async () => {
    const [rows, read] = await Promise.all([db.facturations.orderBy('periode').toArray(), db.cabinetReads.get('facturations')])
    return {
      rows,
      fetchedAt: read?.fetchedAt ?? null,
      periodes: read?.key === 'facturations' ? read.periodes : [],
    }
  })
}
