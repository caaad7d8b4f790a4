/**
 * Errors that cross the IPC boundary, and the French messages of the IPC layer's own error codes.
 */
import { IPC_ERROR_CODES } from '../../src-shared/ipc/contract'
import type { IpcError } from '../../src-shared/ipc/contract'

/** French messages of the IPC layer's own codes, shown as is to the clerk. */
export const IPC_ERROR_MESSAGES = {
  [IPC_ERROR_CODES.entreeInvalide]: 'Les données transmises sont invalides : la demande n’a pas été traitée.',
  [IPC_ERROR_CODES.expediteurRefuse]: 'Demande refusée : elle ne vient pas de la fenêtre de l’application.',
  [IPC_ERROR_CODES.canalInconnu]: 'Action inconnue : la demande n’a pas été traitée.',
  [IPC_ERROR_CODES.erreurInterne]: 'Une erreur inattendue est survenue. Réessayez ; si le problème persiste, contactez le support.',
} as const satisfies Readonly<Record<(typeof IPC_ERROR_CODES)[keyof typeof IPC_ERROR_CODES], string>>

/** Codes the IPC layer answers by itself, each with its message in {@link IPC_ERROR_MESSAGES}. */
export type IpcLayerErrorCode = keyof typeof IPC_ERROR_MESSAGES

/**
 * Error a handler throws to answer a specific `{ ok: false, error }` instead of the generic `ERREUR_INTERNE`:
 * `throw new IpcHandlerError('HORS_LIGNE', 'Pas de connexion au service de paie.')`.
 * Its `code`, `message` (French, for the clerk) and `details` (structured-cloneable; no token, no NIR, no IBAN)
 * are sent to the renderer; its stack and `cause` are not. Any other thrown value becomes `ERREUR_INTERNE`.
 */
export class IpcHandlerError extends Error {
  /** Stable SCREAMING_SNAKE_CASE code the renderer can switch on. */
  readonly code: string
  /** Optional structured data for the renderer (e.g. the API's BridgeError body). */
  readonly details: unknown

  constructor(code: string, message: string, details?: unknown, options?: ErrorOptions) {
    super(message, options)
    this.name = 'IpcHandlerError'
    this.code = code
    this.details = details
  }
}

/** Envelope error for one of the IPC layer's own codes. */
export function ipcLayerError(code: IpcLayerErrorCode, details?: unknown): IpcError {
  return details === undefined ? { code, message: IPC_ERROR_MESSAGES[code] } : { code, message: IPC_ERROR_MESSAGES[code], details }
}

/**
 * Envelope error for a value thrown by a handler: an {@link IpcHandlerError} keeps its code, message and details;
 * anything else becomes `ERREUR_INTERNE` with a generic message. Never includes a stack trace.
 */
export function errorFromThrown(thrown: unknown): IpcError {
  if (thrown instanceof IpcHandlerError) {
    return thrown.details === undefined
      ? { code: thrown.code, message: thrown.message }
      : { code: thrown.code, message: thrown.message, details: thrown.details }
  }
  return ipcLayerError(IPC_ERROR_CODES.erreurInterne)
}
