/**
 * Employees (salariés, by matricule) and their contracts.
 * Reference: GET /api/salaries (du/au since V1.2.0, multi nic since V1.4.0, exit date V1.5.0),
 * GET /api/salaries/{matricule} and /api/dossiers/{siren}/salaries/{matricule} (payment information V1.3.0,
 * safe opening date V1.7.0), PATCH /api/dossiers/{siren}/salaries and .../coordonnees-bancaires, contract reads
 * (start/end dates V1.9.0, working-time table V1.11.0), prevoyance split (V1.12.0).
 */
import { z } from 'zod'
import { Bic, Iban, IsoDate, Matricule, Nic, NumeroContrat, Quantite, Siren } from './common'
import { isValidNir } from '../domain/validation/identifiers'

/**
 * Enums.TypeTitreSejour (reference: named, values not shown). Assumption: the residence-permit kinds of the
 * CESEDA that allow work, in snake_case.
 */
export const TypeTitreSejour = z.enum([
  'carte_sejour_temporaire',
  'carte_sejour_pluriannuelle',
  'carte_resident',
  'carte_resident_longue_duree_ue',
  'carte_bleue_europeenne',
  'recepisse_demande',
  'autorisation_provisoire_travail',
  'visa_long_sejour_valant_titre',
])
export type TypeTitreSejour = z.infer<typeof TypeTitreSejour>

/** NIR (numéro de sécurité sociale), 15 characters with its key; Corsica 2A/2B accepted (INSEE). */
export const Nir = z
  .string()
  .regex(/^[123478]\d{4}(\d{2}|2A|2B)\d{6}\d{2}$/, 'NIR : 15 caractères attendus')
  .refine(isValidNir, 'NIR invalide (clé)')

/** Social regime. Reference: prevoyance_individuelle and prevoyance_etablissement replace `prevoyance` (V1.12.0). */
export const RegimeSocial = z.object({
  regime: z.enum(['general', 'agricole', 'alsace_moselle']),
  prevoyance_individuelle: z.boolean(),
  prevoyance_etablissement: z.boolean(),
})

export const TitreSejour = z.object({
  type: TypeTitreSejour,
  numero: z.string().min(1).max(30),
  date_fin_validite: IsoDate,
})

/** Contract summary carried by each listed employee (assumption: spares one request per employee to know them). */
export const ContratResume = z.object({
  numero_contrat: NumeroContrat,
  nature_contrat: z.string(),
  date_debut: IsoDate,
  date_fin: IsoDate.nullable(),
})
export type ContratResume = z.infer<typeof ContratResume>

/**
 * Employee as listed by GET /api/salaries: `nic` (V1.4.0) and `date_sortie` (V1.5.0) included, and (assumption)
 * a summary of the employee's contracts with their start and end dates (V1.9.0).
 */
export const Salarie = z.object({
  matricule: Matricule,
  siren: Siren,
  nic: Nic,
  nom: z.string(),
  prenom: z.string(),
  nom_usage: z.string().nullable(),
  date_naissance: IsoDate,
  date_entree: IsoDate,
  date_sortie: IsoDate.nullable(),
  email: z.email().nullable(),
  coffre_active: z.boolean(),
  contrats: z.array(ContratResume),
})
export type Salarie = z.infer<typeof Salarie>

export const CoordonneesBancaires = z.object({ iban: Iban, bic: Bic, titulaire: z.string().min(1).max(70) })

/** Payment information, returned by the single-employee read (V1.3.0). */
export const InformationsPaiement = z.object({
  mode_paiement: z.enum(['virement', 'cheque', 'especes']),
  coordonnees_bancaires: CoordonneesBancaires.nullable(),
})

/** Single-employee read: the list fields plus NIR, regime, residence permit, payment info, safe opening date. */
export const SalarieDetail = Salarie.extend({
  nir: Nir,
  regime_social: RegimeSocial,
  titre_sejour: TitreSejour.nullable(),
  informations_paiement: InformationsPaiement,
  date_ouverture_coffre: IsoDate.nullable(),
})
export type SalarieDetail = z.infer<typeof SalarieDetail>

/** One line of the working-time table (tableau horaire): hours per weekday, 1 = Monday (ISO 8601). */
export const LigneTableauHoraire = z.object({ jour: z.number().int().min(1).max(7), heures: Quantite })

/** Contract. DSN: nature S21.G00.40.007, numero S21.G00.40.009, dates S21.G00.40.001 / S21.G00.62.001. */
export const Contrat = z.object({
  numero_contrat: NumeroContrat,
  siren: Siren,
  matricule: Matricule,
  nic: Nic,
  nature_contrat: z.enum(['01', '02', '03', '07', '08', '29', '32', '60', '70', '80', '81', '89', '90', '91', '92', '93']),
  libelle_emploi: z.string(),
  pcs_ese: z.string().regex(/^\d{3}[a-z]$/),
  date_debut: IsoDate,
  date_fin: IsoDate.nullable(),
})
export type Contrat = z.infer<typeof Contrat>

/** Working time of a contract (…/duree-travail). DSN S21.G00.40.013/014 (unité de mesure, quotité). */
export const DureeTravail = z.object({
  numero_contrat: NumeroContrat,
  modalite_temps: z.enum(['10', '20', '21', '40', '41', '99']),
  unite_mesure: z.enum(['10', '12', '20', '21', '31', '32', '33', '34', '35', '99']),
  quotite: Quantite,
  quotite_reference: Quantite,
  tableau_horaire: z.array(LigneTableauHoraire).nullable(),
})

/**
 * Definition of a contract (…/definition): the contract plus its collective agreement and classification, and the
 * public-policy scheme (DSN S21.G00.40.008) and profession code given at creation (#66; absent from contracts created
 * elsewhere).
 */
export const DefinitionContrat = Contrat.extend({
  idcc: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  statut_conventionnel: z.string(),
  classification: z.string().nullable(),
  salaire_base: z.string(),
  dispositif_politique_publique: z.string().nullable().optional(),
  code_profession: z.string().nullable().optional(),
})

/** Working time sent with a new contract: …/duree-travail without the contract number (#66). */
export const DureeTravailCreate = DureeTravail.omit({ numero_contrat: true })
export type DureeTravailCreate = z.infer<typeof DureeTravailCreate>

/**
 * Body of contract creation (POST …/contrats), docs/api-assumptions.md #66. V1.7.0 reduced the mandatory parameters by
 * removing the collective-agreement and classification part: `idcc` and `classification` are optional; mandatory are
 * the DSN contract block's own fields (S21.G00.40): number .009, establishment, nature .007, start .001, job title
 * .006, PCS-ESE .004, public-policy scheme .008 and the working time (.011 unit, .012 reference quota, .013 quota,
 * .014 arrangement, with the weekly table); `date_fin` (.010, planned end) and `code_profession` are optional.
 */
export const ContratCreate = z.object({
  numero_contrat: NumeroContrat,
  nic: Nic,
  nature_contrat: Contrat.shape.nature_contrat,
  libelle_emploi: z.string().trim().min(1).max(120),
  pcs_ese: z.string().regex(/^\d{3}[a-z]$/, 'Code PCS-ESE : 3 chiffres et une lettre'),
  code_profession: z.string().min(1).max(20).nullable().optional(),
  dispositif_politique_publique: z.string().regex(/^\d{2}$/, 'Dispositif de politique publique : code à 2 chiffres'),
  date_debut: IsoDate,
  date_fin: IsoDate.nullable().optional(),
  idcc: z
    .string()
    .regex(/^\d{4}$/, 'Convention collective : IDCC à 4 chiffres')
    .nullable()
    .optional(),
  classification: z.string().optional(),
  duree_travail: DureeTravailCreate,
})
export type ContratCreate = z.infer<typeof ContratCreate>

/** patch.Salarie.PatchDto: one item per employee to change; only the fields given are changed. */
export const SalariePatchItem = z.object({
  matricule: Matricule,
  nom_usage: z.string().max(80).nullable().optional(),
  email: z.email().nullable().optional(),
  coffre_active: z.boolean().optional(),
  titre_sejour: TitreSejour.nullable().optional(),
  regime_social: RegimeSocial.partial().optional(),
})
export const SalariePatchDto = z.object({ salaries: z.array(SalariePatchItem).min(1).max(500) })

/** Salarie.CoordonneesBancaires.PatchDto: new bank details per employee (IBAN and BIC checked). */
export const CoordonneesBancairesPatchDto = z.object({
  salaries: z
    .array(CoordonneesBancaires.extend({ matricule: Matricule }))
    .min(1)
    .max(500),
})

/**
 * Salarie.PatchRetourDto: which employees were changed, and why the others were not. Assumption #64 (fields not
 * shown): `modifies` the matricules changed; one `erreurs` item per refused item of the request, `index` its position
 * in the request's `salaries` (0-based), `matricule`, the BridgeError-like `code` and French `message`, and `champ`
 * the item's field refused (`iban`…) or null for the whole item. An item in neither list was not processed.
 */
export const SalariePatchRetourDto = z.object({
  modifies: z.array(Matricule),
  erreurs: z.array(
    z.object({
      index: z.number().int().min(0),
      matricule: z.string(),
      code: z.string(),
      message: z.string(),
      champ: z.string().nullable().optional(),
    }),
  ),
})
