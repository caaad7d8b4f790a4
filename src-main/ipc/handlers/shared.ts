/**
 * Helpers shared by the handlers that talk to the payroll API.
 */
import type { ReportParams } from '../../../src-shared/domain/reports'
import { ApiError } from '../../api/errors'
import { IpcHandlerError } from '../errors'
import type { PayrollConnection } from '../../services/connection'

/** Code answered when no payroll connection is configured. */
export const CONNEXION_ABSENTE = 'CONNEXION_ABSENTE'

/** Technical message of {@link CONNEXION_ABSENTE} (the renderer words the code). */
export const CONNEXION_ABSENTE_MESSAGE = 'no payroll connection configured; request not sent'

/** The active connection. @throws IpcHandlerError CONNEXION_ABSENTE when there is none. */
export function requireConnection(connection: PayrollConnection | null): PayrollConnection {
  if (connection === null) throw new IpcHandlerError(CONNEXION_ABSENTE, CONNEXION_ABSENTE_MESSAGE)
  return connection
}

/**
 * An API failure as an IPC error: the API's code, message (the service's words, or technical) and wording
 * parameters, plus `contexte` (what failed, REPORT_CONTEXTS) and the `status`; `details`
 * `{ status, retryAfterMs, droitManquant }` (no BridgeError body: it may name an employee). Other values are
 * rethrown unchanged (the dispatcher answers ERREUR_INTERNE).
 * @param contexte what failed, e.g. `REPORT_CONTEXTS.referentiel`.
 */
export function ipcErrorFromApi(error: unknown, contexte: string): unknown {
  if (!(error instanceof ApiError)) return error
  const params: ReportParams = { ...error.params, contexte, ...(error.status === null ? {} : { status: error.status }) }
  return new IpcHandlerError(
    error.code,
    error.message,
    {
      status: error.status,
      retryAfterMs: error.retryAfterMs,
      droitManquant: error.missingRight ?? null,
    },
    { cause: error, params },
  )
}
