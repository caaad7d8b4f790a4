/**
 * Employees (salariés) and their contracts for the sandbox seed. Who is special is decided by position, not by
 * chance, so that the data set always holds what the tests need (double contracts, leavers, newcomers, ended
 * CDDs, Corsican and foreign births); names, dates and amounts are drawn from the seeded random source.
 */
import type { SalarieDetail } from '../../src-shared/api/salaries'
import type { ContratStocke } from './types'
import { addDays, addMonths, dayOf, daysBetween, firstDay, isoDate, lastDay, maxDate, periodeOf, splitDate } from './seed-calendar'
import { contratStocke, type NatureContrat, type Temps } from './seed-contracts'
import type { DossierPlan, EtablissementPlan, Metier } from './seed-dossiers'
import { buildIbanFr, buildNir } from './seed-identifiers'
import { BANQUES, NOMS, PAYS_NAISSANCE, PRENOMS_FEMMES, PRENOMS_HOMMES } from './seed-names'
import type { Rng } from './seed-random'

/** What is special about an employee (decided by position in the dossier). */
export type Profil = 'standard' | 'double' | 'sorti_mois_precedent' | 'sorti_annee' | 'entre_ce_mois' | 'cdd_puis_cdi' | 'cdd_en_cours'

/**
 * Profile of the employee at `index` in a dossier. Big dossier A: every 20th from 7 holds two part-time CDIs
 * (13 of them), every 37th from 5 left last month, every 53rd from 11 left earlier, every 41st from 3 joined this
 * month, every 23rd from 4 had a CDD then a CDI, every 13th from 9 is on a running CDD. Small dossiers: a few
 * fixed positions. Index 0 is always a long-standing manager.
 */
export function profilDe(plan: DossierPlan, index: number): Profil {
  if (index === 0) return 'standard'
  const n = plan.effectif
  if (plan.cle === 'A') {
    if (index % 20 === 7) return 'double'
    if (index % 37 === 5) return 'sorti_mois_precedent'
    if (index % 53 === 11) return 'sorti_annee'
    if (index % 41 === 3) return 'entre_ce_mois'
    if (index % 23 === 4) return 'cdd_puis_cdi'
    if (index % 13 === 9) return 'cdd_en_cours'
    return 'standard'
  }
  const fixes: Record<'B' | 'C' | 'D', [number, Profil][]> = {
    B: [
      [4, 'entre_ce_mois'],
      [7, 'cdd_puis_cdi'],
      [10, 'cdd_en_cours'],
      [n - 1, 'sorti_mois_precedent'],
    ],
    C: [
      [3, 'double'],
      [6, 'cdd_en_cours'],
      [9, 'entre_ce_mois'],
      [12, 'cdd_puis_cdi'],
      [n - 2, 'sorti_mois_precedent'],
      [n - 1, 'sorti_annee'],
    ],
    D: [
      [2, 'double'],
      [5, 'cdd_en_cours'],
      [n - 1, 'sorti_mois_precedent'],
    ],
  }
  return fixes[plan.cle].find(([position]) => position === index)?.[1] ?? 'standard'
}

/** Matricule of the employee at `index` of the dossier at `dossierIndex`: `10001` … (unique across dossiers). */
export function matriculeDe(dossierIndex: number, index: number): string {
  return `${String(dossierIndex + 1)}${String(index + 1).padStart(4, '0')}`
}

interface ContratPlan {
  nature: NatureContrat
  debut: string
  fin: string | null
  metier: Metier
  temps: Temps
  salaire: number
}
interface Parcours {
  entree: string
  sortie: string | null
  contrats: ContratPlan[]
}

function tirerDate(rng: Rng, from: string, to: string): string {
  const span = daysBetween(from, to)
  return addDays(from, span <= 0 ? 0 : rng.int(0, span))
}

function salairePleinTemps(rng: Rng, metier: Metier): number {
  return metier.salaireMin + 100 * rng.int(0, Math.floor((metier.salaireMax - metier.salaireMin) / 100))
}

function tempsSimple(rng: Rng, metier: Metier): Temps {
  if (metier.forfaitJours === true) return { kind: 'forfait' }
  if (metier.statut !== '02' && rng.chance(0.12)) {
    const choix = rng.pick([
      { hebdo: 2400, jours: [2, 3, 4, 5] },
      { hebdo: 2800, jours: [1, 2, 3, 4] },
      { hebdo: 3000, jours: [1, 2, 3, 4, 5] },
    ])
    return { kind: 'partiel', ...choix }
  }
  return { kind: 'plein', tableau: rng.chance(0.3) }
}

/** Adds `months` calendar months to a date (day kept, rolled over when the month is shorter). */
function plusMois(date: string, months: number): string {
  const { annee, mois, jour } = splitDate(date)
  return isoDate(annee, mois + months, jour)
}

/**
 * Career of an employee: entry, exit and contracts, relative to `today` (p0 = its month). Standard employees
 * joined at least three months ago, so they are paid in both seeded periods of every dossier.
 */
function parcours(rng: Rng, plan: DossierPlan, index: number, profil: Profil, today: string): Parcours {
  const p0 = periodeOf(today)
  const ilYA = (years: number): string => addDays(today, -Math.round(years * 365.25))
  const metiers = index === 0 ? [plan.metiers[0]] : plan.metiers.slice(1)
  const candidats = metiers.flatMap((m) => (m === undefined ? [] : [{ item: m, poids: m.poids }]))
  const metier = rng.pickWeighted(candidats)
  const simple = (nature: NatureContrat, debut: string, fin: string | null, m: Metier = metier): ContratPlan => ({
    nature,
    debut,
    fin,
    metier: m,
    temps: tempsSimple(rng, m),
    salaire: salairePleinTemps(rng, m),
  })
  const anciennete = firstDay(addMonths(p0, -3))
  switch (profil) {
    case 'standard': {
      const entree = index === 0 ? tirerDate(rng, ilYA(15), ilYA(8)) : tirerDate(rng, ilYA(15), anciennete)
      return { entree, sortie: null, contrats: [simple('01', entree, null)] }
    }
    case 'double': {
      const horaires = candidats.filter((c) => c.item.forfaitJours !== true)
      const principal = rng.pickWeighted(horaires)
      const autres = horaires.filter((c) => c.item !== principal)
      const second = autres.length > 0 ? rng.pickWeighted(autres) : principal
      const entree = tirerDate(rng, ilYA(12), firstDay(addMonths(p0, -30)))
      const debutSecond = firstDay(periodeOf(tirerDate(rng, plusMois(entree, 6), firstDay(addMonths(p0, -3)))))
      const h1 = rng.pick([2400, 2000])
      const h2 = rng.pick([1000, 1200])
      return {
        entree,
        sortie: null,
        contrats: [
          {
            nature: '01',
            debut: entree,
            fin: null,
            metier: principal,
            temps: { kind: 'partiel', hebdo: h1, jours: [1, 2, 3, 4] },
            salaire: salairePleinTemps(rng, principal),
          },
          {
            nature: '01',
            debut: debutSecond,
            fin: null,
            metier: second,
            temps: { kind: 'partiel', hebdo: h2, jours: [5, 6] },
            salaire: salairePleinTemps(rng, second),
          },
        ],
      }
    }
    case 'sorti_mois_precedent':
    case 'sorti_annee': {
      const moisSortie = profil === 'sorti_mois_precedent' ? addMonths(p0, -1) : addMonths(p0, -rng.int(2, 5))
      const sortie = dayOf(moisSortie, rng.int(1, 28))
      const cdd = rng.chance(0.3)
      const entree = cdd ? tirerDate(rng, plusMois(sortie, -12), plusMois(sortie, -4)) : tirerDate(rng, ilYA(10), plusMois(sortie, -6))
      return { entree, sortie, contrats: [simple(cdd ? '02' : '01', entree, sortie)] }
    }
    case 'entre_ce_mois': {
      const entree = tirerDate(rng, firstDay(p0), today)
      return { entree, sortie: null, contrats: [simple('01', entree, null)] }
    }
    case 'cdd_puis_cdi': {
      const entree = tirerDate(rng, ilYA(6), firstDay(addMonths(p0, -10)))
      const finCdd = addDays(plusMois(entree, rng.int(3, 6)), -1)
      return { entree, sortie: null, contrats: [simple('02', entree, finCdd), simple('01', addDays(finCdd, 1), null)] }
    }
    case 'cdd_en_cours': {
      const entree = tirerDate(rng, firstDay(addMonths(p0, -5)), firstDay(addMonths(p0, -2)))
      return { entree, sortie: null, contrats: [simple('02', entree, lastDay(addMonths(p0, rng.int(1, 5))))] }
    }
  }
}

/** Lower-case ASCII of a name for an e-mail address (accents and anything but letters dropped). */
function slug(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
}

function departementDe(
  rng: Rng,
  plan: DossierPlan,
  index: number,
): { departement: string; commune: string; pays: (typeof PAYS_NAISSANCE)[number] | null } {
  const corse: Record<string, string> = plan.cle === 'A' ? { '15': '2A', '16': '2B', '101': '2A' } : plan.cle === 'C' ? { '5': '2B' } : {}
  const fixe = corse[String(index)]
  if (fixe !== undefined) return { departement: fixe, commune: String(rng.int(1, 366)).padStart(3, '0'), pays: null }
  const etranger = (plan.cle === 'A' && index % 31 === 12) || (plan.cle === 'B' && index === 6) || (plan.cle === 'A' && index % 29 === 14)
  if (etranger) {
    const pays =
      plan.cle === 'A' && index % 29 === 14
        ? rng.pick(PAYS_NAISSANCE.filter((p) => !p.titreRequis))
        : rng.pick(PAYS_NAISSANCE.filter((p) => p.titreRequis))
    return { departement: '99', commune: pays.code, pays }
  }
  return { departement: rng.pick(plan.departements), commune: String(rng.int(1, 400)).padStart(3, '0'), pays: null }
}

/** Generated employees and contracts of one dossier. */
export interface PeopleOfDossier {
  salaries: SalarieDetail[]
  contrats: ContratStocke[]
}

/**
 * Employees of a dossier with their contracts. NIRs carry their key (Corsica and births abroad included), IBANs
 * are French with valid RIB and ISO 13616 keys, e-mails are unique within `emailsPris` (updated).
 */
export function genererSalaries(
  rng: Rng,
  plan: DossierPlan,
  dossierIndex: number,
  today: string,
  emailsPris: Set<string>,
): PeopleOfDossier {
  const salaries: SalarieDetail[] = []
  const contrats: ContratStocke[] = []
  const etablissements = plan.etablissements.map((e): { item: EtablissementPlan; poids: number } => ({ item: e, poids: e.poids }))
  for (let index = 0; index < plan.effectif; index += 1) {
    const matricule = matriculeDe(dossierIndex, index)
    const profil = profilDe(plan, index)
    const etab = rng.pickWeighted(etablissements)
    const vie = parcours(rng, plan, index, profil, today)
    const femme = rng.chance(0.5)
    const prenom = rng.pick(femme ? PRENOMS_FEMMES : PRENOMS_HOMMES)
    const nom = rng.pick(NOMS)
    const nomUsage = femme && rng.chance(0.2) ? rng.pick(NOMS) : null
    const anneeEntree = splitDate(vie.entree).annee
    const anneeNaissance = Math.min(splitDate(today).annee - (index === 0 ? rng.int(40, 60) : rng.int(19, 62)), anneeEntree - 17)
    const moisNaissance = rng.int(1, 12)
    const naissance = isoDate(anneeNaissance, moisNaissance, rng.int(1, 28))
    const lieu = departementDe(rng, plan, index)
    const nir = buildNir({
      sexe: femme ? '2' : '1',
      annee: String(anneeNaissance % 100).padStart(2, '0'),
      mois: String(moisNaissance).padStart(2, '0'),
      departement: lieu.departement,
      commune: lieu.commune,
      ordre: String(rng.int(1, 999)).padStart(3, '0'),
    })
    let email: string | null = null
    if (!rng.chance(0.08)) {
      const base = `${slug(prenom)}.${slug(nomUsage ?? nom)}`
      let candidate = `${base}@${plan.domaine}`
      for (let n = 2; emailsPris.has(candidate); n += 1) candidate = `${base}${String(n)}@${plan.domaine}`
      emailsPris.add(candidate)
      email = candidate
    }
    const coffre = plan.cle === 'A' ? index % 4 === 0 || rng.chance(0.2) : rng.chance(0.4)
    const debutCoffre = maxDate(vie.entree, addDays(today, -1000))
    const banque = rng.pick(BANQUES)
    const cheque = plan.cle === 'A' && index % 47 === 20
    const plans = vie.contrats.map((c, k) =>
      contratStocke({
        numero: `${matricule}-${String(k + 1).padStart(2, '0')}`,
        siren: plan.siren,
        matricule,
        nic: etab.nic,
        nature: c.nature,
        metier: c.metier,
        idcc: plan.idcc,
        debut: c.debut,
        fin: c.fin,
        salairePleinTemps: c.salaire,
        temps: c.temps,
      }),
    )
    contrats.push(...plans)
    const cadre = plans.some((c) => c.statut_conventionnel === '02')
    salaries.push({
      matricule,
      siren: plan.siren,
      nic: etab.nic,
      nom,
      prenom,
      nom_usage: nomUsage,
      date_naissance: naissance,
      date_entree: vie.entree,
      date_sortie: vie.sortie,
      email,
      coffre_active: coffre,
      contrats: plans.map((c) => ({
        numero_contrat: c.numero_contrat,
        nature_contrat: c.nature_contrat,
        date_debut: c.date_debut,
        date_fin: c.date_fin,
      })),
      nir,
      regime_social: { regime: etab.regime, prevoyance_individuelle: rng.chance(0.15), prevoyance_etablissement: etab.prevoyance || cadre },
      titre_sejour:
        lieu.pays?.titreRequis === true
          ? {
              type: rng.pick(['carte_sejour_pluriannuelle', 'carte_resident', 'carte_sejour_temporaire'] as const),
              numero: rng.digits(10),
              date_fin_validite: addDays(today, rng.int(20, 1400)),
            }
          : null,
      informations_paiement: cheque
        ? { mode_paiement: 'cheque', coordonnees_bancaires: null }
        : {
            mode_paiement: 'virement',
            coordonnees_bancaires: {
              iban: buildIbanFr(banque.code, rng.digits(5), rng.digits(11)),
              bic: banque.bic,
              titulaire: `${prenom} ${nomUsage ?? nom}`,
            },
          },
      date_ouverture_coffre: coffre ? tirerDate(rng, debutCoffre, today) : null,
    })
  }
  return { salaries, contrats }
}
