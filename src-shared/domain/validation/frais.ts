/**
 * Business rules of a frais professionnel (reference V1.9.0, PATCH V1.11.0). Rules: assumption,
 * docs/api-assumptions.md rule 18, as the sandbox applies them (handlers/expenses.ts): the period not closed, the
 * employee under contract in the period; here also on the expense's own `date`, which falls in a window ending on
 * the period's last day and starting {@link FRAIS_ANCIENNETE_MAX_MOIS} months before its first day (assumption);
 * kilometres required for `indemnites_kilometriques` (URSSAF mileage scale) and bounded.
 */
import { IsoDate, Periode } from '../../api/common'
import { FRAIS_ANCIENNETE_MAX_MOIS, MAX_MONTANT_FRAIS, checkKilometres, checkMontant } from './bounds'
import { addMonths, formatDateFr, periodEnd, periodStart } from './calendar'
import { checkOpenPeriod, checkPresenceInPeriod, checkSalarie, describeSalarie, presentOn } from './salarie'
import { isMissing, validField, type IssueList, type Payload } from './fields'
import type { ValidationContext, ValidationOperation } from './types'

/** Expense rules after the schema check; issues pushed into `issues` (see index.ts for the order). */
export function checkFrais(payload: Payload, operation: ValidationOperation, ctx: ValidationContext, issues: IssueList): void {
  const salarie = checkSalarie(ctx, payload, operation, issues)
  checkMontant(payload, MAX_MONTANT_FRAIS, 'une note de frais', issues)
  if (payload['type_frais'] === 'indemnites_kilometriques' && isMissing(payload, 'kilometres', operation)) {
    issues.push({ champ: 'kilometres', message: 'Kilomètres requis pour les indemnités kilométriques.' })
  }
  checkKilometres(payload, issues)

  const periode = validField(payload, 'periode', Periode)
  const date = validField(payload, 'date', IsoDate)
  if (periode !== undefined) checkOpenPeriod(ctx.dossier, periode, 'periode', issues)
  if (periode !== undefined && date !== undefined) {
    const earliest = periodStart(addMonths(periode, -FRAIS_ANCIENNETE_MAX_MOIS))
    if (date > periodEnd(periode)) {
      issues.push({
        champ: 'date',
        message: `La date du ${formatDateFr(date)} est postérieure à la période ${periode} : une dépense se déclare sur sa période ou une suivante.`,
      })
    } else if (date < earliest) {
      issues.push({
        champ: 'date',
        message: `La date du ${formatDateFr(date)} est plus de ${FRAIS_ANCIENNETE_MAX_MOIS} mois avant la période ${periode} : au plus tôt le ${formatDateFr(earliest)}.`,
      })
    }
  }
  if (salarie === undefined) return
  if (date !== undefined && !presentOn(salarie, date, date)) {
    issues.push({ champ: 'date', message: `${describeSalarie(salarie)} n’est pas sous contrat le ${formatDateFr(date)}.` })
  }
  if (periode !== undefined) {
    checkPresenceInPeriod(salarie, { from: periodStart(periode), to: periodEnd(periode), libelle: `sur la période ${periode}` }, issues)
  }
}
