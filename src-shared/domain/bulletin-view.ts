/**
 * How the payslip screens read a payslip (issue 15, points 1 and 2), as pure functions: the list's filters, the
 * rubriques grouped as a payslip reads, and the month's variable elements of the employee each marked found in the
 * rubriques or not. Decisions #48 (filters) and #49 (groups, matching) of docs/api-assumptions.md.
 *
 * Money stays decimal strings; subtotals are summed in integer cents (bigint) and written back as decimal strings.
 */
import type { Bulletin, BulletinDetail, StatutBulletin } from '../api/bulletins'
import { decimalToCents } from './decimal'
import type { ServiceRecordKind } from './service-records'

/**
 * Rubrique codes the payroll computation gives the elements that have no code of their own (#49). The sandbox's
 * computation writes these codes (src-sandbox/handlers/bulletin-calcul.ts); an EVP or a prime keeps its own code.
 */
export const RUBRIQUE_CODES = {
  salaireBase: '1000',
  avantage: '1500',
  cotisations: '7000',
  deductionAvantage: '8000',
  frais: '8100',
  acompte: '8200',
} as const

// ------------------------------------------------------------------------------------------------------ filters

/** Filters of the list (#48): each empty list or empty text means "all". */
export interface BulletinFilter {
  /** Establishments (NIC), several. */
  readonly nics: readonly string[]
  /** States, several. */
  readonly statuts: readonly StatutBulletin[]
  /** Employee: matricule or part of the name (accents and case ignored), through `nameOf`. */
  readonly salarie: string
  /** Contract number, exact (trimmed). */
  readonly contrat: string
}

/** The filter that keeps every payslip. */
export const NO_BULLETIN_FILTER: BulletinFilter = { nics: [], statuts: [], salarie: '', contrat: '' }

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim()
}

/**
 * The payslips `filter` keeps, in matricule then contract order (one row per payslip: an employee with two
 * contracts has two rows).
 * @param nameOf the employee's displayed name for a matricule ('' when unknown), matched by part
 */
export function filterBulletins<B extends Bulletin>(
  bulletins: readonly B[],
  filter: BulletinFilter,
  nameOf: (matricule: string) => string,
): B[] {
  const who = fold(filter.salarie)
  const contrat = filter.contrat.trim()
  return bulletins
    .filter(
      (b) =>
        (filter.nics.length === 0 || filter.nics.includes(b.nic)) &&
        (filter.statuts.length === 0 || filter.statuts.includes(b.statut)) &&
        (contrat === '' || b.numero_contrat === contrat) &&
        (who === '' || fold(b.matricule).includes(who) || fold(nameOf(b.matricule)).includes(who)),
    )
    .sort((a, b) => a.matricule.localeCompare(b.matricule) || a.numero_contrat.localeCompare(b.numero_contrat) || a.id.localeCompare(b.id))
}

/** Number of payslips per state (every state present, 0 when none). */
export function countByStatut(bulletins: readonly Pick<Bulletin, 'statut'>[]): Record<StatutBulletin, number> {
  const counts: Record<StatutBulletin, number> = {
    a_calculer: 0,
    calcule: 0,
    controle: 0,
    envoye_employeur: 0,
    valide: 0,
    refuse: 0,
    envoye_coffre: 0,
    envoye_salarie: 0,
  }
  for (const b of bulletins) counts[b.statut] += 1
  return counts
}

// ------------------------------------------------------------------------------------------------------ groups

type Ligne = BulletinDetail['rubriques']['lignes'][number]

/** Sections of a payslip, in the order it reads (#49). */
export const RUBRIQUE_GROUPS = ['brut', 'cotisations', 'impot', 'net'] as const
export type RubriqueGroup = (typeof RUBRIQUE_GROUPS)[number]

/**
 * Section of a rubrique by its code (#49): a code that is not a number (an element's own code: EVP, prime) or a
 * number under 2000 is part of the gross pay; 2000–3999 and 5000–7999 are contributions (CSG and CRDS included);
 * 4000–4999 the income tax withheld at source; 8000 and above what is added or taken after the contributions.
 */
export function groupOf(code: string): RubriqueGroup {
  if (!/^\d+$/.test(code)) return 'brut'
  const n = Number(code)
  if (n < 2000) return 'brut'
  if (n >= 4000 && n < 5000) return 'impot'
  if (n >= 8000) return 'net'
  return 'cotisations'
}

/** One section: its lines in the payslip's order and the sums of the employee and employer amounts (decimal strings). */
export interface RubriqueSection {
  readonly group: RubriqueGroup
  readonly lignes: readonly Ligne[]
  readonly totalSalarial: string
  readonly totalPatronal: string
}

/** Cents → decimal euros string ("-12.05"). */
export function centsToDecimal(cents: bigint): string {
  const sign = cents < 0n ? '-' : ''
  const abs = cents < 0n ? -cents : cents
  return `${sign}${(abs / 100n).toString()}.${(abs % 100n).toString().padStart(2, '0')}`
}

function sum(values: readonly (string | null)[]): string {
  return centsToDecimal(values.reduce((acc, v) => acc + (v === null ? 0n : decimalToCents(v)), 0n))
}

/**
 * The rubriques grouped as a payslip reads: the sections of {@link RUBRIQUE_GROUPS} that hold a line, each with its
 * subtotals.
 * @throws RangeError when an amount is not a wire decimal of at most two decimals (decimalToCents)
 */
export function groupRubriques(lignes: readonly Ligne[]): RubriqueSection[] {
  return RUBRIQUE_GROUPS.flatMap((group) => {
    const own = lignes.filter((l) => groupOf(l.code) === group)
    if (own.length === 0) return []
    return [
      {
        group,
        lignes: own,
        totalSalarial: sum(own.map((l) => l.montant_salarial)),
        totalPatronal: sum(own.map((l) => l.montant_patronal)),
      },
    ]
  })
}

// ------------------------------------------------------------------------------------------------------ matching

/** One variable element of the month, from the service's records or from this workstation's outbox. */
export interface MonthElement {
  readonly source: 'service' | 'local'
  readonly kind: ServiceRecordKind
  /** Server id (service) or client id (local). */
  readonly id: string
  /** Its code (code_evp, code_prime, code_absence, type of avantage or frais); null for an acompte. */
  readonly code: string | null
  /** Its amount in euros when it has one (decimal string). */
  readonly montant: string | null
  /** Contract it was entered for; null when the kind carries none. */
  readonly numeroContrat: string | null
}

/**
 * Whether an element landed on the payslip (#49):
 * - `found`: a rubrique holds it (its own code for an EVP or a prime, with the same amount when it has one; the
 *   avantages line, the frais line or the acomptes line for those kinds);
 * - `missing`: the service holds the element and no rubrique does (computed before it was entered, or not taken);
 * - `not_sent`: a local entry not yet on the service: it cannot be on the payslip yet;
 * - `no_rubrique`: an absence, which changes the pay without a rubrique of its own in this computation.
 */
export type ElementMatch = 'found' | 'missing' | 'not_sent' | 'no_rubrique'

/** Does a rubrique of `lignes` hold `element`? (rule of {@link ElementMatch}) */
function held(element: MonthElement, lignes: readonly Ligne[]): boolean {
  const codes: Partial<Record<ServiceRecordKind, string>> = {
    avantage: RUBRIQUE_CODES.avantage,
    frais: RUBRIQUE_CODES.frais,
    acompte: RUBRIQUE_CODES.acompte,
  }
  const code = codes[element.kind] ?? element.code
  return lignes.some((l) => {
    if (l.code !== code) return false
    if (element.kind !== 'evp' && element.kind !== 'prime') return true
    if (element.montant === null || l.montant_salarial === null) return true
    return decimalToCents(element.montant) === decimalToCents(l.montant_salarial)
  })
}

/**
 * The elements of the payslip's employee and contract (an element without contract is shown on each of the
 * employee's payslips), each with whether it landed on the payslip.
 */
export function matchElements(
  bulletin: Pick<BulletinDetail, 'numero_contrat' | 'rubriques'>,
  elements: readonly MonthElement[],
): { element: MonthElement; match: ElementMatch }[] {
  return elements
    .filter((e) => e.numeroContrat === null || e.numeroContrat === bulletin.numero_contrat)
    .map((element) => {
      if (element.source === 'local') return { element, match: 'not_sent' as const }
      if (element.kind === 'absence') return { element, match: 'no_rubrique' as const }
      return { element, match: held(element, bulletin.rubriques.lignes) ? ('found' as const) : ('missing' as const) }
    })
}
