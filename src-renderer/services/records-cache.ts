/**
 * The cached records of the service (issue 14, point 1): main lists what the payroll service holds for one dossier
 * and period (`records:refresh`); the renderer keeps the answer in Dexie (tables `serviceRecords` and
 * `serviceReads`, schema v7) with the instant it was fetched, so the entry screens show it offline with its age.
 */
import { recordsOf, refusedKindsOf, type RecordsRefreshResult } from '../../src-shared/domain/service-records'
import type { IpcResult, WindowApi } from '../../src-shared/ipc/contract'
import type { PaieDb, ServiceReadRow, ServiceRecordRow } from '../db/schema'

/** The part of `window.api` this module uses. */
export type RecordsApi = Pick<WindowApi, 'records:refresh'>

/** What the cache holds for one dossier and period. */
export interface CachedRecords {
  /** The records, in the order the service listed them, kind by kind. */
  readonly rows: ServiceRecordRow[]
  /** When they were read and which kinds were refused; null when this dossier and period was never read. */
  readonly read: ServiceReadRow | null
}

/** The rows to store for one answer (one per record; `matricule` and `id` copied out for the indexes). */
export function rowsOf(result: RecordsRefreshResult): ServiceRecordRow[] {
  return recordsOf(result).map((r) => ({
    ...r,
    siren: result.siren,
    periode: result.periode,
    matricule: r.record.matricule,
    id: r.record.id,
  }))
}

/**
 * Asks main for the records of `siren` in `periode` and replaces that dossier and period in the cache in ONE
 * transaction (records and read instant together; other dossiers and periods untouched).
 * @returns main's envelope; on `ok: false` (code worded by the view) the cache is left as it was.
 */
export async function refreshServiceRecords(
  db: PaieDb,
  api: RecordsApi,
  siren: string,
  periode: string,
): Promise<IpcResult<RecordsRefreshResult>> {
  const result = await api['records:refresh']({ siren, periode })
  if (!result.ok) return result
  const answer = result.value
  await db.transaction('rw', db.serviceRecords, db.serviceReads, async () => {
    await db.serviceRecords.where('[siren+periode]').equals([siren, periode]).delete()
    await db.serviceRecords.bulkPut(rowsOf(answer))
    await db.serviceReads.put({ siren, periode, fetchedAt: answer.fetchedAt, refused: refusedKindsOf(answer) })
  })
  return result
}

/** The cached records of `siren` in `periode` (works offline). */
export async function loadServiceRecords(db: PaieDb, siren: string, periode: string): Promise<CachedRecords> {
  return db.transaction('r', db.serviceRecords, db.serviceReads, async () => {
    const [rows, read] = await Promise.all([
      db.serviceRecords.where('[siren+periode]').equals([siren, periode]).toArray(),
      db.serviceReads.get([siren, periode]),
    ])
    return { rows, read: read ?? null }
  })
}
