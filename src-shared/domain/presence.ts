/**
 * ONE presence rule (issue 14, point 7): whether a salarié is present over a date range, as the renderer's employee
 * filter (« présents du … au … », the EVP grid's period) and the sandbox's `du`/`au` filter of `GET /api/salaries`
 * decide it. Before this module they disagreed: the sandbox listed an employee when his employment OR any contract
 * met the range (a contract still open after his exit date kept him listed after he left; a reversed range listed
 * people), the renderer when his employment AND a contract met it (contracts not cut at the exit date), and the
 * offline validation cut contracts at the exit date. Pure, no runtime dependency.
 *
 * Rules (dates ISO `YYYY-MM-DD`, compared as strings):
 * 1. A range is closed: `du` and `au` are days of it; a missing bound is open (reference V1.2.0 "filters du and au
 *    select employees present in a period"; bounds: assumption, not shown in reference).
 * 2. A range whose `au` precedes its `du` holds no day: nobody is present over it (assumption).
 * 3. Entry and exit days are days of presence: `date_entree` is the first day employed, `date_sortie` the last (DSN
 *    S21.G00.40.001 « date de début du contrat » and S21.G00.62.001 « date de fin du contrat » are days under
 *    contract). So an entry on the last day of a month or an exit on its first day makes the salarié present that
 *    month. No exit date: still employed (reference V1.5.0 "employee exit date in search").
 * 4. An exit before the entry is refused: {@link InvalidEmploymentDatesError} (assumption: a data error to show, not
 *    to guess from). A contract whose end precedes its start runs no day (assumption).
 * 5. When contracts are known, presence is a contract running at least one day of the range, each contract cut at
 *    the exit date (a payslip per contract: reference "several payslips can exist in one month for an employee with
 *    several contracts"; contract start and end dates V1.9.0); a gap between two contracts is absence. Contracts are
 *    cut at the exit date only: a contract listed from before the entry date (a rehired salarié's earlier contract,
 *    `date_entree` being his last hire) is presence (assumption). Without any contract listed, the employment
 *    `[date_entree, date_sortie]` decides (assumption, docs/api-assumptions.md #14 and #45).
 */

/** The dates presence is decided on: a salarié (API `Salarie` / sandbox `SalarieDetail` have these fields). */
export interface EmploymentDates {
  readonly date_entree: string
  readonly date_sortie: string | null
  readonly contrats: readonly ContractSpan[]
}

/** A contract's days: `date_fin` null = open-ended. */
export interface ContractSpan {
  readonly date_debut: string
  readonly date_fin: string | null
}

/** A date range; a null (or absent) bound is open. */
export interface PresenceRange {
  readonly du?: string | null | undefined
  readonly au?: string | null | undefined
}

/** Raised by {@link presentOver} for a salarié whose exit date precedes his entry date (rule 4). */
export class InvalidEmploymentDatesError extends Error {
  /** Code of the refusal, for the reports. */
  readonly code = 'DATES_EMPLOI_INCOHERENTES'

  constructor(readonly dates: Pick<EmploymentDates, 'date_entree' | 'date_sortie'>) {
    super(`Date de sortie ${dates.date_sortie ?? ''} antérieure à la date d’entrée ${dates.date_entree}.`)
    this.name = 'InvalidEmploymentDatesError'
  }
}

/** True when the range holds no day: its `au` precedes its `du` (rule 2). */
function isEmptyRange(range: PresenceRange): boolean {
  return range.du != null && range.au != null && range.au < range.du
}

/** True when the closed span [start, end] (end null = open) shares a day with the range (rules 1, 2). */
function meets(start: string, end: string | null, range: PresenceRange): boolean {
  const du = range.du ?? null
  const au = range.au ?? null
  if (isEmptyRange(range)) return false
  if (end !== null && end < start) return false
  return (au === null || start <= au) && (end === null || du === null || du <= end)
}

/** Last day a contract runs once cut at the exit date (rule 5); null = open-ended. */
function cutAtExit(contract: ContractSpan, exit: string | null): string | null {
  if (exit === null) return contract.date_fin
  return contract.date_fin === null || exit < contract.date_fin ? exit : contract.date_fin
}

/**
 * The contracts running at least one day of `range`, each cut at the exit date (rule 5), in their given order.
 * @throws InvalidEmploymentDatesError when the exit date precedes the entry date (rule 4).
 */
export function contractsOver<C extends ContractSpan>(
  salarie: EmploymentDates & { readonly contrats: readonly C[] },
  range: PresenceRange,
): C[] {
  refuseExitBeforeEntry(salarie)
  const contrats: readonly C[] = salarie.contrats
  return contrats.filter((c) => meets(c.date_debut, cutAtExit(c, salarie.date_sortie), range))
}

/**
 * True when the salarié is present at least one day of `range` (rules 1 to 5 of the file comment).
 * @throws InvalidEmploymentDatesError when the exit date precedes the entry date (rule 4).
 */
export function presentOver(salarie: EmploymentDates, range: PresenceRange): boolean {
  refuseExitBeforeEntry(salarie)
  if (salarie.contrats.length > 0) return contractsOver(salarie, range).length > 0
  return meets(salarie.date_entree, salarie.date_sortie, range)
}

/**
 * Whether an employee list filtered on `range` shows the salarié: {@link presentOver}, except that a salarié whose
 * dates are refused (rule 4) is listed whatever the range (but an empty one, rule 2), so that a data error is seen
 * rather than hidden (assumption). Used by the renderer's employee filter and the sandbox's `du`/`au` filter alike.
 */
export function listedOver(salarie: EmploymentDates, range: PresenceRange): boolean {
  if (isEmptyRange(range)) return false
  try {
    return presentOver(salarie, range)
  } catch (error) {
    if (error instanceof InvalidEmploymentDatesError) return true
    throw error
  }
}

/**
 * The contracts an entry screen or an offline check may use over `range`: {@link contractsOver}, or, for a salarié
 * whose dates are refused (rule 4), his contracts meeting the range as listed, not cut at an exit date that cannot be
 * trusted (assumption). Never throws.
 */
export function contractsListedOver<C extends ContractSpan>(
  salarie: EmploymentDates & { readonly contrats: readonly C[] },
  range: PresenceRange,
): C[] {
  try {
    return contractsOver(salarie, range)
  } catch (error) {
    const contrats: readonly C[] = salarie.contrats
    if (error instanceof InvalidEmploymentDatesError) return contrats.filter((c) => meets(c.date_debut, c.date_fin, range))
    throw error
  }
}

/** @throws InvalidEmploymentDatesError when `date_sortie` precedes `date_entree`. */
function refuseExitBeforeEntry(salarie: Pick<EmploymentDates, 'date_entree' | 'date_sortie'>): void {
  if (salarie.date_sortie !== null && salarie.date_sortie < salarie.date_entree) throw new InvalidEmploymentDatesError(salarie)
}
