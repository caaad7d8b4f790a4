/**
 * The rows of the EVP grid: one per employee, or one per contract for an employee with several contracts running in
 * the grid's period (reference: "EVP records | contract numbers | returned to identify the assignment of an EVP",
 * V1.11.0; a payslip per contract, "several payslips can exist in one month for an employee with several contracts").
 * The EVP of a contract row carries that contract's `numero_contrat` (docs/api-assumptions.md #18: required when
 * several contracts run); an employee with one contract (or none) keeps one row and sends no contract number, the
 * service assigning the only one. Pure; tested in node.
 */
import type { ContratResume, Salarie } from '../../../../src-shared/api/salaries'
import { periodEnd, periodStart } from '../../../../src-shared/domain/validation/calendar'
import { activeContracts } from '../../dossier'

/** One row of the grid. */
export interface GridRow {
  /** Unique among the rows: the matricule, or `<matricule>-<numero_contrat>` for a contract row (test ids use it). */
  readonly key: string
  readonly salarie: Salarie
  /** The row's contract when the employee has several running in the period; null for the employee's only row. */
  readonly contrat: ContratResume | null
  /** What the contract column shows: the row's contract, else the employee's only running contract (not sent). */
  readonly shownContract: ContratResume | null
}

/** Row key of an employee's row (`numeroContrat` null) or of one of his contract rows. */
export function rowKey(matricule: string, numeroContrat: string | null): string {
  return numeroContrat === null ? matricule : `${matricule}-${numeroContrat}`
}

/**
 * The grid's rows for `salaries` (already filtered and sorted) in period `periode` (`YYYY-MM`): employees in the
 * given order; an employee with two or more contracts running in the period (any day of it) gets one row per such
 * contract, ordered by start date then number. An empty `periode` keeps one row per employee.
 */
export function gridRows(salaries: readonly Salarie[], periode: string): GridRow[] {
  return salaries.flatMap((salarie): GridRow[] => {
    const running = periode === '' ? [] : activeContracts(salarie, periodStart(periode), periodEnd(periode))
    if (running.length < 2) return [{ key: salarie.matricule, salarie, contrat: null, shownContract: running[0] ?? null }]
    return [...running]
      .sort((a, b) => a.date_debut.localeCompare(b.date_debut) || a.numero_contrat.localeCompare(b.numero_contrat))
      .map((contrat) => ({ key: rowKey(salarie.matricule, contrat.numero_contrat), salarie, contrat, shownContract: contrat }))
  })
}

/** True when some row is a contract row: the grid then shows its contract column. */
export function hasContractRows(rows: readonly GridRow[]): boolean {
  return rows.some((r) => r.contrat !== null)
}
