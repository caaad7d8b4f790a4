/**
 * Rules about the employee and the dossier, shared by every kind of entry: the employee belongs to the dossier,
 * is under contract on the entry's dates, the contract is named when several run, and the period is not closed.
 * Source: business rules 18 of docs/api-assumptions.md, as the sandbox applies them (handlers/entry-rules.ts).
 */
import type { ContratResume, Salarie } from '../../api/salaries'
import type { Dossier } from '../../api/dossiers'
import { contractsListedOver } from '../presence'
import { formatDateFr } from './calendar'
import { isGiven, type IssueList, type Payload } from './fields'
import type { ValidationContext, ValidationOperation } from './types'

/** How an employee is named in messages: `Jeanne Martin (M001)`. */
export function describeSalarie(salarie: Salarie): string {
  return `${salarie.prenom} ${salarie.nom} (${salarie.matricule})`
}

/** Last day a contract runs, cut at the employee's exit date; null when open-ended. */
function effectiveEnd(salarie: Salarie, contrat: ContratResume): string | null {
  const sortie = salarie.date_sortie
  if (sortie === null) return contrat.date_fin
  return contrat.date_fin === null || sortie < contrat.date_fin ? sortie : contrat.date_fin
}

/**
 * True when one contract of the employee covers every day of [from, to] (ISO dates, inclusive), and the employee
 * has not left before `to` (`date_sortie`, V1.5.0). A contract runs from `date_debut` to `date_fin` inclusive, or
 * with no end when `date_fin` is null (reference V1.9.0: contract start and end dates). False when `from > to`.
 * Source: assumption, not shown in reference (docs/api-assumptions.md rule 18: "under contract on the dates").
 */
export function presentOn(salarie: Salarie, from: string, to: string): boolean {
  return from <= to && salarie.contrats.some((c) => c.date_debut <= from && coversUntil(effectiveEnd(salarie, c), to))
}

function coversUntil(end: string | null, date: string): boolean {
  return end === null || date <= end
}

/**
 * Contracts of the employee running on at least one day of [from, to] (ISO dates, inclusive), cut at the exit
 * date, sorted by number: the one presence rule (src-shared/domain/presence.ts `contractsListedOver`).
 */
export function contractsOverlapping(salarie: Salarie, from: string, to: string): ContratResume[] {
  return contractsListedOver(salarie, { du: from, au: to }).sort((a, b) =>
    a.numero_contrat < b.numero_contrat ? -1 : a.numero_contrat > b.numero_contrat ? 1 : 0,
  )
}

/**
 * The employee belongs to the dossier: `ctx.salarie` is known and carries the dossier's SIREN; on a create, the
 * payload names that dossier and that employee. Issues on `siren` or `matricule`.
 * @returns the employee when the later rules can use it, else undefined.
 */
export function checkSalarie(
  ctx: ValidationContext,
  payload: Payload,
  operation: ValidationOperation,
  issues: IssueList,
): Salarie | undefined {
  const { dossier, salarie } = ctx
  const matricule = typeof payload['matricule'] === 'string' ? payload['matricule'] : (salarie?.matricule ?? '')
  if (operation === 'create' && typeof payload['siren'] === 'string' && payload['siren'] !== dossier.siren) {
    issues.push({
      champ: 'siren',
      message: `Le SIREN ${payload['siren']} n’est pas celui du dossier ${dossier.raison_sociale} (${dossier.siren}).`,
    })
  }
  if (salarie === undefined) {
    issues.push({
      champ: 'matricule',
      message: `Le salarié de matricule ${matricule} n’existe pas dans le dossier ${dossier.raison_sociale} (${dossier.siren}).`,
    })
    return undefined
  }
  if (salarie.siren !== dossier.siren) {
    issues.push({
      champ: 'matricule',
      message: `${describeSalarie(salarie)} n’appartient pas au dossier ${dossier.raison_sociale} (${dossier.siren}).`,
    })
    return undefined
  }
  if (operation === 'create' && typeof payload['matricule'] === 'string' && payload['matricule'] !== salarie.matricule) {
    issues.push({
      champ: 'matricule',
      message: `Le matricule ${payload['matricule']} ne correspond pas au salarié choisi, ${describeSalarie(salarie)}.`,
    })
    return undefined
  }
  return salarie
}

/**
 * The payroll period is the dossier's `periode_paie_en_cours` or later (earlier ones are closed). The reference
 * calls that period "not fully reliable", so later periods stay open (api/dossiers.ts). Issue on `champ`.
 * Source: assumption, as the sandbox's PERIODE_CLOTUREE.
 * @param precision said right after the period (e.g. « (fin de l’absence le 31/10/2026) »).
 */
export function checkOpenPeriod(dossier: Dossier, periode: string, champ: string, issues: IssueList, precision = ''): void {
  if (periode >= dossier.periode_paie_en_cours) return
  issues.push({
    champ,
    message: `La période ${periode}${precision} est close : la période de paie en cours du dossier est ${dossier.periode_paie_en_cours}.`,
  })
}

/** Where an entry's contract is looked for, and how to say it (`sur la période 2026-11`, `du 02/11/2026 au …`). */
export interface ContractRange {
  readonly from: string
  readonly to: string
  readonly libelle: string
}

/**
 * `numero_contrat` names a contract of the employee running over the range; it is required when several run
 * (reference: "several payslips can exist in one month for an employee with several contracts"; sandbox
 * CONTRAT_REQUIS / CONTRAT_INCONNU). On an update an absent number keeps the record's (the server keeps it while it
 * still runs), so only a number given is checked. A number unknown to the employee is always refused; a known one
 * that does not run is refused only when another does (when none runs, presence reports it).
 */
export function checkContractNumber(
  salarie: Salarie,
  range: ContractRange,
  payload: Payload,
  operation: ValidationOperation,
  issues: IssueList,
): void {
  const running = contractsOverlapping(salarie, range.from, range.to)
  const numero = payload['numero_contrat']
  const numeros = running.map((c) => c.numero_contrat).join(', ')
  const enCours = running.length === 0 ? `aucun contrat ${range.libelle}` : `contrats ${range.libelle} : ${numeros}`
  if (!isGiven(payload, 'numero_contrat') || typeof numero !== 'string') {
    if (operation === 'create' && running.length > 1) {
      issues.push({
        champ: 'numero_contrat',
        message: `${describeSalarie(salarie)} a plusieurs contrats ${range.libelle} (${numeros}) : précisez le numéro de contrat.`,
      })
    }
    return
  }
  if (!salarie.contrats.some((c) => c.numero_contrat === numero)) {
    issues.push({ champ: 'numero_contrat', message: `Le contrat ${numero} n’existe pas pour ${describeSalarie(salarie)} (${enCours}).` })
  } else if (running.length > 0 && !running.some((c) => c.numero_contrat === numero)) {
    issues.push({
      champ: 'numero_contrat',
      message: `Le contrat ${numero} de ${describeSalarie(salarie)} ne court pas ${range.libelle} (${enCours}).`,
    })
  }
}

/** How a contract's end is said: `fin du contrat C1 le 30/11/2026` or `sortie des effectifs le 15/11/2026`. */
export function describeEnd(salarie: Salarie, contrat: ContratResume): string {
  const end = effectiveEnd(salarie, contrat)
  if (end === null) return `contrat ${contrat.numero_contrat} sans date de fin`
  return salarie.date_sortie === end
    ? `sortie des effectifs le ${formatDateFr(end)}`
    : `fin du contrat ${contrat.numero_contrat} le ${formatDateFr(end)}`
}

/** The contract covering `date` that runs the longest, if any (to explain where presence stops). */
export function contractOn(salarie: Salarie, date: string): ContratResume | undefined {
  let best: ContratResume | undefined
  for (const c of salarie.contrats) {
    const end = effectiveEnd(salarie, c)
    if (c.date_debut > date || !coversUntil(end, date)) continue
    const bestEnd = best === undefined ? undefined : effectiveEnd(salarie, best)
    if (best === undefined || (bestEnd !== null && (end === null || end > (bestEnd ?? '')))) best = c
  }
  return best
}

/**
 * Some contract of the employee runs in the payroll period (at least one day), else an issue on `periode`.
 * Source: sandbox SALARIE_NON_PRESENT (assumption, not shown in reference).
 */
export function checkPresenceInPeriod(salarie: Salarie, range: ContractRange, issues: IssueList): void {
  if (contractsOverlapping(salarie, range.from, range.to).length > 0) return
  issues.push({ champ: 'periode', message: `${describeSalarie(salarie)} n’a aucun contrat ${range.libelle}.` })
}
