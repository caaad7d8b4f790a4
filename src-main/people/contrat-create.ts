/**
 * Contract creation through main (issue 16, point 3; docs/api-assumptions.md #66–#67): POST …/contrats with the body
 * the renderer checked, answered at once. A failure keeps how it failed (`ContratCreationFailure` in its details) so
 * the renderer can tell a refusal (fields to fix) from a broken road or a lost answer (the clerk's input kept as a
 * draft). Creation will be routed into the outbox when a contract entry kind exists; until then it is an online write.
 */
import type { Contrat } from '../../src-shared/api/salaries'
import type { ContratCreationFailure, ContratCreationInput } from '../../src-shared/domain/contrat-create'
import { REPORT_CONTEXTS, type ReportParams } from '../../src-shared/domain/reports'
import type { ApiClient } from '../api/client'
import { ApiError } from '../api/errors'
import { IpcHandlerError } from '../ipc/errors'
import type { RateBudget } from '../sync/rate-budget'
import { withPermit } from './permit'

/**
 * Sends one contract creation.
 * @returns the contract as the service created it.
 * @throws IpcHandlerError with the API's code, `params.contexte` CONTRAT and {@link ContratCreationFailure} details,
 * for any API failure (422 REGLE_METIER of a rule, 409 CONFLIT of a number taken, network failures…).
 */
export async function createContrat(
  client: Pick<ApiClient, 'call'>,
  input: ContratCreationInput,
  options: { readonly budget?: RateBudget } = {},
): Promise<Contrat> {
  const { siren, matricule, contrat } = input
  try {
    return await withPermit(options.budget, () => client.call('creerContrat', { params: { siren, matricule }, body: contrat }))
  } catch (error) {
    throw contratErrorFromApi(error)
  }
}

/** An API failure as the IPC error of `contrats:create` (anything else thrown is left as it is). Pure. */
export function contratErrorFromApi(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error
  const details: ContratCreationFailure = {
    status: error.status,
    errorClass: error.errorClass,
    sent: error.sent,
    erreurs: (error.body?.erreurs ?? []).map((e) => ({ chemin: e.chemin, message: e.message })),
  }
  const params: ReportParams = {
    ...error.params,
    contexte: REPORT_CONTEXTS.contrat,
    ...(error.status === null ? {} : { status: error.status }),
  }
  return new IpcHandlerError(error.code, error.message, details, { cause: error, params })
}
