/**
 * Wire primitives shared by every resource of the payroll API contract.
 *
 * Conventions (decided once, see docs/api-assumptions.md):
 * - money is a decimal string in euros with at most 2 decimals ("1234.56"), never a float;
 * - quantities and rates are decimal strings (at most 3 and 4 decimals);
 * - dates are ISO 8601 `YYYY-MM-DD`, instants ISO 8601 UTC, payroll periods `YYYY-MM`;
 * - wire fields are French snake_case, as `periode_paie_en_cours` in the reference.
 */
import { z } from 'zod'
import { isValidBic, isValidIban, isValidNic, isValidSiren, isValidSiret } from '../domain/validation/identifiers'

/** SIREN of a dossier: 9 digits with a Luhn key (INSEE). Normalised input (no spaces). */
export const Siren = z
  .string()
  .regex(/^\d{9}$/, 'SIREN : 9 chiffres attendus')
  .refine(isValidSiren, 'SIREN invalide (clé de contrôle)')
/** NIC of an establishment: 5 digits (INSEE); SIRET = SIREN + NIC. */
export const Nic = z
  .string()
  .regex(/^\d{5}$/, 'NIC : 5 chiffres attendus')
  .refine(isValidNic, 'NIC invalide')
/** SIRET: 14 digits with a Luhn key, La Poste's exception included (INSEE). */
export const Siret = z
  .string()
  .regex(/^\d{14}$/, 'SIRET : 14 chiffres attendus')
  .refine(isValidSiret, 'SIRET invalide (clé de contrôle)')
/** IBAN, ISO 13616, compact upper-case form. */
export const Iban = z
  .string()
  .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, 'IBAN : format compact attendu')
  .refine(isValidIban, 'IBAN invalide')
/** BIC, ISO 9362 (8 or 11 characters). */
export const Bic = z
  .string()
  .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'BIC : 8 ou 11 caractères')
  .refine(isValidBic, 'BIC invalide')
/** Employee number inside a dossier. Assumption: 1 to 20 characters, letters, digits, '-' or '_'. */
export const Matricule = z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'Matricule : 1 à 20 lettres ou chiffres')
/** Contract number (DSN S21.G00.40.009), unique per employee. Assumption: 1 to 20 characters. */
export const NumeroContrat = z.string().regex(/^[A-Za-z0-9_-]{1,20}$/, 'Numéro de contrat : 1 à 20 lettres ou chiffres')
/** Server-side record id. Assumption: UUID v4 string. */
export const RecordId = z.uuid('Identifiant invalide')

const DATE_RE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/
/** Calendar date `YYYY-MM-DD` that exists (29 February only on leap years). */
export const IsoDate = z.string().regex(DATE_RE, 'Date au format AAAA-MM-JJ attendue').refine(isRealDate, 'Date inexistante')
/** Instant, ISO 8601 with offset, e.g. `2026-11-22T08:30:00.000Z`. */
export const IsoDateTime = z.iso.datetime({ offset: true })
/** Payroll period `YYYY-MM` (assumption: the format of `periode_paie_en_cours`, said to stay unchanged). */
export const Periode = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Période au format AAAA-MM attendue')
/** Amount in euros, decimal string, at most 2 decimals, e.g. "1234.50" (never a float). */
export const Montant = z.string().regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'Montant : nombre décimal, 2 décimales au plus (ex. 12.50)')
/** Non-negative quantity (hours, days, kilometres), decimal string, at most 3 decimals. */
export const Quantite = z.string().regex(/^\d{1,7}(\.\d{1,3})?$/, 'Quantité : nombre décimal positif, 3 décimales au plus')
/** Rate in percent, decimal string, at most 4 decimals. */
export const Taux = z.string().regex(/^-?\d{1,5}(\.\d{1,4})?$/, 'Taux : nombre décimal, 4 décimales au plus')

/** True when `value` (YYYY-MM-DD) names a day of the Gregorian calendar. */
export function isRealDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number)
  if (y === undefined || m === undefined || d === undefined) return false
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/**
 * Query parameter holding a whole number, given as a number by typed callers or as a string on the wire.
 * @param min smallest accepted value; @param max largest accepted value.
 */
export function queryInt(min: number, max: number) {
  return z
    .union([z.number(), z.string().regex(/^\d+$/, 'Nombre entier attendu').transform(Number)])
    .pipe(z.number().int().min(min).max(max))
}

/** Query parameter holding a boolean (`true`/`false` on the wire). */
export const QueryBool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])

/**
 * Multi-valued query parameter (`?nic=00012&nic=00020`): one value or several, always an array once parsed.
 * Assumption: repeated keys, as the reference says the nic filters are "multi-valued" without naming a form.
 */
export function queryMulti<T extends z.ZodType<string>>(item: T) {
  return z.union([item, z.array(item).min(1)]).transform((v): z.output<T>[] => (Array.isArray(v) ? v : [v]))
}

/**
 * Paging query parameters. Assumption: 1-based `page`, `taille` between 1 and 500, 50 by default.
 */
export const PagingQuery = z.object({
  page: queryInt(1, 1_000_000).optional(),
  taille: queryInt(1, 500).optional(),
})
export const DEFAULT_PAGE_SIZE = 50
export const MAX_PAGE_SIZE = 500

/**
 * Envelope of every list answer. Assumption: `{ elements, page, taille, total }`, `total` counting all matches.
 */
export function Page<T extends z.ZodType>(item: T) {
  return z.object({
    elements: z.array(item),
    page: z.number().int().min(1),
    taille: z.number().int().min(1),
    total: z.number().int().min(0),
  })
}
export interface PageOf<T> {
  elements: T[]
  page: number
  taille: number
  total: number
}

/** One invalid field of a request: `chemin` is where it is (`body.montant`, `query.du`, `body.salaries[2].iban`). */
export const BridgeErrorDetail = z.object({
  chemin: z.string(),
  code: z.string(),
  message: z.string(),
})

/**
 * BridgeError.Dto: the error body of every non-2xx answer (reference: schema named, fields not shown).
 * Assumption, after the Silae partner API: `code` machine-readable, `message` in French, `erreurs` per field,
 * `recuperable` false when retrying cannot help, `source` the layer that failed, `droit_requis` on a 403.
 */
export const BridgeErrorDto = z.object({
  statut: z.number().int(),
  code: z.string(),
  message: z.string(),
  erreurs: z.array(BridgeErrorDetail),
  recuperable: z.boolean(),
  source: z.enum(['Api', 'Serveur', 'Proxy']),
  droit_requis: z.string().optional(),
  id_trace: z.string(),
})
export type BridgeError = z.infer<typeof BridgeErrorDto>

/** Error codes of BridgeError.Dto. Assumption: the reference shows none; these are ours, in one place. */
export const ERROR_CODES = {
  requeteInvalide: 'REQUETE_INVALIDE',
  regleMetier: 'REGLE_METIER',
  nonAuthentifie: 'NON_AUTHENTIFIE',
  jetonExpire: 'JETON_EXPIRE',
  clientInvalide: 'CLIENT_INVALIDE',
  droitManquant: 'DROIT_MANQUANT',
  dossierNonAffecte: 'DOSSIER_NON_AFFECTE',
  introuvable: 'INTROUVABLE',
  /**
   * 404 on a record named by id (PATCH/DELETE of an entry): no record of that kind holds this id (deleted or never
   * created). Distinct from INTROUVABLE, which may also hide a record of a dossier the caller is not assigned to.
   */
  elementIntrouvable: 'ELEMENT_INTROUVABLE',
  cheminSupprime: 'CHEMIN_SUPPRIME',
  transitionImpossible: 'TRANSITION_IMPOSSIBLE',
  conflit: 'CONFLIT',
  tropDeRequetes: 'TROP_DE_REQUETES',
  erreurServeur: 'ERREUR_SERVEUR',
  indisponible: 'SERVICE_INDISPONIBLE',
} as const
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]
