/**
 * The pure rules of the connection profiles, apart from any I/O (keychain, profiles file, network, demo service):
 * which profile a start activates, how the profiles file changes on save and removal, what the active profile and
 * the list look like to the renderer, what a connection test answers and how its failures read. The profile service
 * (service.ts) wires these to the keychain, the file and the connections.
 *
 * Rules (issue 4, ARCHITECTURE.md "Credentials"): the demo profile always exists, first in the list, and is neither
 * stored, edited nor removed; the active profile cannot be removed; nothing here holds a secret.
 */
import { CATEGORIES, CATEGORY_LABELS } from '../../src-shared/api/categories'
import type { ResponseOf } from '../../src-shared/api/endpoints'
import {
  DEMO_PROFILE_ID,
  profileDbName,
  type ActiveProfile,
  type ProfileSummary,
  type ProfileInput,
  type ConnectionTestResult,
  type SecretState,
} from '../../src-shared/domain/profiles'
import { PROFILE_PROBLEMS, type ReportParams } from '../../src-shared/domain/reports'
import { ApiError } from '../api/errors'
import type { ProfilesFile, StoredProfile } from './profile-file'

/** Name of the demo profile, shown as the "Démo" label. */
export const DEMO_PROFILE_NAME = 'Démo'

/**
 * A refused profile operation: `code` (SCREAMING_SNAKE_CASE, one of {@link PROFILE_ERROR_CODES}) and `params` the
 * renderer words (src-shared/domain/reports.ts), a technical message for the log.
 */
export class ProfileError extends Error {
  readonly code: string
  readonly params: ReportParams | undefined

  constructor(code: string, message: string, options?: ErrorOptions & { params?: ReportParams }) {
    super(message, options)
    this.name = 'ProfileError'
    this.code = code
    this.params = options?.params
  }
}

/** Codes of {@link ProfileError}. */
export const PROFILE_ERROR_CODES = {
  identifiantsRefuses: 'IDENTIFIANTS_REFUSES',
  serviceInjoignable: 'SERVICE_INJOIGNABLE',
  serviceEnErreur: 'SERVICE_EN_ERREUR',
  profilInconnu: 'PROFIL_INCONNU',
  profilDemo: 'PROFIL_DEMO',
  secretAbsent: 'SECRET_ABSENT',
  profilActif: 'PROFIL_ACTIF',
} as const

/** Problem of a stored profile whose secret is not in the keychain (signed out, or keychain emptied); worded by the renderer. */
export const SECRET_ABSENT_PROBLEME = PROFILE_PROBLEMS.secretAbsent

/** Problem of the demo profile when its service could not start; worded by the renderer. */
export const DEMO_INDISPONIBLE_PROBLEME = PROFILE_PROBLEMS.demoIndisponible

/** Problem of a stored profile when the keychain does not answer; worded by the renderer. */
export const KEYCHAIN_UNAVAILABLE_PROBLEME = PROFILE_PROBLEMS.coffreIndisponible

/** The demo profile as the active one: `baseUrl` of its running service ('' before it starts), `probleme` when it cannot. */
export function demoActive(baseUrl: string, probleme: string | null): ActiveProfile {
  return { id: DEMO_PROFILE_ID, nom: DEMO_PROFILE_NAME, demo: true, baseUrl, dbName: profileDbName(DEMO_PROFILE_ID), probleme }
}

/** A stored profile as the active one; `probleme` (a PROFILE_PROBLEMS code) when it cannot connect (no secret, no keychain). */
export function storedActive(profile: StoredProfile, probleme: string | null): ActiveProfile {
  return { id: profile.id, nom: profile.nom, demo: false, baseUrl: profile.baseUrl, dbName: profileDbName(profile.id), probleme }
}

/** The stored profile `id`. @throws ProfileError PROFIL_INCONNU when the file holds none (the demo id included). */
export function findStored(file: ProfilesFile, id: string): StoredProfile {
  const profile = file.profils.find((p) => p.id === id)
  if (profile === undefined) throw new ProfileError(PROFILE_ERROR_CODES.profilInconnu, 'unknown profile id')
  return profile
}

/** @throws ProfileError PROFIL_DEMO when `id` is the demo profile (it is part of the app: never edited or removed). */
export function refuseDemo(id: string): void {
  if (id === DEMO_PROFILE_ID) throw new ProfileError(PROFILE_ERROR_CODES.profilDemo, 'the demo profile cannot be edited or removed')
}

/**
 * The stored, non-demo profile `id` that may be removed: not the active one (removing it would leave the app
 * without a database). @throws ProfileError PROFIL_DEMO, PROFIL_INCONNU, PROFIL_ACTIF
 */
export function removableProfile(file: ProfilesFile, id: string): StoredProfile {
  refuseDemo(id)
  const profile = findStored(file, id)
  if (file.actif === id) throw new ProfileError(PROFILE_ERROR_CODES.profilActif, 'the active profile cannot be removed')
  return profile
}

/** The profile a start activates: the file's active one when it still exists, else the demo profile. */
export function startupProfileId(file: ProfilesFile): string {
  const known = file.actif === DEMO_PROFILE_ID || file.profils.some((p) => p.id === file.actif)
  return known ? file.actif : DEMO_PROFILE_ID
}

/**
 * The stored form of a saved profile: a new one gets `newId` and `createdAt` (ISO instant), an edited one
 * (`previous`) keeps its id and creation date. No secret: that goes to the keychain.
 */
export function profileToStore(input: ProfileInput, previous: StoredProfile | null, newId: string, createdAt: string): StoredProfile {
  return {
    id: previous?.id ?? newId,
    nom: input.nom,
    baseUrl: input.baseUrl,
    clientId: input.clientId,
    creeLe: previous?.creeLe ?? createdAt,
  }
}

/** The file with `profile` added (new id) or put in place of the profile of the same id. */
export function withProfile(file: ProfilesFile, profile: StoredProfile): ProfilesFile {
  const exists = file.profils.some((p) => p.id === profile.id)
  return { ...file, profils: exists ? file.profils.map((p) => (p.id === profile.id ? profile : p)) : [...file.profils, profile] }
}

/** The file without the profile `id` (the active one is unchanged: see {@link removableProfile}). */
export function withoutProfile(file: ProfilesFile, id: string): ProfilesFile {
  return { ...file, profils: file.profils.filter((p) => p.id !== id) }
}

/** The file with `id` as the active profile. */
export function withActive(file: ProfilesFile, id: string): ProfilesFile {
  return { ...file, actif: id }
}

/**
 * Every profile as the list shows it: the demo first (its address and client id once its service runs, else
 * empty), then the stored ones in file order with the state of their secret (`absent` when `secrets` lacks them).
 */
export function profileSummaries(
  file: ProfilesFile,
  demo: { readonly baseUrl: string; readonly clientId: string } | null,
  secrets: ReadonlyMap<string, SecretState>,
): ProfileSummary[] {
  const demoSummary: ProfileSummary = {
    id: DEMO_PROFILE_ID,
    nom: DEMO_PROFILE_NAME,
    baseUrl: demo?.baseUrl ?? '',
    clientId: demo?.clientId ?? '',
    demo: true,
    secret: 'enregistre',
    actif: file.actif === DEMO_PROFILE_ID,
  }
  const stored = file.profils.map((p): ProfileSummary => ({
    id: p.id,
    nom: p.nom,
    baseUrl: p.baseUrl,
    clientId: p.clientId,
    demo: false,
    secret: secrets.get(p.id) ?? 'absent',
    actif: file.actif === p.id,
  }))
  return [demoSummary, ...stored]
}

/**
 * What a connection test answers, from GET /api/health and GET /api/moi: who is signed in, the cabinet, the
 * service version and every API category of the contract (in its order) with whether `droits` grants it.
 * @param testedAt ISO instant of the test.
 */
export function connectionTestResult(health: ResponseOf<'sante'>, moi: ResponseOf<'moi'>, testedAt: string): ConnectionTestResult {
  const granted = new Set(moi.droits)
  return {
    version: health.version,
    utilisateur: { nom: moi.utilisateur.nom, prenom: moi.utilisateur.prenom, email: moi.utilisateur.email, profil: moi.utilisateur.profil },
    cabinet: moi.cabinet,
    categories: CATEGORIES.map((categorie) => ({ categorie, libelle: CATEGORY_LABELS[categorie], autorisee: granted.has(categorie) })),
    testeLe: testedAt,
  }
}

/**
 * A failed connection test as a {@link ProfileError}: 401 IDENTIFIANTS_REFUSES, no answer SERVICE_INJOIGNABLE (the
 * transport code as `cause`), any other status SERVICE_EN_ERREUR (`status`, and the service's own message as
 * `service`); `suite` (REPORT_FOLLOW_UPS, e.g. RIEN_ENREGISTRE) is worded after the reason. Values other than an
 * ApiError are returned unchanged.
 */
export function connectionTestFailure(error: unknown, suite: string | null): unknown {
  if (!(error instanceof ApiError)) return error
  const params: ReportParams = suite === null ? {} : { suite }
  if (error.status === 401) {
    return new ProfileError(PROFILE_ERROR_CODES.identifiantsRefuses, 'credentials refused (401)', { cause: error, params })
  }
  if (error.status === null) {
    return new ProfileError(PROFILE_ERROR_CODES.serviceInjoignable, `payroll service unreachable (${error.code})`, {
      cause: error,
      params: { ...params, cause: error.code },
    })
  }
  const answer: ReportParams = error.body === null ? { status: error.status } : { status: error.status, service: error.body.message }
  return new ProfileError(PROFILE_ERROR_CODES.serviceEnErreur, `payroll service answered HTTP ${String(error.status)}`, {
    cause: error,
    params: { ...params, ...answer },
  })
}
