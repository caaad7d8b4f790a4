/**
 * The rows of the month at a glance (issue 15, point 5, #60), pure: each dossier with its entry counts, DSN status,
 * payslips per state (null: never read here) and next action; how a column sorts them; and where one click takes
 * the clerk for the next action.
 */
import type { RouteLocationRaw } from 'vue-router'

import type { Dossier } from '../../../src-shared/api/dossiers'
import { lieuAction, PROCHAINES_ACTIONS, statutVise, type DsnDuMois, type ProchaineAction } from '../../../src-shared/domain/month-glance'
import { bulletinsRestants } from '../../../src-shared/domain/month-glance'
import type { MonthBulletins } from '../../services/bulletins-cache'

/** One dossier of the home screen. */
export interface GlanceRow {
  readonly dossier: Dossier
  readonly enAttente: number
  readonly rejetes: number
  readonly aVerifier: number
  readonly dsn: DsnDuMois
  /** The period's payslips as cached; null when never read on this workstation. */
  readonly bulletins: MonthBulletins | null
  readonly prochaine: ProchaineAction
}

/** Columns the home screen sorts by. */
export const GLANCE_COLUMNS = [
  'raisonSociale',
  'siren',
  'periode',
  'dsn',
  'enAttente',
  'refuses',
  'aVerifier',
  'bulletins',
  'prochaine',
] as const
export type GlanceColumn = (typeof GLANCE_COLUMNS)[number]

/** A sort: column and direction. */
export interface GlanceSort {
  readonly column: GlanceColumn
  readonly descending: boolean
}

const DSN_ORDER: readonly DsnDuMois[] = ['rejetee', 'aucune', 'en_preparation', 'deposee', 'acceptee']

/** Sort key of a row for a column: a number or a text (never read payslips sort before any count). */
function keyOf(row: GlanceRow, column: GlanceColumn): number | string {
  switch (column) {
    case 'raisonSociale':
      return row.dossier.raison_sociale
    case 'siren':
      return row.dossier.siren
    case 'periode':
      return row.dossier.periode_paie_en_cours
    case 'dsn':
      return DSN_ORDER.indexOf(row.dsn)
    case 'enAttente':
      return row.enAttente
    case 'refuses':
      return row.rejetes
    case 'aVerifier':
      return row.aVerifier
    case 'bulletins':
      return row.bulletins === null ? -1 : bulletinsRestants(row.bulletins.counts)
    case 'prochaine':
      return PROCHAINES_ACTIONS.indexOf(row.prochaine)
  }
}

/** French collation, built once (a `localeCompare` with a locale builds a collator per call). */
const FRENCH = new Intl.Collator('fr')

/** The rows in the order of `sort`, ties by company name (French collation) then SIREN. */
export function sortGlance(rows: readonly GlanceRow[], sort: GlanceSort): GlanceRow[] {
  const sign = sort.descending ? -1 : 1
  return [...rows].sort((a, b) => {
    const ka = keyOf(a, sort.column)
    const kb = keyOf(b, sort.column)
    const primary = typeof ka === 'number' && typeof kb === 'number' ? ka - kb : FRENCH.compare(String(ka), String(kb))
    return (
      sign * primary || FRENCH.compare(a.dossier.raison_sociale, b.dossier.raison_sociale) || a.dossier.siren.localeCompare(b.dossier.siren)
    )
  })
}

/** Where one click on the next action takes the clerk: the queue filtered, the payslips filtered, the DSN, the dossier. */
export function targetOf(row: GlanceRow): RouteLocationRaw {
  const siren = row.dossier.siren
  const periode = row.dossier.periode_paie_en_cours
  const lieu = lieuAction(row.prochaine)
  if (lieu === 'file') {
    const state = row.prochaine === 'corriger' ? 'rejected' : row.prochaine === 'verifier' ? 'to_check' : 'queued'
    return { name: 'queue', query: { siren, state } }
  }
  if (lieu === 'bulletins') {
    const statut = statutVise(row.prochaine)
    return { name: 'bulletins', params: { siren }, query: statut === null ? { periode } : { periode, statut } }
  }
  if (lieu === 'declarations') return { name: 'declarations' }
  return { name: 'dossier', params: { siren } }
}
