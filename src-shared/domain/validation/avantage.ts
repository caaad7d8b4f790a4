/**
 * Business rules of an avantage en nature (reference V1.9.0). Rules: assumption, docs/api-assumptions.md rule 18,
 * as the sandbox applies them (handlers/expenses.ts checkPeriodRecord): the period not closed, the employee under
 * contract in the period; the amount within {@link MAX_MONTANT_AVANTAGE}. No contract number on this record.
 */
import { Periode } from '../../api/common'
import { MAX_MONTANT_AVANTAGE, checkMontant } from './bounds'
import { periodEnd, periodStart } from './calendar'
import { checkOpenPeriod, checkPresenceInPeriod, checkSalarie } from './salarie'
import { validField, type IssueList, type Payload } from './fields'
import type { ValidationContext, ValidationOperation } from './types'

/** Benefit-in-kind rules after the schema check; issues pushed into `issues` (see index.ts for the order). */
export function checkAvantage(payload: Payload, operation: ValidationOperation, ctx: ValidationContext, issues: IssueList): void {
  const salarie = checkSalarie(ctx, payload, operation, issues)
  checkMontant(payload, MAX_MONTANT_AVANTAGE, 'un avantage en nature', issues)
  const periode = validField(payload, 'periode', Periode)
  if (periode === undefined) return
  checkOpenPeriod(ctx.dossier, periode, 'periode', issues)
  if (salarie === undefined) return
  checkPresenceInPeriod(salarie, { from: periodStart(periode), to: periodEnd(periode), libelle: `sur la période ${periode}` }, issues)
}
