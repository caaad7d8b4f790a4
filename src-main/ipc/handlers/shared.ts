/**
 * Helpers shared by the handlers that talk to the payroll API.
 */
import { ApiError } from '../../api/errors'
import { IpcHandlerError } from '../errors'
import type { PayrollConnection } from '../../services/connection'

/** Code answered when no payroll connection is configured. */
export const CONNEXION_ABSENTE = 'CONNEXION_ABSENTE'

/** French message answered when no payroll connection is configured. */
export const CONNEXION_ABSENTE_MESSAGE = 'Aucun service de paie n’est configuré : la demande n’a pas pu être envoyée.'

/** The active connection. @throws IpcHandlerError CONNEXION_ABSENTE when there is none. */
export function requireConnection(connection: PayrollConnection | null): PayrollConnection {
  if (connection === null) throw new IpcHandlerError(CONNEXION_ABSENTE, CONNEXION_ABSENTE_MESSAGE)
  return connection
}

/**
 * An API failure as an IPC error: the API's code and French message prefixed by what failed, with `details`
 * `{ status, retryAfterMs, droitManquant }` (no BridgeError body: it may name an employee). Other values are
 * rethrown unchanged (the dispatcher answers ERREUR_INTERNE).
 * @param what French prefix, e.g. `'Référentiel non mis à jour'`.
 */
export function ipcErrorFromApi(error: unknown, what: string): unknown {
  if (!(error instanceof ApiError)) return error
  return new IpcHandlerError(error.code, `${what} : ${error.message}`, {
    status: error.status,
    retryAfterMs: error.retryAfterMs,
    droitManquant: error.missingRight ?? null,
  }, { cause: error })
}
