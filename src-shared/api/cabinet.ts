/**
 * The cabinet: its users (V1.13.0), the signed-in user (/api/moi, V1.0.0), billing counters (/api/facturations,
 * V1.2.0 / V1.5.0 / V1.9.0), notes (V1.1.0, payslip refusals V1.7.0), extractions (V1.1.0, charge tables V1.2.0),
 * health (V1.0.0) and the token endpoint (assumption: OAuth2 client credentials, as the Silae partner API).
 */
import { z } from 'zod'
import { Categorie } from './categories'
import { IsoDateTime, Matricule, Periode, RecordId, Siren, PagingQuery, queryMulti } from './common'

/** Cabinet user (gestionnaire de paie). `droits` are the categories granted. */
export const UtilisateurCabinet = z.object({
  matricule: Matricule,
  nom: z.string(),
  prenom: z.string(),
  email: z.email(),
  profil: z.enum(['gestionnaire', 'responsable', 'administrateur']),
  actif: z.boolean(),
  droits: z.array(Categorie),
})
export type UtilisateurCabinet = z.infer<typeof UtilisateurCabinet>

export const UtilisateurCabinetCreate = z.object({
  matricule: Matricule,
  nom: z.string().trim().min(1).max(80),
  prenom: z.string().trim().min(1).max(80),
  email: z.email('Adresse e-mail invalide'),
  profil: UtilisateurCabinet.shape.profil,
  droits: z.array(Categorie).default([]),
})

/** GET /api/moi: who is signed in, with the categories their credentials may use. */
export const Moi = z.object({
  utilisateur: UtilisateurCabinet,
  cabinet: z.object({ id: z.string(), raison_sociale: z.string() }),
  droits: z.array(Categorie),
  version_api: z.string(),
})
export type Moi = z.infer<typeof Moi>

/** GET /api/health (no authentication). */
export const Health = z.object({ statut: z.literal('ok'), version: z.string(), date: IsoDateTime })

/**
 * Token request (assumption: OAuth2 client-credentials grant, RFC 6749 §4.4, form-encoded, at POST /api/auth/token).
 * `scope` optionally narrows the granted categories.
 */
export const TokenRequest = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1).max(200),
  client_secret: z.string().min(1).max(500),
  scope: z.string().max(1000).optional(),
})
/** Token answer (RFC 6749 §5.1): `expires_in` in seconds; `scope` the granted categories, space separated. */
export const TokenResponse = z.object({
  access_token: z.string().min(16),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  scope: z.string(),
})
export type TokenResponse = z.infer<typeof TokenResponse>

/** Billing counters per dossier and period, from the sent DSN (V1.2.0, details V1.9.0). */
export const Facturation = z.object({
  siren: Siren,
  periode: Periode,
  salaries_uniques: z.number().int().min(0),
  entrees: z.number().int().min(0),
  sorties: z.number().int().min(0),
  arrets_maladie: z.number().int().min(0),
  bulletins: z.number().int().min(0),
  arrets_par_motif: z.record(z.string(), z.number().int().min(0)),
  nombre_contrats: z.number().int().min(0),
  contrats_par_type: z.record(z.string(), z.number().int().min(0)),
  fins_contrat_par_motif: z.record(z.string(), z.number().int().min(0)),
  taxe_salaires: z.number().int().min(0),
  epargne_salariale: z.number().int().min(0),
  activite_partielle: z.number().int().min(0),
  complement_oeth: z.boolean(),
})
export type Facturation = z.infer<typeof Facturation>
export const FacturationQuery = PagingQuery.extend({ periode: Periode.optional(), siren: queryMulti(Siren).optional() })

/** Note: employee comment, or the reason a payslip was refused (V1.7.0). */
export const TypeNote = z.enum(['commentaire_salarie', 'refus_bulletin'])
export const Note = z.object({
  id: RecordId,
  siren: Siren,
  matricule: Matricule.nullable(),
  bulletin_id: RecordId.nullable(),
  type: TypeNote,
  texte: z.string(),
  auteur: Matricule,
  date_creation: IsoDateTime,
})
export const NoteCreate = z.object({ siren: Siren, matricule: Matricule, texte: z.string().trim().min(1, 'Texte requis').max(2000) })
export const NoteListQuery = PagingQuery.extend({
  siren: Siren,
  matricule: Matricule.optional(),
  bulletin_id: RecordId.optional(),
  type: TypeNote.optional(),
})

/** Extraction of a charge table (V1.2.0: contracts, employees, EVP, hours), answered with its rows. */
export const TypeExtraction = z.enum(['salaries', 'contrats', 'evp', 'heures'])
export const ExtractionCreate = z.object({ siren: Siren, type: TypeExtraction, periode: Periode })
export const Extraction = z.object({
  id: RecordId,
  siren: Siren,
  type: TypeExtraction,
  periode: Periode,
  statut: z.enum(['en_cours', 'terminee', 'echec']),
  date_creation: IsoDateTime,
  colonnes: z.array(z.string()),
  lignes: z.array(z.array(z.string())),
})
export const ExtractionListQuery = PagingQuery.extend({ siren: Siren.optional() })
