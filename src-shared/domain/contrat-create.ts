/**
 * Contract creation (issue 16, point 3): the rules a new contract must follow, applied the same way by the form
 * (offline, against the cached code lists) and by the sandbox (against its own lists), docs/api-assumptions.md #66–#67.
 * Pure: no I/O. Hours are decimal strings summed in thousandths (never floats).
 */
import type { z } from 'zod'

import type { NomCode as NomCodeSchema } from '../api/codification'
import type { ContratCreate } from '../api/salaries'

type NomCode = z.infer<typeof NomCodeSchema>

/** Legal working week of a full-time employee, in hours (Code du travail L3121-27). */
export const HEURES_TEMPS_PLEIN = 35
/** Absolute weekly maximum, in hours (Code du travail L3121-20). */
export const HEURES_MAX_SEMAINE = 48
/** Daily maximum, in hours: 10 h, raised to 12 h by agreement (Code du travail L3121-18 and L3121-19). */
export const HEURES_MAX_JOUR = 12
/** Natures whose planned end (DSN S21.G00.40.010) must be given: 02 CDD, 03 contrat de mission (#67). */
export const NATURES_A_TERME: readonly string[] = ['02', '03']
/** Arrangements the form offers (DSN S21.G00.40.014): 10 temps plein, 20 temps partiel; unit 10 (heure). */
export const MODALITES_CREATION = ['10', '20'] as const

/** French weekday names, ISO order (index 0 = Monday). */
export const NOMS_JOURS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'] as const

/** Why a new contract is refused: the wire field (`date_fin`, `duree_travail.quotite`), a code and a French message. */
export interface ContratIssue {
  readonly champ: string
  readonly code: 'DATES_INCOHERENTES' | 'DATE_FIN_REQUISE' | 'CODE_INCONNU' | 'DUREE_INCOHERENTE' | 'DUREE_EXCESSIVE'
  readonly message: string
}

/** Hours (decimal string, 3 decimals at most) in thousandths of an hour. */
export function milliemes(heures: string): bigint {
  const [whole = '0', fraction = ''] = heures.split('.')
  return BigInt(whole === '' ? '0' : whole) * 1000n + BigInt(fraction.padEnd(3, '0').slice(0, 3))
}

function hoursText(thousandths: bigint): string {
  const fraction = (thousandths % 1000n).toString().padStart(3, '0').replace(/0+$/, '')
  return fraction === '' ? (thousandths / 1000n).toString() : `${(thousandths / 1000n).toString()}.${fraction}`
}

/**
 * Monthly quota of a week (DSN S21.G00.40.013 in hours): weekly hours × 52 / 12, rounded half up to the hundredth
 * (35 h → `'151.67'`). Assumption #66: the quota is derived from the week, never typed.
 * @param semaine weekly hours, decimal string
 */
export function quotiteMensuelle(semaine: string): string {
  const n = milliemes(semaine) * 52n // thousandths × weeks; / 12 months / 10 → hundredths
  const centiemes = (n * 2n + 120n) / 240n
  const cents = (centiemes % 100n).toString().padStart(2, '0').replace(/0+$/, '')
  return cents === '' ? (centiemes / 100n).toString() : `${(centiemes / 100n).toString()}.${cents}`
}

/** Reference quota of a full-time employee (S21.G00.40.012): the legal week as a month, `'151.67'`. */
export const QUOTITE_REFERENCE_TEMPS_PLEIN = quotiteMensuelle(String(HEURES_TEMPS_PLEIN))

/** Total of a working-time table (`{ jour, heures }` lines), in thousandths of an hour, per ISO weekday and in all. */
function weekThousandths(tableau: readonly { jour: number; heures: string }[]): { parJour: Map<number, bigint>; total: bigint } {
  const parJour = new Map<number, bigint>()
  for (const l of tableau) parJour.set(l.jour, (parJour.get(l.jour) ?? 0n) + milliemes(l.heures))
  return { parJour, total: [...parJour.values()].reduce((a, b) => a + b, 0n) }
}

/**
 * The date and working-time rules of a new contract (#67): end not before start (DATES_INCOHERENTES); a planned end
 * for a CDD or a mission (DATE_FIN_REQUISE); with hours as the unit (10) and a table: no day over
 * {@link HEURES_MAX_JOUR} h, a week of more than 0 h and at most {@link HEURES_MAX_SEMAINE} h (DUREE_EXCESSIVE), full time
 * from {@link HEURES_TEMPS_PLEIN} h and part time below (L3123-1), the quota equal to the week as a month
 * (DUREE_INCOHERENTE). Pure; issues in field order.
 */
export function contratRuleIssues(body: ContratCreate): ContratIssue[] {
  const issues: ContratIssue[] = []
  const fin = body.date_fin ?? null
  if (fin !== null && fin < body.date_debut) {
    issues.push({ champ: 'date_fin', code: 'DATES_INCOHERENTES', message: 'La date de fin du contrat précède sa date de début.' })
  }
  if (fin === null && NATURES_A_TERME.includes(body.nature_contrat)) {
    issues.push({
      champ: 'date_fin',
      code: 'DATE_FIN_REQUISE',
      message: 'Date de fin prévisionnelle obligatoire pour un contrat à durée déterminée ou de mission.',
    })
  }
  const duree = body.duree_travail
  if (duree.unite_mesure !== '10' || duree.tableau_horaire === null) return issues
  const { parJour, total } = weekThousandths(duree.tableau_horaire)
  const champ = 'duree_travail.tableau_horaire'
  for (const [jour, heures] of [...parJour.entries()].sort((a, b) => a[0] - b[0])) {
    if (heures > BigInt(HEURES_MAX_JOUR) * 1000n) {
      const nom = NOMS_JOURS[jour - 1] ?? String(jour)
      issues.push({
        champ,
        code: 'DUREE_EXCESSIVE',
        message: `${hoursText(heures)} h le ${nom} : ${String(HEURES_MAX_JOUR)} h par jour au plus.`,
      })
    }
  }
  const plein = BigInt(HEURES_TEMPS_PLEIN) * 1000n
  if (total === 0n) issues.push({ champ, code: 'DUREE_INCOHERENTE', message: 'Aucune heure de travail dans la semaine.' })
  else if (total > BigInt(HEURES_MAX_SEMAINE) * 1000n) {
    issues.push({ champ, code: 'DUREE_EXCESSIVE', message: `${hoursText(total)} h par semaine : ${String(HEURES_MAX_SEMAINE)} h au plus.` })
  } else if (duree.modalite_temps === '10' && total < plein) {
    issues.push({
      champ,
      code: 'DUREE_INCOHERENTE',
      message: `Temps plein : ${String(HEURES_TEMPS_PLEIN)} h par semaine au moins (${hoursText(total)} h saisies).`,
    })
  } else if (duree.modalite_temps === '20' && total >= plein) {
    issues.push({
      champ,
      code: 'DUREE_INCOHERENTE',
      message: `Temps partiel : moins de ${String(HEURES_TEMPS_PLEIN)} h par semaine (${hoursText(total)} h saisies).`,
    })
  }
  const attendue = quotiteMensuelle(hoursText(total))
  if (total > 0n && milliemes(duree.quotite) !== milliemes(attendue)) {
    issues.push({
      champ: 'duree_travail.quotite',
      code: 'DUREE_INCOHERENTE',
      message: `Quotité ${duree.quotite} h : la semaine de ${hoursText(total)} h fait ${attendue} h par mois.`,
    })
  }
  return issues
}

/** Code lists a new contract is checked against, by name (only the codes matter); a list absent is not checked. */
export type ContratCodeLists = Readonly<Partial<Record<NomCode, readonly { readonly code: string }[]>>>

/** Coded fields of a new contract and the list of `/api/codes/{nomCode}` each one's value must be in. */
export const CHAMPS_CODES = [
  { champ: 'nature_contrat', nom: 'natures_contrat', libelle: 'natures de contrat' },
  { champ: 'pcs_ese', nom: 'pcs_ese', libelle: 'PCS-ESE' },
  { champ: 'code_profession', nom: 'professions', libelle: 'professions' },
  { champ: 'dispositif_politique_publique', nom: 'dispositifs_politique_publique', libelle: 'dispositifs de politique publique' },
  { champ: 'idcc', nom: 'conventions_collectives', libelle: 'conventions collectives' },
] as const satisfies readonly { champ: keyof ContratCreate; nom: NomCode; libelle: string }[]

/**
 * Coded fields whose value is not in its list (CODE_INCONNU, #67). An optional field left empty and a list not given
 * are not checked. Pure.
 */
export function contratCodeIssues(body: ContratCreate, lists: ContratCodeLists): ContratIssue[] {
  return CHAMPS_CODES.flatMap(({ champ, nom, libelle }) => {
    const value = body[champ] ?? null
    const list = lists[nom]
    if (value === null || list === undefined || list.some((e) => e.code === value)) return []
    return [{ champ, code: 'CODE_INCONNU' as const, message: `Code ${value} absent de la liste des ${libelle}.` }]
  })
}

/** Working time of a full-time week in hours: 7 h Monday to Friday, quota and reference 151.67 h (L3121-27). */
export function dureeTempsPlein(): ContratCreate['duree_travail'] {
  return {
    modalite_temps: '10',
    unite_mesure: '10',
    quotite: QUOTITE_REFERENCE_TEMPS_PLEIN,
    quotite_reference: QUOTITE_REFERENCE_TEMPS_PLEIN,
    tableau_horaire: [1, 2, 3, 4, 5].map((jour) => ({ jour, heures: '7' })),
  }
}
