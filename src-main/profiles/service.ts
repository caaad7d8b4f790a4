/**
 * Connection profiles in main: the list (profiles file), the secrets (the OS keychain), the demo service and
 * the one active {@link PayrollConnection} every handler uses.
 *
 * Rules (issue 4, ARCHITECTURE.md "Credentials"):
 * - a profile is saved only after its credentials were accepted by the service (GET /api/health, then a token and
 *   GET /api/moi); a refused secret, an unreachable service or a keychain that does not answer saves nothing;
 * - the secret goes to the keychain first, then the profiles file; if the file cannot be written, the keychain entry
 *   is deleted again, so the two never disagree;
 * - nothing here returns a secret or a token: answers carry `secret: 'enregistre' | 'absent'`;
 * - removing a profile or signing out deletes its keychain entry (signing out keeps the profile and its local data);
 * - the demo profile (the embedded sandbox, started on first use) always exists and cannot be edited or removed.
 */
import { randomUUID } from 'node:crypto'

import { CATEGORIES, CATEGORY_LABELS } from '../../src-shared/api/categories'
import {
  DEMO_PROFILE_ID,
  profileDbName,
  type ActiveProfile,
  type ProfileSummary,
  type ProfileInput,
  type ProfilesState,
  type ConnectionTestResult,
  type ConnectionTestInput,
} from '../../src-shared/domain/profiles'
import { ApiError } from '../api/errors'
import { describeError, log } from '../log'
import { createPayrollConnection, type PayrollConnection, type PayrollConnectionOptions } from '../services/connection'
import { KeychainUnavailableError, type Keychain } from './keychain'
import { ProfilesFileError, emptyProfilesFile, type ProfileFileStore, type ProfilesFile, type StoredProfile } from './profile-file'

/** Name of the demo profile, shown as the "Démo" label. */
export const DEMO_PROFILE_NAME = 'Démo'

/** Timeout of each request of a connection test, in ms (assumption: a clerk waits a few seconds, not more). */
export const TEST_TIMEOUT_MS = 8_000

/** Where the demo service answers and with which credentials (src-main/demo.ts). */
export interface DemoEndpoint {
  readonly baseUrl: string
  readonly clientId: string
  readonly clientSecret: string
}

/** A refused profile operation: `code` (SCREAMING_SNAKE_CASE) and a French message for the clerk. */
export class ProfileError extends Error {
  readonly code: string

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'ProfileError'
    this.code = code
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

/** What the profile service needs. */
export interface ProfileServiceDeps {
  readonly store: ProfileFileStore
  readonly keychain: Keychain
  /** Starts the demo service (called once, on the first activation of the demo profile). */
  readonly startDemo: () => Promise<DemoEndpoint & { close?: () => Promise<void> }>
  /** Options of every connection made (timeouts, fetch, budget, onResponse). */
  readonly connectionOptions?: Omit<PayrollConnectionOptions, 'baseUrl' | 'clientId' | 'clientSecret'>
  /** Timeout of each request of a connection test in ms (default {@link TEST_TIMEOUT_MS}). */
  readonly testTimeoutMs?: number
  /** Clock (default real time). */
  readonly now?: () => Date
  /** Told after the active profile changed (activation, sign-out of the active profile). */
  readonly onActiveChanged?: (active: ActiveProfile) => void
}

/** The profile service: every method is serialised (one change at a time). */
export interface ProfileService {
  /** Reads the profiles file and activates the active profile (demo on a first start). Call once at start. */
  init(): Promise<ActiveProfile>
  /** The active profile (after `init`). */
  active(): ActiveProfile
  /** The active connection, or null when the active profile cannot connect (see `active().probleme`). */
  connection(): PayrollConnection | null
  /** Every profile, demo first, with the state of its secret. @throws KeychainUnavailableError never: `absent` then. */
  list(): Promise<ProfilesState>
  /** Tests then saves a profile. @throws ProfileError, KeychainUnavailableError; nothing saved on any error. */
  save(input: ProfileInput): Promise<ProfileSummary>
  /** GET /api/health then /api/moi with a stored profile or typed credentials. @throws ProfileError, KeychainUnavailableError */
  test(input: ConnectionTestInput): Promise<ConnectionTestResult>
  /** Makes a profile the active one (persisted). @throws ProfileError PROFIL_INCONNU */
  activate(id: string): Promise<ActiveProfile>
  /** Removes a non-active stored profile and its keychain entry. @throws ProfileError, KeychainUnavailableError */
  remove(id: string): Promise<ProfilesState>
  /** Deletes a stored profile's keychain entry; the active one loses its connection. @throws ProfileError, KeychainUnavailableError */
  signOut(id: string): Promise<ProfilesState>
  /** Stops the demo service if it was started. */
  close(): Promise<void>
}

/** Creates the profile service. Nothing happens until `init()`. */
export function createProfileService(deps: ProfileServiceDeps): ProfileService {
  const now = deps.now ?? (() => new Date())
  let file: ProfilesFile = emptyProfilesFile()
  let activeProfile: ActiveProfile = demoActive('', null)
  let activeConnection: PayrollConnection | null = null
  let demo: (DemoEndpoint & { close?: () => Promise<void> }) | null = null
  let demoStarting: Promise<DemoEndpoint> | null = null
  let queue: Promise<unknown> = Promise.resolve()

  /** Runs `task` after every task queued before it. */
  function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }

  /** The connection of profile `profileId` (its id owns the sync lane: one push per profile at a time). */
  function connect(endpoint: DemoEndpoint, profileId: string): PayrollConnection {
    const connection = createPayrollConnection({ ...deps.connectionOptions, baseUrl: endpoint.baseUrl, clientId: endpoint.clientId, clientSecret: endpoint.clientSecret })
    return { ...connection, profileId }
  }

  async function ensureDemo(): Promise<DemoEndpoint> {
    if (demo !== null) return demo
    demoStarting ??= deps.startDemo().then((started) => {
      demo = started
      return started
    })
    try {
      return await demoStarting
    } finally {
      demoStarting = null
    }
  }

  function stored(id: string): StoredProfile {
    const profile = file.profils.find((p) => p.id === id)
    if (profile === undefined) throw new ProfileError(PROFILE_ERROR_CODES.profilInconnu, 'Ce profil de connexion n’existe pas (ou plus).')
    return profile
  }

  async function writeFile(next: ProfilesFile): Promise<void> {
    await deps.store.write(next)
    file = next
  }

  /** Connects to a profile; a missing secret or keychain is a `probleme`, not an error (the clerk can work offline). */
  async function open(id: string): Promise<{ active: ActiveProfile; connection: PayrollConnection | null }> {
    if (id === DEMO_PROFILE_ID) {
      try {
        const endpoint = await ensureDemo()
        return { active: demoActive(endpoint.baseUrl, null), connection: connect(endpoint, DEMO_PROFILE_ID) }
      } catch (error) {
        log.error('Mode démo : démarrage du bac à sable impossible', { cause: describeError(error) })
        return { active: demoActive('', 'Le service de démonstration n’a pas pu démarrer.'), connection: null }
      }
    }
    const profile = stored(id)
    const base = { id: profile.id, nom: profile.nom, demo: false, baseUrl: profile.baseUrl, dbName: profileDbName(profile.id) }
    let secret: string | null
    try {
      secret = await deps.keychain.read(profile.id)
    } catch (error) {
      if (!(error instanceof KeychainUnavailableError)) throw error
      log.warn('Profil : trousseau indisponible, connexion impossible', { profil: profile.id })
      return { active: { ...base, probleme: error.message }, connection: null }
    }
    if (secret === null) {
      return { active: { ...base, probleme: 'Secret absent du trousseau : saisissez-le à nouveau dans Réglages › Connexions pour vous reconnecter.' }, connection: null }
    }
    return { active: { ...base, probleme: null }, connection: connect({ baseUrl: profile.baseUrl, clientId: profile.clientId, clientSecret: secret }, profile.id) }
  }

  async function activateNow(id: string): Promise<ActiveProfile> {
    const opened = await open(id)
    if (file.actif !== id) await writeFile({ ...file, actif: id })
    activeProfile = opened.active
    activeConnection = opened.connection
    deps.onActiveChanged?.(activeProfile)
    return activeProfile
  }

  /** GET /api/health then (token and) GET /api/moi; every failure a ProfileError with a French message. */
  async function verify(endpoint: DemoEndpoint, suffix: string): Promise<ConnectionTestResult> {
    const probe = createPayrollConnection({ ...deps.connectionOptions, ...endpoint, timeoutMs: deps.testTimeoutMs ?? TEST_TIMEOUT_MS })
    try {
      const health = await probe.client.call('sante')
      const moi = await probe.client.call('moi')
      const granted = new Set(moi.droits)
      return {
        version: health.version,
        utilisateur: { nom: moi.utilisateur.nom, prenom: moi.utilisateur.prenom, email: moi.utilisateur.email, profil: moi.utilisateur.profil },
        cabinet: moi.cabinet,
        categories: CATEGORIES.map((categorie) => ({ categorie, libelle: CATEGORY_LABELS[categorie], autorisee: granted.has(categorie) })),
        testeLe: now().toISOString(),
      }
    } catch (error) {
      throw verifyFailure(error, suffix)
    }
  }

  async function summaries(): Promise<ProfileSummary[]> {
    const demoSummary: ProfileSummary = {
      id: DEMO_PROFILE_ID,
      nom: DEMO_PROFILE_NAME,
      baseUrl: demo?.baseUrl ?? '',
      clientId: demo?.clientId ?? '',
      demo: true,
      secret: 'enregistre',
      actif: file.actif === DEMO_PROFILE_ID,
    }
    const rest: ProfileSummary[] = []
    for (const p of file.profils) {
      rest.push({ id: p.id, nom: p.nom, baseUrl: p.baseUrl, clientId: p.clientId, demo: false, secret: await secretState(p.id), actif: file.actif === p.id })
    }
    return [demoSummary, ...rest]
  }

  async function secretState(id: string): Promise<'enregistre' | 'absent'> {
    try {
      return (await deps.keychain.read(id)) === null ? 'absent' : 'enregistre'
    } catch {
      return 'absent'
    }
  }

  async function listNow(): Promise<ProfilesState> {
    return { actif: file.actif, profils: await summaries() }
  }

  function refuseDemo(id: string): void {
    if (id === DEMO_PROFILE_ID) throw new ProfileError(PROFILE_ERROR_CODES.profilDemo, 'Le profil démo est intégré à l’application : il ne peut être ni modifié ni supprimé.')
  }

  return {
    init: () =>
      serial(async () => {
        try {
          file = await deps.store.read()
        } catch (error) {
          if (!(error instanceof ProfilesFileError)) throw error
          log.error('Profils : fichier illisible, démarrage en mode démo', { cause: describeError(error.cause ?? error) })
          file = emptyProfilesFile()
        }
        const known = file.actif === DEMO_PROFILE_ID || file.profils.some((p) => p.id === file.actif)
        return activateNow(known ? file.actif : DEMO_PROFILE_ID)
      }),
    active: () => activeProfile,
    connection: () => activeConnection,
    list: () => serial(listNow),
    save: (input) =>
      serial(async () => {
        if (input.id !== undefined) refuseDemo(input.id)
        const previous = input.id === undefined ? null : stored(input.id)
        const secret = input.clientSecret ?? (previous === null ? null : await deps.keychain.read(previous.id))
        if (secret === null) {
          throw new ProfileError(PROFILE_ERROR_CODES.secretAbsent, 'Saisissez le secret du client d’API : aucun secret n’est enregistré pour ce profil. Rien n’a été enregistré.')
        }
        await verify({ baseUrl: input.baseUrl, clientId: input.clientId, clientSecret: secret }, ' Rien n’a été enregistré.')
        const id = previous?.id ?? `p-${randomUUID()}`
        const profile: StoredProfile = { id, nom: input.nom, baseUrl: input.baseUrl, clientId: input.clientId, creeLe: previous?.creeLe ?? now().toISOString() }
        const priorSecret = input.clientSecret === undefined || previous === null ? null : await deps.keychain.read(id)
        if (input.clientSecret !== undefined) await deps.keychain.save(id, input.clientSecret)
        try {
          await writeFile({ ...file, profils: previous === null ? [...file.profils, profile] : file.profils.map((p) => (p.id === id ? profile : p)) })
        } catch (error) {
          // Keychain and file must agree: put the keychain back as it was.
          if (input.clientSecret !== undefined) {
            if (priorSecret === null) await deps.keychain.remove(id).catch(() => false)
            else await deps.keychain.save(id, priorSecret).catch(() => undefined)
          }
          throw error
        }
        log.info('Profil enregistré', { profil: id, nouveau: previous === null })
        if (file.actif === id) await activateNow(id)
        const summary = (await summaries()).find((p) => p.id === id)
        if (summary === undefined) throw new Error('profil enregistré introuvable')
        return summary
      }),
    test: (input) =>
      serial(async () => {
        if ('id' in input) {
          if (input.id === DEMO_PROFILE_ID) return verify(await ensureDemo(), '')
          const profile = stored(input.id)
          const secret = await deps.keychain.read(profile.id)
          if (secret === null) throw new ProfileError(PROFILE_ERROR_CODES.secretAbsent, 'Aucun secret n’est enregistré pour ce profil : saisissez-le pour tester la connexion.')
          return verify({ baseUrl: profile.baseUrl, clientId: profile.clientId, clientSecret: secret }, '')
        }
        return verify(input, '')
      }),
    activate: (id) =>
      serial(async () => {
        if (id !== DEMO_PROFILE_ID) stored(id)
        const active = await activateNow(id)
        log.info('Profil activé', { profil: id })
        return active
      }),
    remove: (id) =>
      serial(async () => {
        refuseDemo(id)
        stored(id)
        if (file.actif === id) throw new ProfileError(PROFILE_ERROR_CODES.profilActif, 'Ce profil est le profil actif : activez-en un autre avant de le supprimer.')
        await deps.keychain.remove(id)
        await writeFile({ ...file, profils: file.profils.filter((p) => p.id !== id) })
        log.info('Profil supprimé', { profil: id })
        return listNow()
      }),
    signOut: (id) =>
      serial(async () => {
        refuseDemo(id)
        stored(id)
        await deps.keychain.remove(id)
        log.info('Profil déconnecté : secret supprimé du trousseau', { profil: id })
        if (file.actif === id) await activateNow(id)
        return listNow()
      }),
    async close() {
      const running = demo
      demo = null
      await running?.close?.()
    },
  }
}

function demoActive(baseUrl: string, probleme: string | null): ActiveProfile {
  return { id: DEMO_PROFILE_ID, nom: DEMO_PROFILE_NAME, demo: true, baseUrl, dbName: profileDbName(DEMO_PROFILE_ID), probleme }
}

/** A failed connection test as a ProfileError; `suffix` (e.g. " Rien n’a été enregistré.") ends each message. */
function verifyFailure(error: unknown, suffix: string): unknown {
  if (!(error instanceof ApiError)) return error
  if (error.status === 401) {
    return new ProfileError(PROFILE_ERROR_CODES.identifiantsRefuses, `Identifiants refusés par le service de paie : vérifiez l’identifiant du client d’API et son secret.${suffix}`, { cause: error })
  }
  if (error.status === null) {
    return new ProfileError(PROFILE_ERROR_CODES.serviceInjoignable, `Service de paie injoignable à cette adresse (${error.message}) : vérifiez l’adresse et le réseau.${suffix}`, { cause: error })
  }
  return new ProfileError(PROFILE_ERROR_CODES.serviceEnErreur, `Le service de paie a répondu en erreur (${error.status}) : ${error.message}${suffix}`, { cause: error })
}
