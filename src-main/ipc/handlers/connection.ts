/**
 * Handler of `connection:probe`: is the payroll service reachable now (GET /api/health with a short timeout)?
 */
import type { IpcHandlers } from '../dispatcher'
import { probeConnection, type PayrollConnection } from '../../services/connection'

/** What the `connection:*` handlers read; supplied by the app wiring (or by a test). */
export interface ConnectionHandlerDeps {
  /** The active payroll connection, read on each call; null when none is configured (demo failed to start). */
  readonly connection: () => PayrollConnection | null
  /** Why there is no connection (e.g. secret missing from the keychain), shown by the probe; null or absent: none configured. */
  readonly connectionProblem?: () => string | null
  /** Timeout of the health probe in ms (default 3 000, PROBE_TIMEOUT_MS). */
  readonly probeTimeoutMs?: number
}

/** Handlers of the `connection:*` channels. `connection:probe` never fails: offline is `online: false`. */
export function createConnectionHandlers(deps: ConnectionHandlerDeps): Pick<IpcHandlers, 'connection:probe'> {
  return {
    'connection:probe': async () => {
      const status = await probeConnection(deps.connection(), deps.probeTimeoutMs === undefined ? {} : { timeoutMs: deps.probeTimeoutMs })
      const problem = deps.connection() === null ? (deps.connectionProblem?.() ?? null) : null
      return problem === null ? status : { ...status, message: problem }
    },
  }
}
