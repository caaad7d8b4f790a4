/**
 * Dossiers (client companies, by SIREN), their establishments (by NIC) and the assignment of cabinet users.
 * Reference: GET /api/dossiers and /api/dossiers/{siren} (periode_paie_en_cours and nic per establishment since
 * V1.3.0); /api/dossiers/{siren}/affectations-dossier with start and end dates of effect (V1.13.0).
 */
import { z } from 'zod'
import { IsoDate, Matricule, Nic, Periode, Siren, Siret } from './common'

/** Establishment of a dossier. Reference: each carries a nic. Other fields: assumption. */
export const Etablissement = z.object({
  nic: Nic,
  siret: Siret,
  denomination: z.string(),
  adresse: z.string(),
  code_postal: z.string().regex(/^\d{5}$/),
  commune: z.string(),
  siege: z.boolean(),
})
export type Etablissement = z.infer<typeof Etablissement>

/**
 * Dossier. `periode_paie_en_cours` is the current payroll period (reference: its computation "is documented as not
 * fully reliable", so the app treats it as a hint and lets later periods be entered).
 */
export const Dossier = z.object({
  siren: Siren,
  raison_sociale: z.string(),
  code_naf: z.string(),
  idcc: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  periode_paie_en_cours: Periode,
  etablissements: z.array(Etablissement).min(1),
})
export type Dossier = z.infer<typeof Dossier>

/** Assignment of a cabinet user to a dossier, effective from `date_debut` to `date_fin` inclusive (null: open). */
export const AffectationDossier = z.object({
  matricule_utilisateur: Matricule,
  siren: Siren,
  date_debut: IsoDate,
  date_fin: IsoDate.nullable(),
})
export type AffectationDossier = z.infer<typeof AffectationDossier>

/** Body of POST /api/dossiers/{siren}/affectations-dossier. */
export const AffectationDossierCreate = z
  .object({
    matricule_utilisateur: Matricule,
    date_debut: IsoDate,
    date_fin: IsoDate.nullable().optional(),
  })
  .refine((v) => v.date_fin == null || v.date_fin >= v.date_debut, {
    message: 'La date de fin précède la date de début',
    path: ['date_fin'],
  })
