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

/**
 * `schema` with the rule of an assignment's dates: the end (`date_fin`; null or absent: open) is not before the start
 * (both days included, V1.13.0 "start and end date of effect"). The issue is raised at `date_fin`.
 */
export function endNotBeforeStart<T extends z.ZodType<{ date_debut: string; date_fin?: string | null }>>(schema: T): T {
  return schema.refine((v) => v.date_fin == null || v.date_fin >= v.date_debut, {
    message: 'La date de fin précède la date de début',
    path: ['date_fin'],
  })
}

/** Body of POST /api/dossiers/{siren}/affectations-dossier. */
export const AffectationDossierCreate = endNotBeforeStart(
  z.object({
    matricule_utilisateur: Matricule,
    date_debut: IsoDate,
    date_fin: IsoDate.nullable().optional(),
  }),
)

/** Fields of PATCH /api/dossiers/{siren}/affectations-dossier (see {@link AffectationDossierFin}). */
export const AffectationDossierFinFields = z.object({
  matricule_utilisateur: Matricule,
  date_debut: IsoDate,
  date_fin: IsoDate,
})

/**
 * Body of PATCH /api/dossiers/{siren}/affectations-dossier: ends the assignment of `matricule_utilisateur` that
 * starts on `date_debut` on `date_fin` (inclusive). Assumption: not shown in reference (the path is named without
 * its methods; "start and end date of effect" V1.13.0): the assignment is named by its user and start, as the
 * collection PATCH of the dossier's salariés names each by matricule; docs/api-assumptions.md #57, #75.
 */
export const AffectationDossierFin = endNotBeforeStart(AffectationDossierFinFields)
export type AffectationDossierFin = z.infer<typeof AffectationDossierFin>
