/**
 * Payslips (bulletins) of the previous and current period of each dossier, and the year's cumuls per employee.
 * Every workflow state appears across the data set; amounts come from seed-rubriques (integer cents).
 */
import type { BulletinDetail, Cumul, StatutBulletin } from '../../src-shared/api/bulletins'
import type { SalarieDetail } from '../../src-shared/api/salaries'
import type { ContratStocke } from './types'
import {
  addDays,
  addMonths,
  dayOf,
  daysInPeriode,
  firstDay,
  instant,
  lastDay,
  maxDate,
  minDate,
  overlapsPeriode,
  periode,
  periodeOf,
  splitPeriode,
} from './seed-calendar'
import { euros, formatFixed } from './seed-money'
import type { CleDossier, DossierPlan } from './seed-dossiers'
import { calculerBulletin, plafondMensuel, type CalculBulletin } from './seed-rubriques'
import type { Rng } from './seed-random'

/** Options of the payslip computation that depend on the dossier. */
export function optionsCalcul(plan: DossierPlan): { tauxAt: number; effectif: number; primeAnciennete: boolean } {
  return { tauxAt: plan.tauxAt, effectif: plan.effectif, primeAnciennete: plan.cle === 'C' || plan.cle === 'D' }
}

/** Contracts of a dossier active during a period, by matricule then contract number. */
export function contratsActifs(contrats: readonly ContratStocke[], siren: string, p: string): ContratStocke[] {
  return contrats
    .filter((c) => c.siren === siren && overlapsPeriode(c.date_debut, c.date_fin, p))
    .sort((a, b) => (a.matricule + a.numero_contrat).localeCompare(b.matricule + b.numero_contrat))
}

/**
 * States of the current period's payslips, cycled over the dossier's payslips (assumption: a realistic spread,
 * chosen so that every state of StatutBulletin occurs, `refuse` included).
 */
const ETATS_COURANTS: Record<CleDossier, StatutBulletin[]> = {
  A: [
    'calcule',
    'controle',
    'envoye_employeur',
    'valide',
    'a_calculer',
    'calcule',
    'refuse',
    'envoye_coffre',
    'envoye_salarie',
    'controle',
    'calcule',
    'valide',
  ],
  B: ['controle', 'envoye_employeur', 'calcule'],
  C: ['a_calculer', 'calcule', 'a_calculer'],
  D: ['envoye_employeur', 'valide', 'refuse', 'valide'],
}

function etatPrecedent(k: number, coffre: boolean): StatutBulletin {
  if (k % 17 === 3) return 'valide'
  if (coffre && k % 9 === 0) return 'envoye_coffre'
  return 'envoye_salarie'
}

/** Dates of the workflow steps of a period: days 24 to 28 when the period is over, else the last few days up to today. */
function jalons(p: string, today: string): string[] {
  if (lastDay(p) < today) return [24, 25, 26, 27, 28].map((d) => dayOf(p, d))
  const base = minDate(maxDate(firstDay(p), addDays(today, -4)), today)
  return [0, 1, 2, 3, 4].map((n) => minDate(addDays(base, n), today))
}

const AFTER_EMPLOYEUR: readonly StatutBulletin[] = ['envoye_employeur', 'valide', 'refuse', 'envoye_coffre', 'envoye_salarie']

/**
 * Payslips of a dossier for its previous and current periods: one per contract active in the period (two for an
 * employee holding two contracts). Current-period payslips of employees who joined this month are `a_calculer`.
 * `calculePar` gives the cabinet user who computed each period's payslips.
 */
export function genererBulletins(
  rng: Rng,
  plan: DossierPlan,
  salaries: readonly SalarieDetail[],
  contrats: readonly ContratStocke[],
  courante: string,
  today: string,
  calculePar: { precedente: string; courante: string },
): BulletinDetail[] {
  const parMatricule = new Map(salaries.map((s) => [s.matricule, s]))
  const bulletins: BulletinDetail[] = []
  for (const p of [addMonths(courante, -1), courante]) {
    const estCourante = p === courante
    const [dCalc = p, dEmp = p, , dCoffre = p, dSal = p] = jalons(p, today)
    contratsActifs(contrats, plan.siren, p).forEach((contrat, k) => {
      const salarie = parMatricule.get(contrat.matricule)
      if (salarie === undefined) return
      let statut = estCourante
        ? (ETATS_COURANTS[plan.cle][k % ETATS_COURANTS[plan.cle].length] ?? 'calcule')
        : etatPrecedent(k, salarie.coffre_active)
      if (statut === 'envoye_coffre' && !salarie.coffre_active) statut = 'valide'
      if (estCourante && periodeOf(contrat.date_debut) === p) statut = 'a_calculer'
      const calcul: CalculBulletin | null = statut === 'a_calculer' ? null : calculerBulletin(contrat, salarie, p, optionsCalcul(plan))
      const viaCoffre = statut === 'envoye_coffre' || (statut === 'envoye_salarie' && salarie.coffre_active)
      bulletins.push({
        id: rng.uuid(),
        siren: plan.siren,
        nic: contrat.nic,
        matricule: contrat.matricule,
        numero_contrat: contrat.numero_contrat,
        periode: p,
        statut,
        brut: calcul === null ? null : euros(calcul.brut),
        net_a_payer: calcul === null ? null : euros(calcul.netAPayer),
        dernier_calcul_par: calcul === null ? null : estCourante ? calculePar.courante : calculePar.precedente,
        date_dernier_calcul: calcul === null ? null : instant(dCalc, 8, rng.int(0, 59)),
        date_envoi_coffre: viaCoffre ? instant(dCoffre, 7, rng.int(0, 59)) : null,
        dates_envoi: {
          employeur: AFTER_EMPLOYEUR.includes(statut) ? instant(dEmp, 10, rng.int(0, 59)) : null,
          salarie: statut === 'envoye_salarie' ? instant(dSal, 17, rng.int(0, 59)) : null,
        },
        rubriques: {
          lignes: calcul?.lignes ?? [],
          heures_travaillees: calcul?.heures == null ? null : formatFixed(calcul.heures, 2),
        },
      })
    })
  }
  return bulletins
}

interface CumulDef {
  categorie: string
  code: string
  moteur: string
  libelle: string
  valeur: (c: CalculBulletin, annee: number) => number
}

/** Cumuls kept per employee (assumption: these codes; `code_moteur` is the payroll engine's own code). */
const CUMULS: readonly CumulDef[] = [
  { categorie: 'remuneration', code: 'BRUT', moteur: 'C0100', libelle: 'Salaire brut', valeur: (c) => c.brut },
  { categorie: 'remuneration', code: 'NET_IMP', moteur: 'C0200', libelle: 'Net imposable', valeur: (c) => c.netImposable },
  { categorie: 'remuneration', code: 'NET_PAYE', moteur: 'C0210', libelle: 'Net payé', valeur: (c) => c.netAPayer },
  { categorie: 'cotisations', code: 'COT_SAL', moteur: 'C0300', libelle: 'Cotisations salariales', valeur: (c) => c.cotisationsSalariales },
  {
    categorie: 'cotisations',
    code: 'PLAF_SS',
    moteur: 'C0310',
    libelle: 'Plafond de la sécurité sociale',
    valeur: (_c, annee) => plafondMensuel(annee),
  },
  { categorie: 'fiscal', code: 'PAS', moteur: 'C0500', libelle: 'Impôt prélevé à la source', valeur: (c) => c.impot },
  { categorie: 'heures', code: 'HEURES', moteur: 'C0400', libelle: 'Heures rémunérées', valeur: (c) => c.heures ?? 0 },
  { categorie: 'conges', code: 'CP_ACQUIS', moteur: 'C0600', libelle: 'Congés payés acquis (jours ouvrables)', valeur: () => 250 },
]

/**
 * Cumuls of the year of `derniere` (the dossier's last closed period) per employee, from January to `derniere`:
 * the sum of each month's computed payslips (all contracts). Paid leave accrues 2.5 working days a month
 * (Code du travail L3141-3). Values are decimal strings (euros, hours or days with 2 decimals).
 */
export function genererCumuls(
  plan: DossierPlan,
  salaries: readonly SalarieDetail[],
  contrats: readonly ContratStocke[],
  derniere: string,
): Cumul[] {
  const { annee, mois } = splitPeriode(derniere)
  const totals = new Map<string, number[]>()
  const parMatricule = new Map(salaries.map((s) => [s.matricule, s]))
  // Within one year a contract's payslip only changes with the days it covers: compute each case once.
  const memo = new Map<string, CalculBulletin>()
  for (let m = 1; m <= mois; m += 1) {
    const p = periode(annee, m)
    for (const contrat of contratsActifs(contrats, plan.siren, p)) {
      const salarie = parMatricule.get(contrat.matricule)
      if (salarie === undefined) continue
      const debut = maxDate(contrat.date_debut, firstDay(p))
      const fin = minDate(contrat.date_fin ?? lastDay(p), lastDay(p))
      const key = `${contrat.numero_contrat}|${debut.slice(8)}|${fin.slice(8)}|${String(daysInPeriode(p))}`
      const calcul = memo.get(key) ?? calculerBulletin(contrat, salarie, p, optionsCalcul(plan))
      memo.set(key, calcul)
      const sums = totals.get(contrat.matricule) ?? CUMULS.map(() => 0)
      CUMULS.forEach((def, index) => {
        const once = def.code === 'PLAF_SS' || def.code === 'CP_ACQUIS'
        if (once && contrat.numero_contrat !== salarie.contrats.find((c) => overlapsPeriode(c.date_debut, c.date_fin, p))?.numero_contrat)
          return
        sums[index] = (sums[index] ?? 0) + def.valeur(calcul, annee)
      })
      totals.set(contrat.matricule, sums)
    }
  }
  return [...totals.entries()].flatMap(([matricule, sums]) =>
    CUMULS.map((def, index) => ({
      siren: plan.siren,
      matricule,
      annee,
      categorie: def.categorie,
      code_cumul: def.code,
      code_moteur: def.moteur,
      libelle: def.libelle,
      valeur: euros(sums[index] ?? 0),
    })),
  )
}
