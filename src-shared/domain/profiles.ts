/**
 * Connection profiles (ARCHITECTURE.md "Credentials"): which payroll service the app talks to, as whom.
 *
 * A profile is a name, the service's base URL and an API client id; its client secret lives in the OS keychain,
 * handled by main only: these schemas carry a secret from the renderer to main when the clerk types
 * it, never back. The renderer learns `secret: 'enregistre' | 'absent'` and nothing more.
 *
 * The built-in profile `demo` (the embedded sandbox with the demo credentials) always exists and is the active one
 * on a first start. Each profile has its own IndexedDB database ({@link profileDbName}), so demo data never mixes
 * with real data.
 */
import { z } from 'zod'

import { Categorie } from '../api/categories'

/** Id of the built-in demo profile (assumption: not shown in reference; a product decision, issue 4). */
export const DEMO_PROFILE_ID = 'demo'

/**
 * Profile id: `demo`, or `p-` followed by 8 to 36 lowercase hex digits or dashes (main makes it from a UUID).
 * Used as the keychain account and in the database name, so it is restricted to these characters.
 */
export const ProfileId = z.string().regex(/^(demo|p-[0-9a-f-]{8,36})$/, 'Identifiant de profil invalide.')
export type ProfileId = z.infer<typeof ProfileId>

/** Name of the IndexedDB database of a profile: `paie-demo`, `paie-p-1b9d6bcd-…`. */
export function profileDbName(id: ProfileId): string {
  return `paie-${id}`
}

/**
 * Base URL of a payroll service: `https://…`, or `http://` on a loopback address only (a local sandbox); no
 * credentials, query or fragment in it. Trailing slashes are removed.
 * Rule: credentials never travel in clear over a network (assumption: not shown in reference).
 */
export const BaseUrl = z
  .string()
  .trim()
  .max(300, 'Adresse trop longue (300 caractères au plus).')
  .refine((raw) => baseUrlProblem(raw) === null, {
    message: 'Adresse du service invalide : attendu https://… (ou http://127.0.0.1:… pour un bac à sable local).',
  })
  .transform((raw) => raw.replace(/\/+$/, ''))

/**
 * Why a base URL is refused, or null when it is acceptable (see {@link BaseUrl}). Parsed with a regular expression
 * (this module runs where neither DOM nor Node types are available): scheme, authority without `user@`, optional
 * path; no query, no fragment, no spaces.
 */
export function baseUrlProblem(raw: string): string | null {
  const match = /^(https?):\/\/([^/?#\s]+)(\/[^?#\s]*)?$/i.exec(raw)
  const scheme = match?.[1]?.toLowerCase()
  const authority = match?.[2]
  if (scheme === undefined || authority === undefined) return /[?#]/.test(raw) ? 'paramètres dans l’adresse' : 'adresse illisible'
  if (authority.includes('@')) return 'identifiants dans l’adresse'
  const host = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.exec(authority)?.[1]?.toLowerCase()
  if (host === undefined || host === '' || host.startsWith('.') || host.endsWith('-')) return 'adresse illisible'
  if (scheme === 'https') return null
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]' ? null : 'https requis hors de la machine locale'
}

/** API client id (OAuth2 client credentials, docs/api-assumptions.md). */
export const ClientId = z
  .string()
  .trim()
  .min(1, 'Saisissez l’identifiant du client d’API.')
  .max(200, 'Identifiant trop long (200 caractères au plus).')

/** API client secret as typed by the clerk. Never answered by main, never logged, never stored outside the keychain. */
export const ClientSecret = z.string().min(1, 'Saisissez le secret du client d’API.').max(500, 'Secret trop long (500 caractères au plus).')

/** Whether the keychain holds the profile's secret. */
export const SecretState = z.enum(['enregistre', 'absent'])
export type SecretState = z.infer<typeof SecretState>

/** A profile as the renderer sees it: everything but the secret. */
export const ProfileSummary = z.object({
  id: ProfileId,
  nom: z.string().min(1).max(80),
  baseUrl: z.string(),
  clientId: z.string(),
  /** True for the built-in demo profile (cannot be edited or removed). */
  demo: z.boolean(),
  secret: SecretState,
  actif: z.boolean(),
})
export type ProfileSummary = z.infer<typeof ProfileSummary>

/** Answer of `profile:list`: every profile, the demo one first. */
export const ProfilesState = z.object({ actif: ProfileId, profils: z.array(ProfileSummary) })
export type ProfilesState = z.infer<typeof ProfilesState>

/** The active profile: what the renderer needs to open its database and label the window. */
export const ActiveProfile = z.object({
  id: ProfileId,
  nom: z.string(),
  demo: z.boolean(),
  baseUrl: z.string(),
  /** IndexedDB database of this profile ({@link profileDbName}). */
  dbName: z.string().min(1),
  /** Why the profile cannot connect, a code of PROFILE_PROBLEMS (domain/reports.ts) worded by the renderer; else null. */
  probleme: z.string().nullable(),
})
export type ActiveProfile = z.infer<typeof ActiveProfile>

/**
 * Input of `profile:save`: a new profile (no `id`, secret required) or changes to a stored one (`id`; the secret
 * may be omitted to keep the stored one). Main tests the credentials before saving anything.
 */
export const ProfileInput = z.strictObject({
  id: ProfileId.optional(),
  nom: z.string().trim().min(1, 'Donnez un nom au profil.').max(80, 'Nom trop long (80 caractères au plus).'),
  baseUrl: BaseUrl,
  clientId: ClientId,
  clientSecret: ClientSecret.optional(),
})
export type ProfileInput = z.output<typeof ProfileInput>

/** Input of `profile:test`: a stored profile, or credentials typed in the form (not saved). */
export const ConnectionTestInput = z.union([
  z.strictObject({ id: ProfileId }),
  z.strictObject({ baseUrl: BaseUrl, clientId: ClientId, clientSecret: ClientSecret }),
])
export type ConnectionTestInput = z.output<typeof ConnectionTestInput>

/** One API category and whether the tested credentials may use it. */
export const CategorieAutorisee = z.object({ categorie: Categorie, libelle: z.string(), autorisee: z.boolean() })

/** Answer of `profile:test`: GET /api/health then GET /api/moi. */
export const ConnectionTestResult = z.object({
  /** Service version from /api/health, e.g. `'1.13.0'`. */
  version: z.string(),
  utilisateur: z.object({ nom: z.string(), prenom: z.string(), email: z.string(), profil: z.string() }),
  cabinet: z.object({ id: z.string(), raison_sociale: z.string() }),
  /** Every category of the API, in the contract's order, with `autorisee` from `/api/moi` `droits`. */
  categories: z.array(CategorieAutorisee),
  testeLe: z.iso.datetime(),
})
export type ConnectionTestResult = z.infer<typeof ConnectionTestResult>

/** Input of `profile:activate`, `profile:remove` and `profile:signOut`. */
export const ProfileTarget = z.strictObject({ id: ProfileId })
