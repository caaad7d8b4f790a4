/**
 * The employee sheet (issue 16, points 1 and 3): main reads one salarié of a dossier
 * (GET /api/dossiers/{siren}/salaries/{matricule}), his contracts with each one's working time and definition,
 * and his notes (GET /api/notes, every page: comments and payslip refusal notes), and answers them with the IBAN
 * masked and without the NIR nor the residence permit's number (docs/api-assumptions.md #51). The renderer caches
 * the answer with `fetchedAt` for offline reading.
 */
import { MAX_PAGE_SIZE } from '../../src-shared/api/common'
import type { ListeCodes } from '../../src-shared/api/codification'
import type { SalarieDetail } from '../../src-shared/api/salaries'
import {
  maskIban,
  type CodesListResult,
  type SalarieFiche,
  type SalarieSheet,
  type SalarieSheetInput,
} from '../../src-shared/domain/people'
import type { ApiClient } from '../api/client'
import { fetchAllPages } from '../api/paging'
import { withPermit } from './permit'
import type { RateBudget } from '../sync/rate-budget'
import type { z } from 'zod'

/** Options of {@link fetchSalarieSheet} and {@link fetchCodeList}. */
export interface PeopleFetchOptions {
  /** Rate budget of the connection: every request takes a permit when given. */
  readonly budget?: RateBudget
  /** Clock of `fetchedAt` (default real time). */
  readonly now?: () => Date
}

/**
 * The employee as the sheet may hold him: every field of the read but the NIR, the permit's number, and the IBAN
 * (masked but its last 4 characters). Pure.
 */
export function ficheOf(detail: SalarieDetail): SalarieFiche {
  const { titre_sejour, informations_paiement } = detail
  const banque = informations_paiement.coordonnees_bancaires
  return {
    matricule: detail.matricule,
    siren: detail.siren,
    nic: detail.nic,
    nom: detail.nom,
    prenom: detail.prenom,
    nom_usage: detail.nom_usage,
    date_naissance: detail.date_naissance,
    date_entree: detail.date_entree,
    date_sortie: detail.date_sortie,
    email: detail.email,
    coffre_active: detail.coffre_active,
    contrats: detail.contrats,
    regime_social: detail.regime_social,
    date_ouverture_coffre: detail.date_ouverture_coffre,
    titre_sejour: titre_sejour === null ? null : { type: titre_sejour.type, date_fin_validite: titre_sejour.date_fin_validite },
    informations_paiement: {
      mode_paiement: informations_paiement.mode_paiement,
      coordonnees_bancaires: banque === null ? null : { iban_masque: maskIban(banque.iban), bic: banque.bic, titulaire: banque.titulaire },
    },
  }
}

/**
 * Reads the sheet of `input.matricule` in `input.siren`: the employee, his contracts (each with its working time
 * and definition, read at once) and every page of his notes.
 * @returns the sheet and `fetchedAt`, the instant the read started (ISO 8601).
 * @throws ApiError for any failure (404 of an unknown employee, 403 of a missing right…): nothing partial.
 */
export async function fetchSalarieSheet(
  client: Pick<ApiClient, 'call'>,
  input: SalarieSheetInput,
  options: PeopleFetchOptions = {},
): Promise<SalarieSheet> {
  const fetchedAt = (options.now ?? (() => new Date()))().toISOString()
  const { siren, matricule } = input
  const b = options.budget
  const [detail, contrats, notes] = await Promise.all([
    withPermit(b, () => client.call('lireSalarieDossier', { params: { siren, matricule } })),
    withPermit(b, () => client.call('listerContrats', { params: { siren, matricule } })),
    fetchAllPages('listerNotes', (page) =>
      withPermit(b, () => client.call('listerNotes', { query: { siren, matricule, page, taille: MAX_PAGE_SIZE } })),
    ),
  ])
  const fiches = await Promise.all(
    contrats.map(async (contrat) => {
      const params = { siren, matricule, contrat: contrat.numero_contrat }
      const [dureeTravail, definition] = await Promise.all([
        withPermit(b, () => client.call('lireDureeTravail', { params })),
        withPermit(b, () => client.call('lireDefinitionContrat', { params })),
      ])
      return { contrat, dureeTravail, definition }
    }),
  )
  return { siren, matricule, fetchedAt, salarie: ficheOf(detail), contrats: fiches, notes }
}

/**
 * Reads one dynamic code list (GET /api/codes/{nomCode}).
 * @throws ApiError for any failure.
 */
export async function fetchCodeList(
  client: Pick<ApiClient, 'call'>,
  nomCode: z.output<typeof ListeCodes>['nom'],
  options: PeopleFetchOptions = {},
): Promise<CodesListResult> {
  const fetchedAt = (options.now ?? (() => new Date()))().toISOString()
  const liste = await withPermit(options.budget, () => client.call('lireListeCodes', { params: { nomCode } }))
  return { ...liste, fetchedAt }
}
