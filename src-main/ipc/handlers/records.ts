/**
 * Handler of `records:refresh` (issue 14, point 1): main lists the service's records of one dossier and period
 * (records/fetch.ts) and answers them; the renderer caches them with `fetchedAt` and shows them beside its entries.
 */
import { REPORT_CONTEXTS } from '../../../src-shared/domain/reports'
import type { IpcHandlers } from '../dispatcher'
import { fetchServiceRecords } from '../../records/fetch'
import type { PayrollConnection } from '../../services/connection'
import { ipcErrorFromApi, requireConnection } from './shared'

/** What the `records:*` handlers read. */
export interface RecordsHandlerDeps {
  /** The active payroll connection, read on each call; null when none is configured. */
  readonly connection: () => PayrollConnection | null
}

/**
 * Handlers of the `records:*` channels.
 * `records:refresh` answers every kind's records (a kind refused for a missing right says so, the others are read);
 * it fails with CONNEXION_ABSENTE (no connection) or the API's error code, contexte `ENREGISTREMENTS`, details
 * `{ status, retryAfterMs, droitManquant }`.
 */
export function createRecordsHandlers(deps: RecordsHandlerDeps): Pick<IpcHandlers, 'records:refresh'> {
  return {
    'records:refresh': async (input) => {
      const connection = requireConnection(deps.connection())
      try {
        return await fetchServiceRecords(connection.client, input, { budget: connection.budget })
      } catch (error) {
        throw ipcErrorFromApi(error, REPORT_CONTEXTS.enregistrements)
      }
    },
  }
}
