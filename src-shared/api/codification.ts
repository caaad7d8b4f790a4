/**
 * Code lists (codification). Reference: GET /api/codes-absences and /api/dossiers/{siren}/codes-absences (V1.1.0),
 * /api/codes-evp and /api/codes-primes-indemnites with GP/employer visibility (V1.9.0), /api/codes/{nomCode}
 * dynamic lists such as pcs_ese, professions, public-policy and collective-agreement schemes (V1.5.0).
 */
import { z } from 'zod'

/**
 * Absence code, mapped to its DSN reason: `motif_arret` for work stoppages (S21.G00.60.001: 01 maladie,
 * 02 maternité, 03 paternité / accueil de l'enfant, 04 accident de trajet, 05 maladie professionnelle,
 * 06 accident du travail, 15 temps partiel thérapeutique…), `motif_suspension` for other suspensions
 * (S21.G00.65.001: 501 congé divers non rémunéré, 602 chômage sans rupture de contrat, 632 congé parental
 * d'éducation…), both null for paid leave that the DSN does not declare.
 */
export const CodeAbsence = z.object({
  code: z.string(),
  libelle: z.string(),
  categorie: z.enum([
    'conges',
    'maladie',
    'maternite_paternite',
    'accident',
    'absence_autorisee',
    'absence_non_remuneree',
    'activite_partielle',
  ]),
  motif_arret: z
    .string()
    .regex(/^\d{2}$/)
    .nullable(),
  motif_suspension: z
    .string()
    .regex(/^\d{3}$/)
    .nullable(),
  demi_journee_autorisee: z.boolean(),
  securite_sociale: z.boolean(),
})
export type CodeAbsence = z.infer<typeof CodeAbsence>

/** Who sees a payroll element: the cabinet (gestionnaire de paie, "GP") and/or the employer (V1.9.0). */
export const Visibilite = z.object({ gp: z.boolean(), employeur: z.boolean() })

/**
 * How an EVP value is entered (Silae "format"): `quantite` (hours, days), `montant` (euros), `taux` (percent),
 * `quantite_taux` (both), `texte` (a string value).
 */
export const FormatEvp = z.enum(['quantite', 'montant', 'taux', 'quantite_taux', 'texte'])
export type FormatEvp = z.infer<typeof FormatEvp>

/** EVP code as listed for a dossier: grid columns follow `ordre`, hidden (`masque`) codes are left out. */
export const CodeEvp = z.object({
  code: z.string(),
  libelle: z.string(),
  libelle_court: z.string(),
  famille: z.string(),
  format: FormatEvp,
  unite: z.enum(['heures', 'jours', 'euros', 'pourcent', 'texte']),
  ordre: z.number().int(),
  masque: z.boolean(),
  visibilite: Visibilite,
})
export type CodeEvp = z.infer<typeof CodeEvp>

/** Bonus or allowance code (primes-indemnites). */
export const CodePrimeIndemnite = z.object({
  code: z.string(),
  libelle: z.string(),
  soumise_cotisations: z.boolean(),
  visibilite: Visibilite,
})
export type CodePrimeIndemnite = z.infer<typeof CodePrimeIndemnite>

/** Dynamic code lists served by GET /api/codes/{nomCode}. Assumption: these names. */
export const NomCode = z.enum([
  'pcs_ese',
  'professions',
  'dispositifs_politique_publique',
  'conventions_collectives',
  'motifs_fin_contrat',
  'natures_contrat',
])
export const ListeCodes = z.object({
  nom: NomCode,
  elements: z.array(z.object({ code: z.string(), libelle: z.string() })),
})
