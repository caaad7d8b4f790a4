/**
 * IPC shapes of the cabinet screens (issue 18): billing counters (`/api/facturations`), cabinet users
 * (`/api/cabinet/utilisateurs`) and assignments of users to dossiers (`/api/dossiers/{siren}/affectations-dossier`).
 * Wire records are those of `src-shared/api/cabinet.ts` and `src-shared/api/dossiers.ts`.
 */
import { z } from 'zod'
import { Facturation, UtilisateurCabinet } from '../api/cabinet'
import { IsoDate, Matricule, Periode, Siren } from '../api/common'
import { AffectationDossier, AffectationDossierFinFields, endNotBeforeStart } from '../api/dossiers'

/**
 * Input of `facturations:list`: the months to read (at most 24, each `YYYY-MM`), optionally narrowed to some dossiers.
 * Main reads each month's counters (every page) with the `periode` filter of the API.
 */
export const FacturationsListInput = z.strictObject({
  periodes: z.array(Periode).min(1).max(24),
  sirens: z.array(Siren).max(500).optional(),
})
export type FacturationsListInput = z.infer<typeof FacturationsListInput>

/** Answer of `facturations:list`: every counter row (one per dossier and month) read at `fetchedAt` (ISO instant). */
export const FacturationsListResult = z.object({
  fetchedAt: z.iso.datetime(),
  periodes: z.array(Periode),
  facturations: z.array(Facturation),
})
export type FacturationsListResult = z.infer<typeof FacturationsListResult>

/** Input of `cabinet:user`: the user's matricule. */
export const CabinetUserInput = z.strictObject({ matricule: Matricule })

/** Answer of `cabinet:users`: every cabinet user (all pages) read at `fetchedAt`. */
export const CabinetUsersResult = z.object({ fetchedAt: z.iso.datetime(), utilisateurs: z.array(UtilisateurCabinet) })
export type CabinetUsersResult = z.infer<typeof CabinetUsersResult>

/** Input of `cabinet:assignments`: the dossiers whose assignees to read (none: every dossier the caller sees). */
export const CabinetAssignmentsInput = z.strictObject({ sirens: z.array(Siren).max(500).optional() })

/**
 * Answer of `cabinet:assignments`: the assignments of the dossiers read, at `fetchedAt`; `refused` lists the dossiers
 * the service would not list (not assigned to the caller), which are left out rather than failing the whole read;
 * `utilisateur` is the signed-in user's matricule.
 */
export const CabinetAssignmentsResult = z.object({
  fetchedAt: z.iso.datetime(),
  /** Matricule of the signed-in user (GET /api/moi), for "mes dossiers". */
  utilisateur: Matricule,
  sirens: z.array(Siren),
  affectations: z.array(AffectationDossier),
  refused: z.array(Siren),
})
export type CabinetAssignmentsResult = z.infer<typeof CabinetAssignmentsResult>

/**
 * An assignment the screens queue as an `affectation` people write (docs/api-assumptions.md #58, #80): assigns a user to
 * a dossier from `date_debut` to `date_fin` (inclusive; null: open).
 */
export const CabinetAssignInput = endNotBeforeStart(
  z.strictObject({
    siren: Siren,
    matricule_utilisateur: Matricule,
    date_debut: IsoDate,
    date_fin: IsoDate.nullable(),
  }),
)
export type CabinetAssignInput = z.infer<typeof CabinetAssignInput>

/**
 * An assignment's end the screens queue as a `fin_affectation` people write (docs/api-assumptions.md #58, #80): ends the
 * assignment of `matricule_utilisateur` to `siren` that starts on `date_debut`, on `date_fin` (inclusive, not before the
 * start). Sent as PATCH
 * /api/dossiers/{siren}/affectations-dossier (assumption: not shown in reference, docs/api-assumptions.md #57, #75).
 */
export const CabinetEndAssignmentInput = endNotBeforeStart(z.strictObject({ siren: Siren, ...AffectationDossierFinFields.shape }))
export type CabinetEndAssignmentInput = z.infer<typeof CabinetEndAssignmentInput>
