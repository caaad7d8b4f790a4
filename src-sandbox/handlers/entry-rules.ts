/**
 * Business rules shared by the entry records (absences, EVP, primes, avantages en nature, frais professionnels).
 * Each broken rule answers 422 REGLE_METIER with one `erreurs` item naming the field (`chemin`) and the rule's code.
 * Assumption (not shown in reference): the rules a payroll engine applies before accepting an entry — the employee
 * exists in the dossier, holds a contract over the dates, the contract is known when several run at once, and the
 * period is not before the dossier's `periode_paie_en_cours` (already closed).
 */
import type { Dossier } from '../../src-shared/api/dossiers'
import type { SalarieDetail } from '../../src-shared/api/salaries'
import { dossierNonAffecte, regleMetier } from '../http/errors'
import type { ContratStocke } from '../store/types'
import type { HandlerContext } from './context'
import { byKeys, rangesOverlap } from './lists'
import { canSee, findSalarie } from './scope'

/** Codes of the `erreurs` items of a 422 (assumption: ours, stable). */
export const RULE_CODES = {
  dossierInconnu: 'DOSSIER_INCONNU',
  salarieInconnu: 'SALARIE_INCONNU',
  salarieAbsent: 'SALARIE_NON_PRESENT',
  contratRequis: 'CONTRAT_REQUIS',
  contratInconnu: 'CONTRAT_INCONNU',
  periodeCloturee: 'PERIODE_CLOTUREE',
  codeInconnu: 'CODE_INCONNU',
  codeIndisponible: 'CODE_INDISPONIBLE',
  formatValeur: 'FORMAT_VALEUR',
  chevauchement: 'CHEVAUCHEMENT',
} as const

/**
 * Dossier named in a request body.
 * @throws SandboxRefusal 422 (`body.siren`, DOSSIER_INCONNU) for an unknown SIREN, 403 DOSSIER_NON_AFFECTE when the
 * caller is not assigned to it today.
 */
export function dossierOfBody(ctx: HandlerContext, siren: string): Dossier {
  const dossier = ctx.store.dossiers.find((d) => d.siren === siren)
  if (dossier === undefined) throw regleMetier('body.siren', RULE_CODES.dossierInconnu, `Le dossier ${siren} n’existe pas.`)
  if (!canSee(ctx, siren)) throw dossierNonAffecte(siren)
  return dossier
}

/** Employee named in a request body. @throws SandboxRefusal 422 (`body.matricule`, SALARIE_INCONNU). */
export function salarieOfBody(ctx: HandlerContext, siren: string, matricule: string): SalarieDetail {
  const salarie = findSalarie(ctx, siren, matricule)
  if (salarie === undefined) {
    throw regleMetier('body.matricule', RULE_CODES.salarieInconnu, `Le salarié ${matricule} n’existe pas dans le dossier ${siren}.`)
  }
  return salarie
}

/** Contracts of an employee running on at least one day of [du, au], by number. */
export function activeContracts(ctx: HandlerContext, siren: string, matricule: string, du: string, au: string): ContratStocke[] {
  return ctx.store.contrats
    .filter((c) => c.siren === siren && c.matricule === matricule && rangesOverlap(c.date_debut, c.date_fin, du, au))
    .sort(byKeys((c) => c.numero_contrat))
}

/** Where the dates of a record are, for the `chemin` of a presence error. */
export interface ContractLookup {
  readonly siren: string
  readonly matricule: string
  readonly du: string
  readonly au: string
  /** Contract number given by the caller, if any. */
  readonly numero: string | null | undefined
  /** `chemin` of the dates (`body.periode`, `body.date_debut`). */
  readonly cheminDates: string
  /** Wording of the dates in messages (`sur la période 2026-03`). */
  readonly libelleDates: string
}

/**
 * Contract a record is assigned to: the one given (it must run over the dates), else the only one running.
 * @throws SandboxRefusal 422 SALARIE_NON_PRESENT (no contract over the dates, at `cheminDates`), CONTRAT_INCONNU
 * (given number not running then, at `body.numero_contrat`), CONTRAT_REQUIS (several run and none given, at
 * `body.numero_contrat`; reference: "several payslips can exist in one month for an employee with several contracts").
 */
export function resolveContract(ctx: HandlerContext, q: ContractLookup): string {
  const running = activeContracts(ctx, q.siren, q.matricule, q.du, q.au)
  if (running.length === 0) {
    throw regleMetier(q.cheminDates, RULE_CODES.salarieAbsent, `Le salarié ${q.matricule} n’a aucun contrat ${q.libelleDates}.`)
  }
  if (q.numero != null) {
    if (!running.some((c) => c.numero_contrat === q.numero)) {
      throw regleMetier(
        'body.numero_contrat',
        RULE_CODES.contratInconnu,
        `Le contrat ${q.numero} du salarié ${q.matricule} ne court pas ${q.libelleDates}.`,
      )
    }
    return q.numero
  }
  const [only] = running
  if (only === undefined || running.length > 1) {
    const numeros = running.map((c) => c.numero_contrat).join(', ')
    throw regleMetier(
      'body.numero_contrat',
      RULE_CODES.contratRequis,
      `Le salarié ${q.matricule} a plusieurs contrats ${q.libelleDates} (${numeros}) : précisez le numéro de contrat.`,
    )
  }
  return only.numero_contrat
}

/**
 * Presence only (records without a contract number: avantages en nature, frais professionnels).
 * @throws SandboxRefusal 422 SALARIE_NON_PRESENT at `chemin`.
 */
export function requirePresence(
  ctx: HandlerContext,
  siren: string,
  matricule: string,
  du: string,
  au: string,
  chemin: string,
  libelle: string,
): void {
  if (activeContracts(ctx, siren, matricule, du, au).length === 0) {
    throw regleMetier(chemin, RULE_CODES.salarieAbsent, `Le salarié ${matricule} n’a aucun contrat ${libelle}.`)
  }
}

/**
 * The period must not be before the dossier's current payroll period (assumption: earlier periods are closed;
 * the reference calls `periode_paie_en_cours` "not fully reliable", so later periods stay open).
 * @throws SandboxRefusal 422 PERIODE_CLOTUREE at `body.periode`.
 */
export function requireOpenPeriod(dossier: Dossier, periode: string): void {
  if (periode < dossier.periode_paie_en_cours) {
    throw regleMetier(
      'body.periode',
      RULE_CODES.periodeCloturee,
      `La période ${periode} est clôturée pour le dossier ${dossier.siren} : la période de paie en cours est ${dossier.periode_paie_en_cours}.`,
    )
  }
}

/** Removes `undefined` values, so a PATCH body merges only the fields it gives. */
export function definedFields<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>
}
