/**
 * Handlers of the `bulletins:*` channels (issue 15, points 1 to 3): the payslips of a dossier's period, one payslip
 * with its notes, the computation of a period, one workflow action (bulletins/workflow.ts, exactly-once rule #50).
 */
import { REPORT_CONTEXTS } from '../../../src-shared/domain/reports'
import type { IpcHandlers } from '../dispatcher'
import { actOnBulletin, computePeriod, listBulletins, readBulletin, type BulletinDeps } from '../../bulletins/workflow'
import type { PayrollConnection } from '../../services/connection'
import { ipcErrorFromApi, requireConnection } from './shared'

/** What the `bulletins:*` handlers read. */
export interface BulletinHandlerDeps {
  /** The active payroll connection, read on each call; null when none is configured. */
  readonly connection: () => PayrollConnection | null
}

type Channels = 'bulletins:list' | 'bulletins:read' | 'bulletins:compute' | 'bulletins:act'

function depsOf(connection: PayrollConnection): BulletinDeps {
  return { client: connection.client, budget: connection.budget, clock: connection.clock, timeoutMs: connection.timeoutMs }
}

/**
 * Handlers of the payslip channels. Reads and the period's computation fail with CONNEXION_ABSENTE or the API's
 * code (contexte `BULLETINS`); `bulletins:act` answers its outcome (applied, already applied, refused, not sent,
 * unknown) and fails only with CONNEXION_ABSENTE.
 */
export function createBulletinHandlers(deps: BulletinHandlerDeps): Pick<IpcHandlers, Channels> {
  async function withApi<T>(work: (d: BulletinDeps) => Promise<T>): Promise<T> {
    const connection = requireConnection(deps.connection())
    try {
      return await work(depsOf(connection))
    } catch (error) {
      throw ipcErrorFromApi(error, REPORT_CONTEXTS.bulletins)
    }
  }
  return {
    'bulletins:list': (input) => withApi((d) => listBulletins(d, input)),
    'bulletins:read': (input) => withApi((d) => readBulletin(d, input)),
    'bulletins:compute': (input) => withApi((d) => computePeriod(d, input)),
    'bulletins:act': (input) => actOnBulletin(depsOf(requireConnection(deps.connection())), input),
  }
}
