/**
 * The shapes of the seed's dossier plans (seed-dossiers.ts): the dossier's key, its jobs, its establishments, and the
 * helper that plans an establishment (NIC and SIRET computed).
 */
import type { Etablissement } from '../../src-shared/api/dossiers'
import { buildNic } from './seed-identifiers'

/** Which dossier: A is the big one (260 employees), B, C and D the small ones. */
export type CleDossier = 'A' | 'B' | 'C' | 'D'

/**
 * A job of a dossier. `statut` is the conventional status (DSN S21.G00.40.002: 02 cadre, 03 profession
 * intermédiaire, 04 employé, 07 ouvrier); `salaireMin`/`salaireMax` are full-time monthly base salaries in cents.
 */
export interface Metier {
  code: string
  libelle: string
  pcs: string
  statut: '02' | '03' | '04' | '07'
  classification: string
  salaireMin: number
  salaireMax: number
  poids: number
  /** Cadre au forfait annuel en jours (218 days, Code du travail L3121-64): no hours on the payslip. */
  forfaitJours?: boolean
}

/** An establishment as planned: `nic` computed with its Luhn key, `regime` of the département. */
export interface EtablissementPlan extends Etablissement {
  regime: 'general' | 'alsace_moselle'
  /** The establishment's collective provident scheme covers its staff (prevoyance_etablissement). */
  prevoyance: boolean
  /** Share of the dossier's employees working there (weights). */
  poids: number
}

/** Everything fixed about a dossier of the seed. */
export interface DossierPlan {
  cle: CleDossier
  siren: string
  raison_sociale: string
  code_naf: string
  idcc: string
  effectif: number
  etablissements: EtablissementPlan[]
  /** E-mail domain of the company. */
  domaine: string
  /** Rate of the work-accident contribution in hundredths of a percent (assumption: typical for the NAF code). */
  tauxAt: number
  metiers: Metier[]
  /** The payroll runs one month behind (periode_paie_en_cours = previous month). */
  enRetard: boolean
  /** Cabinet absence codes this dossier does not offer (GET /api/dossiers/{siren}/codes-absences). */
  absencesExclues: string[]
  /** Departments where employees were mostly born (NIR), near the establishments. */
  departements: string[]
}

/** An establishment of `siren`: its NIC from `nic4` with its Luhn key, its SIRET. */
export function etablissement(siren: string, nic4: string, o: Omit<EtablissementPlan, 'nic' | 'siret'>): EtablissementPlan {
  const nic = buildNic(siren, nic4)
  return { nic, siret: siren + nic, ...o }
}
