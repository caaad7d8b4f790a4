/**
 * Business rules of an absence (reference V1.1.0; rules: assumption, docs/api-assumptions.md rule 18, as the
 * sandbox applies them in handlers/absences.ts): a code of the dossier, half days only where the code allows them,
 * the employee under one contract over the whole absence, the period not closed, no overlap with the employee's
 * other absences counted in half days (DSN S21.G00.60 counts half days).
 */
import { IsoDate } from '../../api/common'
import { checkContractNumber, checkOpenPeriod, checkSalarie, contractOn, describeEnd, describeSalarie, presentOn } from './salarie'
import { dayNumber, formatDateFr, monthOf } from './calendar'
import { validField, type IssueList, type Payload } from './fields'
import type { AbsenceSpan, ValidationContext, ValidationOperation } from './types'

/** Half-day bounds of an absence, [start, end) in half days since 1970-01-01: morning of D = 2D, afternoon = 2D + 1. */
function halfDays(a: AbsenceSpan): readonly [number, number] {
  return [dayNumber(a.date_debut) * 2 + (a.demi_journee_debut ? 1 : 0), dayNumber(a.date_fin) * 2 + (a.demi_journee_fin ? 1 : 2)]
}

/**
 * True when two absences share at least one half day. An absence runs from the morning of `date_debut` (the
 * afternoon when `demi_journee_debut`) to the evening of `date_fin` (noon when `demi_journee_fin`): one ending at
 * noon on D and another starting at noon on D do not overlap. Dates are ISO `YYYY-MM-DD`; an absence whose end
 * precedes its start covers nothing. Source: assumption (DSN counts absences in half days), as the sandbox's
 * `absencesOverlap` (CHEVAUCHEMENT).
 */
export function absenceSpanOverlaps(a: AbsenceSpan, b: AbsenceSpan): boolean {
  const [a1, a2] = halfDays(a)
  const [b1, b2] = halfDays(b)
  return a1 < a2 && b1 < b2 && a1 < b2 && b1 < a2
}

/** `du 02/11/2026 (après-midi) au 05/11/2026 (matin)`. */
export function describeSpan(a: AbsenceSpan): string {
  const debut = `${formatDateFr(a.date_debut)}${a.demi_journee_debut ? ' (après-midi)' : ''}`
  const fin = `${formatDateFr(a.date_fin)}${a.demi_journee_fin ? ' (matin)' : ''}`
  return a.date_debut === a.date_fin && !a.demi_journee_debut && !a.demi_journee_fin ? `le ${debut}` : `du ${debut} au ${fin}`
}

function flag(payload: Payload, champ: string): boolean | undefined {
  const value = payload[champ]
  return typeof value === 'boolean' ? value : undefined
}

/** Absence rules after the schema check; issues pushed into `issues` (see index.ts for the order). */
export function checkAbsence(payload: Payload, operation: ValidationOperation, ctx: ValidationContext, issues: IssueList): void {
  const salarie = checkSalarie(ctx, payload, operation, issues)
  const codeSaisi = payload['code_absence']
  const code = typeof codeSaisi === 'string' && codeSaisi !== '' ? ctx.codesAbsences.find((c) => c.code === codeSaisi) : undefined
  if (typeof codeSaisi === 'string' && codeSaisi !== '' && code === undefined) {
    issues.push({
      champ: 'code_absence',
      message: `Le code d’absence ${codeSaisi} n’existe pas pour le dossier ${ctx.dossier.raison_sociale}.`,
    })
  }
  const demiDebut = flag(payload, 'demi_journee_debut')
  const demiFin = flag(payload, 'demi_journee_fin')
  if (code !== undefined && !code.demi_journee_autorisee) {
    const refus = `Le code d’absence ${code.code} (${code.libelle}) ne se saisit pas par demi-journée.`
    if (demiDebut === true) issues.push({ champ: 'demi_journee_debut', message: refus })
    if (demiFin === true) issues.push({ champ: 'demi_journee_fin', message: refus })
  }
  const debut = validField(payload, 'date_debut', IsoDate)
  const fin = validField(payload, 'date_fin', IsoDate)
  if (debut !== undefined && debut === fin && demiDebut === true && demiFin === true) {
    issues.push({
      champ: 'demi_journee_fin',
      message: `Sur une seule journée (${formatDateFr(debut)}), une seule demi-journée peut être cochée.`,
    })
  }
  if (fin !== undefined) checkOpenPeriod(ctx.dossier, monthOf(fin), 'date_fin', issues, ` (fin de l’absence le ${formatDateFr(fin)})`)
  if (debut === undefined || fin === undefined || fin < debut) return

  if (salarie !== undefined) {
    if (!presentOn(salarie, debut, fin)) {
      const contrat = contractOn(salarie, debut)
      if (contrat === undefined) {
        issues.push({ champ: 'date_debut', message: `${describeSalarie(salarie)} n’est pas sous contrat le ${formatDateFr(debut)}.` })
      } else if (presentOn(salarie, fin, fin)) {
        issues.push({
          champ: 'date_fin',
          message: `L’absence s’étend sur plusieurs contrats (${describeEnd(salarie, contrat)}) : saisissez une absence par contrat.`,
        })
      } else {
        issues.push({
          champ: 'date_fin',
          message: `${describeSalarie(salarie)} n’est pas sous contrat jusqu’au ${formatDateFr(fin)} (${describeEnd(salarie, contrat)}).`,
        })
      }
    }
    checkContractNumber(
      salarie,
      { from: debut, to: fin, libelle: `du ${formatDateFr(debut)} au ${formatDateFr(fin)}` },
      payload,
      operation,
      issues,
    )
  }

  if (demiDebut === undefined || demiFin === undefined) return
  const span: AbsenceSpan = { date_debut: debut, date_fin: fin, demi_journee_debut: demiDebut, demi_journee_fin: demiFin }
  const other = ctx.otherAbsences
    .filter((o) => absenceSpanOverlaps(span, o))
    .sort((a, b) => (a.date_debut < b.date_debut ? -1 : a.date_debut > b.date_debut ? 1 : 0))[0]
  if (other !== undefined) {
    issues.push({
      champ: 'date_debut',
      message: `Cette absence chevauche ${other.label === undefined ? 'une autre absence' : `l’absence « ${other.label} »`} ${describeSpan(other)}.`,
    })
  }
}
