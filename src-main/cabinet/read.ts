/**
 * Reads of the cabinet screens (issue 18): billing counters month by month (`GET /api/facturations?periode=`, every
 * page), the cabinet's users (`GET /api/cabinet/utilisateurs`, every page) and the assignments of dossiers
 * (`GET /api/dossiers/{siren}/affectations-dossier`, one call per dossier). Each request takes a permit of the
 * connection's rate budget. Nothing partial is returned on a failure, except the dossiers the service refuses to
 * list (403 DOSSIER_NON_AFFECTE), which are reported in `refused` (docs/api-assumptions.md #57).
 */
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import type { AffectationDossier } from '../../src-shared/api/dossiers'
import type {
  CabinetAssignmentsResult,
  CabinetUsersResult,
  FacturationsListInput,
  FacturationsListResult,
} from '../../src-shared/domain/cabinet'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { fetchAllPages } from '../api/paging'
import type { RateBudget } from '../sync/rate-budget'

/** Options of the reads: the connection's rate budget and the clock of `fetchedAt` (default real time). */
export interface CabinetReadOptions {
  readonly budget?: RateBudget
  readonly now?: () => Date
}

/** Runs `request` holding one permit of `budget` (when given). */
async function limited<T>(budget: RateBudget | undefined, request: () => Promise<T>): Promise<T> {
  const release = budget === undefined ? null : await budget.acquire()
  try {
    return await request()
  } finally {
    release?.()
  }
}

function instant(options: CabinetReadOptions): string {
  return (options.now ?? (() => new Date()))().toISOString()
}

/**
 * The billing counters of every month of `input.periodes` (each month read whole, with the `siren` filter when given),
 * in the order of `input.periodes`, then the server's order.
 * @throws ApiError on any failure (403 DROIT_MANQUANT without the `facturation` right).
 */
export async function fetchFacturations(
  client: Pick<ApiClient, 'call'>,
  input: FacturationsListInput,
  options: CabinetReadOptions = {},
): Promise<FacturationsListResult> {
  const fetchedAt = instant(options)
  const periodes = [...new Set(input.periodes)]
  const perMonth = await Promise.all(
    periodes.map((periode) =>
      fetchAllPages('listerFacturations', (page) =>
        limited(options.budget, () =>
          client.call('listerFacturations', {
            query: { periode, taille: MAX_PAGE_SIZE, page, ...(input.sirens === undefined ? {} : { siren: input.sirens }) },
          }),
        ),
      ),
    ),
  )
  return { fetchedAt, periodes, facturations: perMonth.flat() }
}

/** Every cabinet user (all pages). @throws ApiError (403 DROIT_MANQUANT without the `cabinet` right). */
export async function fetchUtilisateurs(client: Pick<ApiClient, 'call'>, options: CabinetReadOptions = {}): Promise<CabinetUsersResult> {
  const fetchedAt = instant(options)
  const utilisateurs = await fetchAllPages('listerUtilisateursCabinet', (page) =>
    limited(options.budget, () => client.call('listerUtilisateursCabinet', { query: { page, taille: MAX_PAGE_SIZE } })),
  )
  return { fetchedAt, utilisateurs }
}

/**
 * The assignments of `sirens`, or of every dossier the caller sees (GET /api/dossiers) when absent. A dossier the
 * service refuses (403 DOSSIER_NON_AFFECTE, 404) is listed in `refused`; any other failure fails the read.
 * @throws ApiError
 */
export async function fetchAffectations(
  client: Pick<ApiClient, 'call'>,
  sirens: readonly string[] | undefined,
  options: CabinetReadOptions = {},
): Promise<CabinetAssignmentsResult> {
  const fetchedAt = instant(options)
  const asked =
    sirens ??
    (
      await fetchAllPages('listerDossiers', (page) =>
        limited(options.budget, () => client.call('listerDossiers', { query: { page, taille: MAX_PAGE_SIZE } })),
      )
    ).map((d) => d.siren)
  const moi = await limited(options.budget, () => client.call('moi'))
  const refused: string[] = []
  const read = await Promise.all(
    asked.map(async (siren): Promise<AffectationDossier[]> => {
      try {
        return await limited(options.budget, () => client.call('listerAffectationsDossier', { params: { siren } }))
      } catch (error) {
        if (error instanceof ApiError && (error.code === 'DOSSIER_NON_AFFECTE' || error.status === 404)) {
          refused.push(siren)
          return []
        }
        throw error
      }
    }),
  )
  return {
    fetchedAt,
    utilisateur: moi.utilisateur.matricule,
    sirens: asked.filter((s) => !refused.includes(s)),
    affectations: read.flat(),
    refused: refused.sort(),
  }
}
