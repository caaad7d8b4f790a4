/**
 * Deterministic payslip computation of the sandbox, in integer cents. Not a payroll engine: a stand-in whose
 * result depends only on the store, so the app can show amounts change when entries change.
 *
 * Assumption (not shown in reference; simplified on purpose):
 *   brut        = salaire_base of the contract + EVP amounts (`montant`) and primes of the contract and period
 *                 + avantages en nature of the period;
 *   cotisations = 22 % of brut (employee share), 42 % (employer share), rounded half away from zero;
 *   net à payer = brut − cotisations salariales − avantages en nature + frais professionnels − acomptes.
 * Records without a contract number (avantages, frais, acomptes) count on the employee's payslip with the
 * smallest contract number in the period, so several payslips of one month never count them twice.
 * Rubrique codes of the elements without a code of their own: RUBRIQUE_CODES (decision #49).
 */
import type { BulletinDetail } from '../../src-shared/api/bulletins'
import type { SandboxStore } from '../store/types'
import { RUBRIQUE_CODES } from '../../src-shared/domain/bulletin-view'
import { applyRate, fromCents, toCents } from './money'

type Ligne = BulletinDetail['rubriques']['lignes'][number]

/** Employee and employer contribution rates, in hundredths of a percent (assumption: flat rates). */
export const TAUX_SALARIAL_BP = 2200
export const TAUX_PATRONAL_BP = 4200

function centsOf(value: string | null | undefined): number {
  if (value == null) return 0
  try {
    return toCents(value)
  } catch {
    return 0
  }
}

function ligne(code: string, libelle: string, montantSalarial: number, base: number | null = null): Ligne {
  return {
    code,
    libelle,
    base: base === null ? null : fromCents(base),
    taux_salarial: null,
    montant_salarial: fromCents(montantSalarial),
    taux_patronal: null,
    montant_patronal: null,
  }
}

/** Result of a computation: amounts and lines, to merge into the payslip. */
export interface CalculBulletin {
  readonly brut: string
  readonly net_a_payer: string
  readonly rubriques: BulletinDetail['rubriques']
}

/**
 * Computes a payslip from the store (see the module comment for the formula).
 * @returns brut and net as decimal euro strings, and the payslip lines.
 */
export function calculerBulletin(
  store: SandboxStore,
  b: Pick<BulletinDetail, 'siren' | 'matricule' | 'numero_contrat' | 'periode'>,
): CalculBulletin {
  const contrat = store.contrats.find((c) => c.siren === b.siren && c.matricule === b.matricule && c.numero_contrat === b.numero_contrat)
  const lignes: Ligne[] = []
  const base = centsOf(contrat?.salaire_base)
  lignes.push(ligne(RUBRIQUE_CODES.salaireBase, 'Salaire de base', base))
  let brut = base

  const codes = store.codesEvp[b.siren] ?? []
  const same = (r: { siren: string; matricule: string; periode: string }) =>
    r.siren === b.siren && r.matricule === b.matricule && r.periode === b.periode
  for (const e of store.evp.filter((x) => same(x) && x.numero_contrat === b.numero_contrat && x.montant !== null)) {
    const amount = centsOf(e.montant)
    brut += amount
    lignes.push(ligne(e.code_evp, codes.find((c) => c.code === e.code_evp)?.libelle ?? e.code_evp, amount))
  }
  for (const p of store.primesIndemnites.filter((x) => same(x) && x.numero_contrat === b.numero_contrat)) {
    const amount = centsOf(p.montant)
    brut += amount
    lignes.push(ligne(p.code_prime, p.libelle_bulletin ?? p.code_prime, amount))
  }

  const numeros = store.bulletins
    .filter((x) => same(x))
    .map((x) => x.numero_contrat)
    .sort()
  const carriesUnassigned = (numeros[0] ?? b.numero_contrat) === b.numero_contrat
  let avantages = 0
  let frais = 0
  let acomptes = 0
  if (carriesUnassigned) {
    for (const a of store.avantagesNature.filter(same)) avantages += centsOf(a.montant)
    for (const f of store.fraisProfessionnels.filter(same)) frais += centsOf(f.montant)
    for (const a of store.acomptes.filter(same)) acomptes += centsOf(a.montant)
  }
  if (avantages !== 0) lignes.push(ligne(RUBRIQUE_CODES.avantage, 'Avantages en nature', avantages))
  brut += avantages

  const salariales = applyRate(brut, TAUX_SALARIAL_BP)
  const patronales = applyRate(brut, TAUX_PATRONAL_BP)
  lignes.push({
    code: RUBRIQUE_CODES.cotisations,
    libelle: 'Cotisations et contributions sociales',
    base: fromCents(brut),
    taux_salarial: String(TAUX_SALARIAL_BP / 100),
    montant_salarial: fromCents(-salariales),
    taux_patronal: String(TAUX_PATRONAL_BP / 100),
    montant_patronal: fromCents(patronales),
  })
  if (avantages !== 0) lignes.push(ligne(RUBRIQUE_CODES.deductionAvantage, 'Déduction des avantages en nature', -avantages))
  if (frais !== 0) lignes.push(ligne(RUBRIQUE_CODES.frais, 'Remboursement de frais professionnels', frais))
  if (acomptes !== 0) lignes.push(ligne(RUBRIQUE_CODES.acompte, 'Acomptes versés', -acomptes))
  const net = brut - salariales - avantages + frais - acomptes

  const heures = contrat?.duree_travail.unite_mesure === '10' ? contrat.duree_travail.quotite : null
  return { brut: fromCents(brut), net_a_payer: fromCents(net), rubriques: { lignes, heures_travaillees: heures } }
}
