/**
 * Handler of `reference:refresh`: main fetches the reference data (rights, dossiers, employees, code lists) and
 * answers it; the renderer caches it with `fetchedAt`.
 */
import { REPORT_CONTEXTS } from '../../../src-shared/domain/reports'
import type { IpcHandlers } from '../dispatcher'
import { fetchReferenceSnapshot } from '../../reference/refresh'
import type { PayrollConnection } from '../../services/connection'
import { ipcErrorFromApi, requireConnection } from './shared'

/** What the `reference:*` handlers read. */
export interface ReferenceHandlerDeps {
  /** The active payroll connection, read on each call; null when none is configured. */
  readonly connection: () => PayrollConnection | null
}

/**
 * Handlers of the `reference:*` channels.
 * `reference:refresh` fails with CONNEXION_ABSENTE (no connection) or the API's error code and a French message
 * (`Référentiel non mis à jour : …`), details `{ status, retryAfterMs, droitManquant }`.
 */
export function createReferenceHandlers(deps: ReferenceHandlerDeps): Pick<IpcHandlers, 'reference:refresh'> {
  return {
    'reference:refresh': async (input) => {
      const connection = requireConnection(deps.connection())
      try {
        return await fetchReferenceSnapshot(connection.client, input.sirens, { budget: connection.budget })
      } catch (error) {
        throw ipcErrorFromApi(error, REPORT_CONTEXTS.referentiel)
      }
    },
  }
}
