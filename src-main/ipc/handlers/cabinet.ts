/**
 * Handlers of the cabinet screens (issue 18): billing counters (`facturations:list`), cabinet users and assignments
 * (`cabinet:*`), and the declaration detail and in-app PDF summary (`declarations:detail`,
 * `declarations:recapitulatif`). Every channel here reads; the cabinet's writes (a user created, an assignment, its end)
 * are people writes sent through `people:push` (docs/api-assumptions.md #58, #80–#82).
 */
import { Buffer } from 'node:buffer'
import { REPORT_CONTEXTS } from '../../../src-shared/domain/reports'
import type { DeclarationRow } from '../../../src-shared/domain/declarations'
import type { IpcHandlers } from '../dispatcher'
import { fetchAffectations, fetchFacturations, fetchUtilisateurs } from '../../cabinet/read'
import type { PayrollConnection } from '../../services/connection'
import { IpcHandlerError } from '../errors'
import { ipcErrorFromApi, requireConnection } from './shared'

/** What the cabinet handlers read. */
export interface CabinetHandlerDeps {
  /** The active payroll connection, read on each call; null when none is configured. */
  readonly connection: () => PayrollConnection | null
  /** Largest PDF summary read into memory for the viewer, in bytes (default 20 MB, as downloads). */
  readonly maxRecapitulatifBytes?: number
}

type Channels =
  'facturations:list' | 'cabinet:users' | 'cabinet:user' | 'cabinet:assignments' | 'declarations:detail' | 'declarations:recapitulatif'

const DEFAULT_MAX_BYTES = 20 * 1024 * 1024

/**
 * Handlers of the cabinet channels. Errors: CONNEXION_ABSENTE, the API's code and French message with `contexte`
 * FACTURATION, CABINET or DECLARATIONS (403 DROIT_MANQUANT naming the right, 404 for an unknown user or declaration,
 * network failures when offline), RECAPITULATIF_INVALIDE (no `%PDF-` signature) and RECAPITULATIF_TROP_GROS (over the
 * size limit).
 */
export function createCabinetHandlers(deps: CabinetHandlerDeps): Pick<IpcHandlers, Channels> {
  async function run<T>(contexte: string, action: (connection: PayrollConnection) => Promise<T>): Promise<T> {
    const connection = requireConnection(deps.connection())
    try {
      return await action(connection)
    } catch (error) {
      throw ipcErrorFromApi(error, contexte)
    }
  }
  const { facturation, cabinet, declarations } = REPORT_CONTEXTS
  const maxBytes = deps.maxRecapitulatifBytes ?? DEFAULT_MAX_BYTES

  return {
    'facturations:list': (input) => run(facturation, (c) => fetchFacturations(c.client, input, { budget: c.budget })),
    'cabinet:users': () => run(cabinet, (c) => fetchUtilisateurs(c.client, { budget: c.budget })),
    'cabinet:user': (input) => run(cabinet, (c) => c.client.call('lireUtilisateurCabinet', { params: { matricule: input.matricule } })),
    'cabinet:assignments': (input) => run(cabinet, (c) => fetchAffectations(c.client, input.sirens, { budget: c.budget })),
    'declarations:detail': (input) =>
      run(declarations, async (c) => {
        const fetchedAt = new Date().toISOString()
        const d = await c.client.call('lireDeclaration', { params: { id: input.id } })
        const declaration: DeclarationRow = d.nature === '01' ? { ...d, kind: 'periodique' } : { ...d, kind: 'evenementielle' }
        return { declaration, fetchedAt }
      }),
    'declarations:recapitulatif': (input) =>
      run(declarations, async (c) => {
        const bytes = await c.client.call('telechargerRecapitulatif', { params: { id: input.id } })
        if (bytes.byteLength > maxBytes) {
          throw new IpcHandlerError('RECAPITULATIF_TROP_GROS', `summary of ${String(bytes.byteLength)} bytes over the limit`, undefined, {
            params: { max: Math.round(maxBytes / 1024 / 1024) },
          })
        }
        if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') {
          throw new IpcHandlerError('RECAPITULATIF_INVALIDE', 'no %PDF- signature')
        }
        return { id: input.id, base64: Buffer.from(bytes).toString('base64'), bytes: bytes.byteLength }
      }),
  }
}
