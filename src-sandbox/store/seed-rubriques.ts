/**
 * A simplified French payslip for the sandbox seed: base salary, social contributions and income tax withheld,
 * all in integer cents (rates in hundredths of a percent). Realistic, not a payroll engine: no general reduction
 * of employer contributions, no prorated ceiling for part time (assumptions).
 */
import type { z } from 'zod'
import type { LigneRubrique } from '../../src-shared/api/bulletins'
import type { SalarieDetail } from '../../src-shared/api/salaries'
import type { ContratStocke } from './types'
import { daysBetween, daysInPeriode, firstDay, lastDay, maxDate, minDate, splitPeriode } from './seed-calendar'
import { applyRate, divRound, euros, formatFixed, formatRate, parseCents } from './seed-money'
import { hashLabel } from './seed-random'

type Ligne = z.output<typeof LigneRubrique>

/** Monthly social security ceiling (PMSS) in cents: 3 864 € (2024), 3 925 € (2025), 4 005 € (2026), yearly decrees. */
export function plafondMensuel(annee: number): number {
  if (annee <= 2024) return 386_400
  if (annee === 2025) return 392_500
  return 400_500
}

/** Monthly SMIC for 151.67 h in cents (1 801.80 €, 1 November 2024), used for the reduced-rate thresholds. */
const SMIC_MENSUEL = 180_180

/** Result of a payslip computation; amounts in cents, `heures` in hundredths (null for a forfait jours). */
export interface CalculBulletin {
  lignes: Ligne[]
  brut: number
  netAPayer: number
  netImposable: number
  impot: number
  cotisationsSalariales: number
  cotisationsPatronales: number
  heures: number | null
}

/** Withholding-tax rate of an employee in hundredths of a percent, stable per matricule (assumption: 0 to 11 %). */
export function tauxPrelevementSource(matricule: string): number {
  const taux = [0, 0, 150, 290, 430, 560, 750, 1100]
  return taux[hashLabel(matricule) % taux.length] ?? 0
}

function ligne(
  code: string,
  libelle: string,
  base: number | null,
  sal: { taux: number | null; montant: number } | null,
  pat: { taux: number | null; montant: number } | null,
): Ligne {
  return {
    code,
    libelle,
    base: base === null ? null : euros(base),
    taux_salarial: sal?.taux == null ? null : formatRate(sal.taux),
    montant_salarial: sal === null ? null : euros(sal.montant),
    taux_patronal: pat?.taux == null ? null : formatRate(pat.taux),
    montant_patronal: pat === null ? null : euros(pat.montant),
  }
}

/** Parses a `Quantite` with at most 2 decimals into hundredths (`"151.67"` → 15167). */
function hundredths(value: string): number {
  return parseCents(value)
}

/**
 * Computes the payslip of one contract for one period. Conventions (assumption): `montant_salarial` is signed,
 * positive for gains and negative for deductions; `montant_patronal` is positive. Rates: URSSAF and Agirc-Arrco
 * 2025 (maladie 7 % / 13 % above 2.5 SMIC, vieillesse 6.90 % + 8.55 % capped and 0.40 % + 2.11 % uncapped,
 * allocations familiales 3.45 % / 5.25 % above 3.5 SMIC, chômage 4 %, AGS 0.25 %, Agirc-Arrco T1 3.15 % + 4.72 %,
 * CEG 0.86 % + 1.29 %, T2 8.64 % + 12.95 %, CET-CEG T2 1.08 % + 1.62 %, CSG 6.80 % + 2.40 % and CRDS 0.50 % on
 * 98.25 % of the gross plus employer provident contributions, Alsace-Moselle 1.30 %).
 * The base salary is prorated by calendar days when the contract starts or ends within the period.
 */
export function calculerBulletin(
  contrat: ContratStocke,
  salarie: SalarieDetail,
  periode: string,
  o: { tauxAt: number; effectif: number; primeAnciennete: boolean },
): CalculBulletin {
  const lignes: Ligne[] = []
  const base = parseCents(contrat.salaire_base)
  const horaire = contrat.duree_travail.unite_mesure === '10'
  const heures = horaire ? hundredths(contrat.duree_travail.quotite) : null
  lignes.push(ligne('1000', 'Salaire de base', heures, { taux: null, montant: base }, null))
  if (heures !== null && heures > 0) {
    const last = lignes[lignes.length - 1]
    if (last !== undefined) last.taux_salarial = formatFixed(divRound(base * 10_000, heures), 4)
  }
  let brut = base
  const debut = maxDate(contrat.date_debut, firstDay(periode))
  const fin = minDate(contrat.date_fin ?? lastDay(periode), lastDay(periode))
  const jours = daysBetween(debut, fin) + 1
  const dim = daysInPeriode(periode)
  if (jours < dim) {
    const retenue = base - divRound(base * jours, dim)
    lignes.push(ligne('1090', 'Entrée ou sortie en cours de mois', null, { taux: null, montant: -retenue }, null))
    brut -= retenue
  }
  const { annee } = splitPeriode(periode)
  if (o.primeAnciennete && annee - Number(salarie.date_entree.slice(0, 4)) >= 3) {
    const prime = applyRate(brut, 300)
    lignes.push(ligne('1100', 'Prime d’ancienneté', brut, { taux: 300, montant: prime }, null))
    brut += prime
  }
  const pmss = plafondMensuel(annee)
  const tranche1 = Math.min(brut, pmss)
  const tranche2 = Math.max(0, Math.min(brut, 8 * pmss) - pmss)
  let salariales = 0
  let salarialesDeductibles = 0
  let patronales = 0
  let patronalesCsg = 0
  const cotisation = (
    code: string,
    libelle: string,
    assiette: number,
    tauxSal: number | null,
    tauxPat: number | null,
    deductible = true,
  ): void => {
    const sal = tauxSal === null ? null : { taux: tauxSal, montant: -applyRate(assiette, tauxSal) }
    const pat = tauxPat === null ? null : { taux: tauxPat, montant: applyRate(assiette, tauxPat) }
    lignes.push(ligne(code, libelle, assiette, sal, pat))
    salariales += sal === null ? 0 : -sal.montant
    if (deductible) salarialesDeductibles += sal === null ? 0 : -sal.montant
    patronales += pat?.montant ?? 0
  }
  cotisation('2000', 'Sécurité sociale – maladie, maternité, invalidité, décès', brut, null, 2 * brut <= 5 * SMIC_MENSUEL ? 700 : 1300)
  if (salarie.regime_social.regime === 'alsace_moselle') cotisation('2005', 'Régime local Alsace-Moselle', brut, 130, null)
  cotisation('2010', 'Assurance vieillesse plafonnée', tranche1, 690, 855)
  cotisation('2020', 'Assurance vieillesse déplafonnée', brut, 40, 211)
  cotisation('2030', 'Allocations familiales', brut, null, 2 * brut <= 7 * SMIC_MENSUEL ? 345 : 525)
  cotisation('2040', 'Accidents du travail – maladies professionnelles', brut, null, o.tauxAt)
  if (o.effectif >= 50) cotisation('2050', 'FNAL', brut, null, 50)
  else cotisation('2050', 'FNAL', tranche1, null, 10)
  cotisation('2060', 'Contribution solidarité autonomie', brut, null, 30)
  cotisation('2100', 'Assurance chômage', Math.min(brut, 4 * pmss), null, 400)
  cotisation('2110', 'AGS (garantie des salaires)', Math.min(brut, 4 * pmss), null, 25)
  cotisation('2200', 'Retraite complémentaire Agirc-Arrco tranche 1', tranche1, 315, 472)
  cotisation('2210', 'Contribution d’équilibre général tranche 1', tranche1, 86, 129)
  if (tranche2 > 0) {
    cotisation('2220', 'Retraite complémentaire Agirc-Arrco tranche 2', tranche2, 864, 1295)
    cotisation('2230', 'Contribution d’équilibre général tranche 2', tranche2, 108, 162)
  }
  if (salarie.regime_social.prevoyance_etablissement) {
    const avant = patronales
    if (contrat.statut_conventionnel === '02') cotisation('2300', 'Prévoyance cadres (1,50 % tranche 1)', tranche1, null, 150)
    else cotisation('2300', 'Prévoyance non cadres', brut, 30, 50)
    patronalesCsg += patronales - avant
  }
  const santePart = 3_200
  lignes.push(ligne('2400', 'Complémentaire santé', null, { taux: null, montant: -santePart }, { taux: null, montant: santePart }))
  salariales += santePart
  salarialesDeductibles += santePart
  patronales += santePart
  patronalesCsg += santePart
  const assietteCsg = divRound(brut * 9825, 10_000) + patronalesCsg
  cotisation('3000', 'CSG déductible de l’impôt sur le revenu', assietteCsg, 680, null)
  cotisation('3010', 'CSG non déductible de l’impôt sur le revenu', assietteCsg, 240, null, false)
  cotisation('3020', 'CRDS non déductible de l’impôt sur le revenu', assietteCsg, 50, null, false)
  const netImposable = brut - salarialesDeductibles + santePart
  const tauxPas = tauxPrelevementSource(salarie.matricule)
  const impot = applyRate(netImposable, tauxPas)
  lignes.push(ligne('4000', 'Impôt sur le revenu prélevé à la source', netImposable, { taux: tauxPas, montant: -impot }, null))
  return {
    lignes,
    brut,
    netAPayer: brut - salariales - impot,
    netImposable,
    impot,
    cotisationsSalariales: salariales,
    cotisationsPatronales: patronales,
    heures: heures === null ? null : divRound(heures * jours, dim),
  }
}
