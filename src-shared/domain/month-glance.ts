/**
 * The month at a glance (issue 15, point 5), as pure functions: what is left to do on a dossier for its current
 * period, from this workstation's entries, the cached payslips and the cached DSN status; and the order the home
 * screen sorts dossiers by. Decision #60 of docs/api-assumptions.md (assumption: not shown in reference).
 */
import type { StatutBulletin } from '../api/bulletins'
import type { z } from 'zod'
import type { StatutDeclaration } from '../api/declarations'

/** The monthly DSN of the period as the declarations cache says it; `aucune` when it holds none. */
export type DsnDuMois = z.infer<typeof StatutDeclaration> | 'aucune'

/** What the home screen knows of one dossier for its current period. */
export interface EtatDuMois {
  /** Entries of this workstation waiting to be sent (queued, sending, unknown outcome). */
  readonly enAttente: number
  /** Entries the service refused. */
  readonly rejetes: number
  /** Entries to check (issue 13). */
  readonly aVerifier: number
  /** Payslips of the period per state; null when the list was never read on this workstation. */
  readonly bulletins: Readonly<Record<StatutBulletin, number>> | null
  readonly dsn: DsnDuMois
}

/**
 * The next action of a dossier, first that applies (#60): fix the rejected entries, check the entries to check, send
 * the queued ones; read the payslips when never read; compute when none or some are to compute; recompute the
 * refused ones; control the computed ones; send the controlled ones to the employer; validate those sent; send the
 * validated ones (or those in the safe) to the employees; then the DSN: correct a rejected one, file one not filed;
 * `termine` when the DSN is filed or accepted.
 */
export const PROCHAINES_ACTIONS = [
  'corriger',
  'verifier',
  'synchroniser',
  'lire_bulletins',
  'calculer',
  'recalculer',
  'controler',
  'envoyer_employeur',
  'valider',
  'envoyer_salarie',
  'corriger_dsn',
  'deposer_dsn',
  'termine',
] as const
export type ProchaineAction = (typeof PROCHAINES_ACTIONS)[number]

/** Where an action's work is: the queue (entries), the payslips, or the declarations. */
export type LieuAction = 'file' | 'bulletins' | 'declarations' | 'aucun'

/** Where the work of `action` is done. */
export function lieuAction(action: ProchaineAction): LieuAction {
  if (action === 'corriger' || action === 'verifier' || action === 'synchroniser') return 'file'
  if (action === 'corriger_dsn' || action === 'deposer_dsn') return 'declarations'
  if (action === 'termine') return 'aucun'
  return 'bulletins'
}

/** The state of payslip the action works on, for the list's filter; null when it is not a payslip action. */
export function statutVise(action: ProchaineAction): StatutBulletin | null {
  const map: Partial<Record<ProchaineAction, StatutBulletin>> = {
    calculer: 'a_calculer',
    recalculer: 'refuse',
    controler: 'calcule',
    envoyer_employeur: 'controle',
    valider: 'envoye_employeur',
    envoyer_salarie: 'valide',
  }
  return map[action] ?? null
}

/** The next action of a dossier (rule of {@link PROCHAINES_ACTIONS}). */
export function prochaineAction(etat: EtatDuMois): ProchaineAction {
  if (etat.rejetes > 0) return 'corriger'
  if (etat.aVerifier > 0) return 'verifier'
  if (etat.enAttente > 0) return 'synchroniser'
  const b = etat.bulletins
  if (b === null) return 'lire_bulletins'
  const total = Object.values(b).reduce((acc, n) => acc + n, 0)
  if (total === 0 || b.a_calculer > 0) return 'calculer'
  if (b.refuse > 0) return 'recalculer'
  if (b.calcule > 0) return 'controler'
  if (b.controle > 0) return 'envoyer_employeur'
  if (b.envoye_employeur > 0) return 'valider'
  if (b.valide > 0 || b.envoye_coffre > 0) return 'envoyer_salarie'
  if (etat.dsn === 'rejetee') return 'corriger_dsn'
  if (etat.dsn === 'aucune' || etat.dsn === 'en_preparation') return 'deposer_dsn'
  return 'termine'
}

/** How many payslips of the counts are still to take to the employee (every state but `envoye_salarie`). */
export function bulletinsRestants(counts: Readonly<Record<StatutBulletin, number>>): number {
  return Object.entries(counts).reduce((acc, [statut, n]) => (statut === 'envoye_salarie' ? acc : acc + n), 0)
}
