/**
 * Contracts of the sandbox seed: working time (DSN S21.G00.40.011 to .014), working-time tables and the stored
 * contract record (definition + working time).
 */
import type { ContratStocke } from './types'
import { divRound, euros, formatFixed } from './seed-money'
import type { Metier } from './seed-dossiers'

export type NatureContrat = ContratStocke['nature_contrat']
type DureeTravail = ContratStocke['duree_travail']

/** Full-time monthly hours: 35 h × 52 / 12 = 151.67 h (Code du travail L3121-27), in hundredths. */
export const HEURES_MENSUELLES_PLEIN_TEMPS = 15_167

/** Monthly hours (hundredths) of a weekly schedule given in hundredths of hours: weekly × 52 / 12. */
export function heuresMensuelles(hebdo: number): number {
  return divRound(hebdo * 52, 12)
}

/**
 * How a contract's time is organised:
 * - `plein`: 35 h a week, counted in hours (unit 10, modality 10 temps plein);
 * - `forfait`: cadre au forfait annuel de 218 jours (unit 12 forfait jours, Code du travail L3121-64);
 * - `partiel`: `hebdo` hundredths of hours a week on the given ISO weekdays (modality 20 temps partiel); the
 *   distribution over the week is mandatory for part-time contracts (Code du travail L3123-6).
 */
export type Temps = { kind: 'plein'; tableau: boolean } | { kind: 'forfait' } | { kind: 'partiel'; hebdo: number; jours: number[] }

/** Working-time table: the weekly hours spread evenly over the given weekdays (ISO 8601, 1 = Monday). */
export function tableauHoraire(hebdo: number, jours: readonly number[]): { jour: number; heures: string }[] {
  const parJour = divRound(hebdo, jours.length)
  return jours.map((jour, index) => ({
    jour,
    heures: formatFixed(index === jours.length - 1 ? hebdo - parJour * (jours.length - 1) : parJour, 2),
  }))
}

/** Working time of a contract (…/duree-travail) for a way of organising time. */
export function dureeTravail(numero: string, temps: Temps): DureeTravail {
  const reference = formatFixed(HEURES_MENSUELLES_PLEIN_TEMPS, 2)
  if (temps.kind === 'forfait') {
    return {
      numero_contrat: numero,
      modalite_temps: '10',
      unite_mesure: '12',
      quotite: '218',
      quotite_reference: '218',
      tableau_horaire: null,
    }
  }
  if (temps.kind === 'plein') {
    return {
      numero_contrat: numero,
      modalite_temps: '10',
      unite_mesure: '10',
      quotite: reference,
      quotite_reference: reference,
      tableau_horaire: temps.tableau ? tableauHoraire(3500, [1, 2, 3, 4, 5]) : null,
    }
  }
  return {
    numero_contrat: numero,
    modalite_temps: '20',
    unite_mesure: '10',
    quotite: formatFixed(heuresMensuelles(temps.hebdo), 2),
    quotite_reference: reference,
    tableau_horaire: tableauHoraire(temps.hebdo, temps.jours),
  }
}

/** Monthly base salary in cents for a full-time salary and a way of organising time (part time: prorata of hours). */
export function salaireContractuel(pleinTemps: number, temps: Temps): number {
  if (temps.kind !== 'partiel') return pleinTemps
  return divRound(pleinTemps * heuresMensuelles(temps.hebdo), HEURES_MENSUELLES_PLEIN_TEMPS)
}

/** Stored contract (definition + working time) of an employee for a job. `salaire` in cents (full time). */
export function contratStocke(o: {
  numero: string
  siren: string
  matricule: string
  nic: string
  nature: NatureContrat
  metier: Metier
  idcc: string
  debut: string
  fin: string | null
  salairePleinTemps: number
  temps: Temps
}): ContratStocke {
  return {
    numero_contrat: o.numero,
    siren: o.siren,
    matricule: o.matricule,
    nic: o.nic,
    nature_contrat: o.nature,
    libelle_emploi: o.metier.libelle,
    pcs_ese: o.metier.pcs,
    date_debut: o.debut,
    date_fin: o.fin,
    idcc: o.idcc,
    statut_conventionnel: o.metier.statut,
    classification: o.metier.classification,
    salaire_base: euros(salaireContractuel(o.salairePleinTemps, o.temps)),
    duree_travail: dureeTravail(o.numero, o.temps),
  }
}
