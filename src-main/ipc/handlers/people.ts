/**
 * Handlers of the dossier's people (issue 16): `salaries:sheet` (people/sheet.ts), `codes:list` and the extractions'
 * `extractions:list|start|read` (people/extractions.ts). Main reads through its typed client; the renderer caches
 * what it is answered; `people:push` sends the queued people writes of one dossier (people/writes.ts, #63), a new contract among them. The extraction's file is downloaded by the download jobs (`extractions:download`,
 * handlers/declarations.ts).
 */
import { REPORT_CONTEXTS } from '../../../src-shared/domain/reports'
import type { IpcHandlers } from '../dispatcher'
import { fetchCodeList, fetchSalarieSheet } from '../../people/sheet'
import { listExtractions, readExtraction, startExtraction } from '../../people/extractions'
import { pushPeopleWrites } from '../../people/writes'
import { listCumuls, putCumuls, type CumulsDeps } from '../../people/cumuls'
import type { PayrollConnection } from '../../services/connection'
import { ipcErrorFromApi, requireConnection } from './shared'

/** What the people handlers read. */
export interface PeopleHandlerDeps {
  /** The active payroll connection, read on each call; null when none is configured. */
  readonly connection: () => PayrollConnection | null
}

type Channels =
  | 'salaries:sheet'
  | 'codes:list'
  | 'extractions:list'
  | 'extractions:start'
  | 'extractions:read'
  | 'people:push'
  | 'cumuls:list'
  | 'cumuls:put'

function cumulsDepsOf(connection: PayrollConnection): CumulsDeps {
  return { client: connection.client, budget: connection.budget, timeoutMs: connection.timeoutMs }
}

/**
 * Handlers of the people channels. Each fails with CONNEXION_ABSENTE (no connection) or the API's error code and
 * message, contexte `SALARIE` (sheet), `REFERENTIEL` (code list), `EXTRACTION` or `CUMULS` (list), details
 * `{ status, retryAfterMs, droitManquant }`; `cumuls:put` answers its outcome and fails only with CONNEXION_ABSENTE.
 */
export function createPeopleHandlers(deps: PeopleHandlerDeps): Pick<IpcHandlers, Channels> {
  /** Runs `read` with the active connection, an API failure answered with `contexte`. */
  async function withConnection<T>(contexte: string, read: (connection: PayrollConnection) => Promise<T>): Promise<T> {
    const connection = requireConnection(deps.connection())
    try {
      return await read(connection)
    } catch (error) {
      throw ipcErrorFromApi(error, contexte)
    }
  }

  return {
    'salaries:sheet': (input) => withConnection(REPORT_CONTEXTS.salarie, (c) => fetchSalarieSheet(c.client, input, { budget: c.budget })),
    'codes:list': (input) =>
      withConnection(REPORT_CONTEXTS.referentiel, (c) => fetchCodeList(c.client, input.nomCode, { budget: c.budget })),
    'extractions:list': (input) =>
      withConnection(REPORT_CONTEXTS.extraction, (c) => listExtractions(c.client, input.siren, { budget: c.budget })),
    'extractions:start': (input) =>
      withConnection(REPORT_CONTEXTS.extraction, (c) => startExtraction(c.client, input, { budget: c.budget })),
    'extractions:read': (input) =>
      withConnection(REPORT_CONTEXTS.extraction, (c) => readExtraction(c.client, input.id, { budget: c.budget })),
    'people:push': (input) => {
      const c = requireConnection(deps.connection())
      return pushPeopleWrites({ client: c.client, budget: c.budget, clock: c.clock, timeoutMs: c.timeoutMs }, input)
    },
    'cumuls:list': (input) => withConnection(REPORT_CONTEXTS.cumuls, (c) => listCumuls(cumulsDepsOf(c), input)),
    'cumuls:put': (input) => putCumuls(cumulsDepsOf(requireConnection(deps.connection())), input),
  }
}
