/**
 * Errors that cross the IPC boundary: a code and parameters the renderer words (src-shared/domain/reports.ts),
 * and the technical descriptions of the IPC layer's own codes (for the log; never shown).
 */
import type { ReportParams } from '../../src-shared/domain/reports'
import { IPC_ERROR_CODES } from '../../src-shared/ipc/contract'
import type { IpcError } from '../../src-shared/ipc/contract'

/** Technical descriptions of the IPC layer's own codes (the renderer words the codes). */
export const IPC_ERROR_MESSAGES = {
  [IPC_ERROR_CODES.entreeInvalide]: 'input does not match the channel schema; request not processed',
  [IPC_ERROR_CODES.expediteurRefuse]: 'sender refused: not the main frame of the application origin',
  [IPC_ERROR_CODES.canalInconnu]: 'unknown channel; request not processed',
  [IPC_ERROR_CODES.erreurInterne]: 'unexpected failure in main',
} as const satisfies Readonly<Record<(typeof IPC_ERROR_CODES)[keyof typeof IPC_ERROR_CODES], string>>

/** Codes the IPC layer answers by itself, each with its message in {@link IPC_ERROR_MESSAGES}. */
export type IpcLayerErrorCode = keyof typeof IPC_ERROR_MESSAGES

/**
 * Error a handler throws to answer a specific `{ ok: false, error }` instead of the generic `ERREUR_INTERNE`:
 * `throw new IpcHandlerError('HORS_LIGNE', 'payroll service unreachable', undefined, { params: { status: 503 } })`.
 * Its `code` and `params` (worded by the renderer), `message` (technical, for the log) and `details`
 * (structured-cloneable; no token, no NIR, no IBAN) are sent to the renderer; its stack and `cause` are not. Any
 * other thrown value becomes `ERREUR_INTERNE`.
 */
export class IpcHandlerError extends Error {
  /** Stable SCREAMING_SNAKE_CASE code the renderer words and can switch on. */
  readonly code: string
  /** Parameters of the wording (src-shared/domain/reports.ts). */
  readonly params: ReportParams | undefined
  /** Optional structured data for the renderer (e.g. the API's BridgeError body). */
  readonly details: unknown

  constructor(code: string, message: string, details?: unknown, options?: ErrorOptions & { params?: ReportParams }) {
    super(message, options)
    this.name = 'IpcHandlerError'
    this.code = code
    this.params = options?.params
    this.details = details
  }
}

/** Envelope error for one of the IPC layer's own codes. */
export function ipcLayerError(code: IpcLayerErrorCode, details?: unknown): IpcError {
  return details === undefined ? { code, message: IPC_ERROR_MESSAGES[code] } : { code, message: IPC_ERROR_MESSAGES[code], details }
}

/**
 * Envelope error for a value thrown by a handler: an {@link IpcHandlerError} keeps its code, params, message and
 * details; anything else becomes `ERREUR_INTERNE` with a generic message. Never includes a stack trace.
 */
export function errorFromThrown(thrown: unknown): IpcError {
  if (thrown instanceof IpcHandlerError) {
    return {
      code: thrown.code,
      message: thrown.message,
      ...(thrown.params === undefined ? {} : { params: thrown.params }),
      ...(thrown.details === undefined ? {} : { details: thrown.details }),
    }
  }
  return ipcLayerError(IPC_ERROR_CODES.erreurInterne)
}
