/**
 * Entry records: absences, EVP, primes-indemnites, avantages en nature, frais professionnels, acomptes.
 * Reference: the operations and their versions are listed; record fields are "not shown". Fields here are our
 * assumption, grounded in field-references.md (Silae partner API: absence dates/code/half days/comment, EVP
 * period/code/amount or value, prime period/code/amount, acompte date/amount/label/non-significant-day flag).
 * Every record answer carries the server id, its creation/modification instants (the service's clock) and who
 * created it (`cree_par`).
 */
import { z } from 'zod'
import { IsoDate, IsoDateTime, Matricule, Montant, NumeroContrat, Periode, Quantite, RecordId, Siren, Taux, queryMulti } from './common'
import { PagingQuery } from './common'

const Commentaire = z.string().max(500, 'Commentaire : 500 caractères au plus')
/**
 * Server-set fields of every entry record (assumption: not shown in reference; docs/api-assumptions.md #37):
 * - `date_creation`, `date_modification`: instants on the service's clock (a PATCH moves `date_modification`);
 * - `cree_par`: `client_id` of the API client whose request created the record, never changed afterwards; `null`
 *   when it was created elsewhere (vendor web screens, employer portal). Optional: a service may not send it,
 *   the client then proves a record is its own by the creation instant alone.
 */
const Server = { id: RecordId, date_creation: IsoDateTime, date_modification: IsoDateTime, cree_par: z.string().nullable().optional() }

/** Query shared by the entry lists: a dossier (required), optionally employees, a period, or a date range. */
export const EntryListQuery = PagingQuery.extend({
  siren: Siren,
  matricule: queryMulti(Matricule).optional(),
  periode: Periode.optional(),
  du: IsoDate.optional(),
  au: IsoDate.optional(),
})

// ---------------------------------------------------------------- absences (V1.1.0)

const AbsenceFields = z.object({
  siren: Siren,
  matricule: Matricule,
  numero_contrat: NumeroContrat.nullable().optional(),
  code_absence: z.string().min(1).max(10),
  date_debut: IsoDate,
  date_fin: IsoDate,
  /** The absence starts at noon on `date_debut`. */
  demi_journee_debut: z.boolean(),
  /** The absence ends at noon on `date_fin`. */
  demi_journee_fin: z.boolean(),
  commentaire: Commentaire.nullable().optional(),
})

/**
 * Half-day rules (assumption, as DSN S21.G00.60 counts half days): the end is not before the start; on a one-day
 * absence only one half-day flag may be set (both would leave no time absent).
 */
function absenceDatesValid(
  v: {
    date_debut?: string | undefined
    date_fin?: string | undefined
    demi_journee_debut?: boolean | undefined
    demi_journee_fin?: boolean | undefined
  },
  ctx: z.RefinementCtx,
): void {
  if (v.date_debut !== undefined && v.date_fin !== undefined && v.date_fin < v.date_debut) {
    ctx.addIssue({ code: 'custom', message: 'La date de fin précède la date de début', path: ['date_fin'] })
  }
  if (v.date_debut !== undefined && v.date_debut === v.date_fin && v.demi_journee_debut === true && v.demi_journee_fin === true) {
    ctx.addIssue({ code: 'custom', message: 'Sur une seule journée, une seule demi-journée peut être cochée', path: ['demi_journee_fin'] })
  }
}

export const AbsenceCreateDto = AbsenceFields.superRefine(absenceDatesValid)
export const AbsencePatchDto = AbsenceFields.omit({ siren: true, matricule: true }).partial().superRefine(absenceDatesValid)
export const Absence = AbsenceFields.extend({ ...Server, numero_contrat: NumeroContrat.nullable(), commentaire: Commentaire.nullable() })
export type Absence = z.infer<typeof Absence>

// ---------------------------------------------------------------- EVP (creation V1.4.0, contract numbers V1.11.0)

const EvpFields = z.object({
  siren: Siren,
  matricule: Matricule,
  numero_contrat: NumeroContrat.nullable().optional(),
  periode: Periode,
  code_evp: z.string().min(1).max(10),
  quantite: Quantite.nullable().optional(),
  taux: Taux.nullable().optional(),
  montant: Montant.nullable().optional(),
  valeur_texte: z.string().max(100).nullable().optional(),
  commentaire: Commentaire.nullable().optional(),
})

function evpHasValue(v: {
  quantite?: string | null | undefined
  taux?: string | null | undefined
  montant?: string | null | undefined
  valeur_texte?: string | null | undefined
}): boolean {
  return [v.quantite, v.taux, v.montant, v.valeur_texte].some((x) => x != null && x !== '')
}

/** EVP creation: at least one value; which one the code wants is checked against its `format` (codes-evp). */
export const EvpCreateDto = EvpFields.refine(evpHasValue, {
  message: 'Une valeur (quantité, taux, montant ou texte) est requise',
  path: ['quantite'],
})
export const EvpPatchDto = EvpFields.omit({ siren: true, matricule: true }).partial()
/** EVP record; `numero_contrat` identifies the contract it was assigned to (V1.11.0). */
export const Evp = EvpFields.extend({
  ...Server,
  numero_contrat: NumeroContrat,
  quantite: Quantite.nullable(),
  taux: Taux.nullable(),
  montant: Montant.nullable(),
  valeur_texte: z.string().nullable(),
  commentaire: Commentaire.nullable(),
})
export type Evp = z.infer<typeof Evp>

// ---------------------------------------------------------------- primes-indemnites (V1.4.0)

const PrimeFields = z.object({
  siren: Siren,
  matricule: Matricule,
  numero_contrat: NumeroContrat.nullable().optional(),
  periode: Periode,
  code_prime: z.string().min(1).max(10),
  montant: Montant,
  /** Net bonus, grossed up by the payroll engine (Silae `primeNette`). */
  prime_nette: z.boolean().optional(),
  libelle_bulletin: z.string().max(60).nullable().optional(),
})
export const PrimeIndemniteCreateDto = PrimeFields
export const PrimeIndemnitePatchDto = PrimeFields.omit({ siren: true, matricule: true }).partial()
export const PrimeIndemnite = PrimeFields.extend({
  ...Server,
  numero_contrat: NumeroContrat,
  prime_nette: z.boolean(),
  libelle_bulletin: z.string().nullable(),
})
export type PrimeIndemnite = z.infer<typeof PrimeIndemnite>

// ---------------------------------------------------------------- avantages en nature (V1.9.0, DELETE V1.12.0)

/** Kinds of benefit in kind (URSSAF: logement, véhicule, nourriture, outils NTIC, autres). */
export const TypeAvantageNature = z.enum(['logement', 'vehicule', 'nourriture', 'outils_ntic', 'autre'])
const AvantageFields = z.object({
  siren: Siren,
  matricule: Matricule,
  periode: Periode,
  type_avantage: TypeAvantageNature,
  mode_evaluation: z.enum(['forfait', 'reel']),
  montant: Montant,
  commentaire: Commentaire.nullable().optional(),
})
export const AvantageNatureCreateDto = AvantageFields
export const AvantageNaturePatchDto = AvantageFields.omit({ siren: true, matricule: true }).partial()
export const AvantageNature = AvantageFields.extend({ ...Server, commentaire: Commentaire.nullable() })
export type AvantageNature = z.infer<typeof AvantageNature>
/** GET /api/avantages-nature: the employee is optional since V1.12.0. */
export const AvantageNatureListQuery = EntryListQuery

// ---------------------------------------------------------------- frais professionnels (V1.9.0, PATCH/DELETE V1.11.0)

/** Kinds of professional expenses (URSSAF frais professionnels; "more types" in V1.5.0). */
export const TypeFrais = z.enum([
  'repas',
  'repas_restaurant',
  'petit_deplacement',
  'grand_deplacement',
  'indemnites_kilometriques',
  'transport_public',
  'mobilite_durable',
  'teletravail',
  'outillage',
  'vetements_travail',
  'autre',
])
export type TypeFrais = z.infer<typeof TypeFrais>
const FraisFields = z.object({
  siren: Siren,
  matricule: Matricule,
  periode: Periode,
  date: IsoDate,
  type_frais: TypeFrais,
  montant: Montant,
  /** Kilometres driven; required for `indemnites_kilometriques` (URSSAF mileage scale). */
  kilometres: Quantite.nullable().optional(),
  commentaire: Commentaire.nullable().optional(),
})
export const FraisProfessionnelCreateDto = FraisFields.refine(
  (v) => v.type_frais !== 'indemnites_kilometriques' || (v.kilometres != null && Number(v.kilometres) > 0),
  { message: 'Kilomètres requis pour les indemnités kilométriques', path: ['kilometres'] },
)
export const FraisProfessionnelPatchDto = FraisFields.omit({ siren: true, matricule: true }).partial()
export const FraisProfessionnel = FraisFields.extend({ ...Server, kilometres: Quantite.nullable(), commentaire: Commentaire.nullable() })
export type FraisProfessionnel = z.infer<typeof FraisProfessionnel>

// ---------------------------------------------------------------- acomptes (retrieval V1.13.0; path not given)

/** Advance on salary (Silae: date, amount, label, non-significant-day flag). Read only: only retrieval is named. */
export const Acompte = z.object({
  id: RecordId,
  siren: Siren,
  matricule: Matricule,
  periode: Periode,
  date: IsoDate,
  montant: Montant,
  libelle: z.string(),
  jour_non_significatif: z.boolean(),
  date_creation: IsoDateTime,
})
export type Acompte = z.infer<typeof Acompte>
