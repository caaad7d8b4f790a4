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

import {
  DEMO_PROFILE_ID,
  type ActiveProfile,
  type ProfileSummary,
  type ProfileInput,
  type ProfilesState,
  type ConnectionTestResult,
  type ConnectionTestInput,
  type SecretState,
} from '../../src-shared/domain/profiles'
import { REPORT_FOLLOW_UPS } from '../../src-shared/domain/reports'
import { describeError, log } from '../log'
import { createPayrollConnection, type PayrollConnection, type PayrollConnectionOptions } from '../services/connection'
import { KeychainUnavailableError, type Keychain } from './keychain'
import { ProfilesFileError, emptyProfilesFile, type ProfileFileStore, type ProfilesFile } from './profile-file'
import {
  DEMO_INDISPONIBLE_PROBLEME,
  KEYCHAIN_UNAVAILABLE_PROBLEME,
  PROFILE_ERROR_CODES,
  ProfileError,
  SECRET_ABSENT_PROBLEME,
  connectionTestFailure,
  connectionTestResult,
  demoActive,
  findStored,
  profileSummaries,
  profileToStore,
  refuseDemo,
  removableProfile,
  startupProfileId,
  storedActive,
  withActive,
  withProfile,
  withoutProfile,
} from './profile-state'

export { DEMO_PROFILE_NAME, PROFILE_ERROR_CODES, ProfileError } from './profile-state'

/** Timeout of each request of a connection test, in ms (assumption: a clerk waits a few seconds, not more). */
export const TEST_TIMEOUT_MS = 8_000

/** Where the demo service answers and with which credentials (src-main/demo.ts). */
export interface DemoEndpoint {
  readonly baseUrl: string
  readonly clientId: string
  readonly clientSecret: string
}

/** A started demo service: its endpoint, and how to stop it. */
export type RunningDemo = DemoEndpoint & { close?: () => Promise<void> }

/** What the profile service needs. */
export interface ProfileServiceDeps {
  readonly store: ProfileFileStore
  readonly keychain: Keychain
  /** Starts the demo service (called once, on the first activation of the demo profile). */
  readonly startDemo: () => Promise<RunningDemo>
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

/** Runs tasks one after the other: each starts after every task queued before it has settled. */
function createSerialQueue(): <T>(task: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve()
  return function serial<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task)
    queue = run.catch(() => undefined)
    return run
  }
}

/** The demo service, started on first use (once, whoever asks meanwhile), stopped by `close`. */
interface DemoRunner {
  /** The running demo, or null before its first start. */
  current(): DemoEndpoint | null
  /** The demo endpoint, starting the service when needed. @throws whatever `startDemo` throws */
  ensure(): Promise<DemoEndpoint>
  /** Stops the demo service if it runs. */
  close(): Promise<void>
}

function createDemoRunner(startDemo: () => Promise<RunningDemo>): DemoRunner {
  let running: RunningDemo | null = null
  let starting: Promise<DemoEndpoint> | null = null
  return {
    current: () => running,
    async ensure(): Promise<DemoEndpoint> {
      if (running !== null) return running
      starting ??= startDemo().then((started) => {
        running = started
        return started
      })
      try {
        return await starting
      } finally {
        starting = null
      }
    },
    async close(): Promise<void> {
      const stopping = running
      running = null
      await stopping?.close?.()
    },
  }
}

/** The secret's state of every stored profile (a keychain that does not answer reads `absent`). */
async function secretStates(keychain: Keychain, file: ProfilesFile): Promise<Map<string, SecretState>> {
  const states = new Map<string, SecretState>()
  for (const profile of file.profils) {
    const secret = await keychain.read(profile.id).catch(() => null)
    states.set(profile.id, secret === null ? 'absent' : 'enregistre')
  }
  return states
}

/**
 * Puts the secret of profile `id` in the keychain (when one was typed), then runs `writeFile`; when the file
 * cannot be written, the keychain is put back as it was, so that the two never disagree.
 * @throws whatever the keychain or `writeFile` throws (the keychain restored on a file failure).
 */
async function storeSecretThenFile(
  keychain: Keychain,
  id: string,
  secret: string | undefined,
  isNew: boolean,
  writeFile: () => Promise<void>,
): Promise<void> {
  if (secret === undefined) return writeFile()
  const prior = isNew ? null : await keychain.read(id)
  await keychain.save(id, secret)
  try {
    await writeFile()
  } catch (error) {
    if (prior === null) await keychain.remove(id).catch(() => false)
    else await keychain.save(id, prior).catch(() => undefined)
    throw error
  }
}

/** A profile opened: what the renderer sees of it, and its connection (null when it cannot connect). */
interface OpenedProfile {
  readonly active: ActiveProfile
  readonly connection: PayrollConnection | null
}

/**
 * Connects to profile `id` (the demo one starts its service on first use). A demo that cannot start, a missing
 * secret or an unavailable keychain is a `probleme` on the active profile, not an error: the clerk can work offline.
 * @throws ProfileError PROFIL_INCONNU for an id the file does not hold; a keychain failure other than KeychainUnavailableError.
 */
async function openProfile(
  id: string,
  context: {
    file: ProfilesFile
    keychain: Keychain
    demo: DemoRunner
    connect: (endpoint: DemoEndpoint, profileId: string) => PayrollConnection
  },
): Promise<OpenedProfile> {
  if (id === DEMO_PROFILE_ID) {
    try {
      const endpoint = await context.demo.ensure()
      return { active: demoActive(endpoint.baseUrl, null), connection: context.connect(endpoint, DEMO_PROFILE_ID) }
    } catch (error) {
      log.error('Mode démo : démarrage du bac à sable impossible', { cause: describeError(error) })
      return { active: demoActive('', DEMO_INDISPONIBLE_PROBLEME), connection: null }
    }
  }
  const profile = findStored(context.file, id)
  let secret: string | null
  try {
    secret = await context.keychain.read(profile.id)
  } catch (error) {
    if (!(error instanceof KeychainUnavailableError)) throw error
    log.warn('Profil : trousseau indisponible, connexion impossible', { profil: profile.id })
    return { active: storedActive(profile, KEYCHAIN_UNAVAILABLE_PROBLEME), connection: null }
  }
  if (secret === null) return { active: storedActive(profile, SECRET_ABSENT_PROBLEME), connection: null }
  const endpoint = { baseUrl: profile.baseUrl, clientId: profile.clientId, clientSecret: secret }
  return { active: storedActive(profile, null), connection: context.connect(endpoint, profile.id) }
}

/** Creates the profile service. Nothing happens until `init()`. */
export function createProfileService(deps: ProfileServiceDeps): ProfileService {
  const now = deps.now ?? (() => new Date())
  const serial = createSerialQueue()
  const demo = createDemoRunner(deps.startDemo)
  let file: ProfilesFile = emptyProfilesFile()
  let activeProfile: ActiveProfile = demoActive('', null)
  let activeConnection: PayrollConnection | null = null

  /** The connection of profile `profileId` (its id owns the sync lane: one push per profile at a time). */
  function connect(endpoint: DemoEndpoint, profileId: string): PayrollConnection {
    const connection = createPayrollConnection({
      ...deps.connectionOptions,
      baseUrl: endpoint.baseUrl,
      clientId: endpoint.clientId,
      clientSecret: endpoint.clientSecret,
    })
    return { ...connection, profileId }
  }

  async function writeFile(next: ProfilesFile): Promise<void> {
    await deps.store.write(next)
    file = next
  }

  async function open(id: string): Promise<OpenedProfile> {
    return openProfile(id, { file, keychain: deps.keychain, demo, connect })
  }

  async function activateNow(id: string): Promise<ActiveProfile> {
    const opened = await open(id)
    if (file.actif !== id) await writeFile(withActive(file, id))
    activeProfile = opened.active
    activeConnection = opened.connection
    deps.onActiveChanged?.(activeProfile)
    return activeProfile
  }

  /** GET /api/health then (token and) GET /api/moi; every failure a ProfileError with a French message. */
  async function verify(endpoint: DemoEndpoint, suite: string | null): Promise<ConnectionTestResult> {
    const { baseUrl, clientId, clientSecret } = endpoint
    const probe = createPayrollConnection({
      ...deps.connectionOptions,
      baseUrl,
      clientId,
      clientSecret,
      timeoutMs: deps.testTimeoutMs ?? TEST_TIMEOUT_MS,
    })
    try {
      const health = await probe.client.call('sante')
      const moi = await probe.client.call('moi')
      return connectionTestResult(health, moi, now().toISOString())
    } catch (error) {
      throw connectionTestFailure(error, suite)
    }
  }

  async function summaries(): Promise<ProfileSummary[]> {
    return profileSummaries(file, demo.current(), await secretStates(deps.keychain, file))
  }

  async function listNow(): Promise<ProfilesState> {
    return { actif: file.actif, profils: await summaries() }
  }

  async function init(): Promise<ActiveProfile> {
    try {
      file = await deps.store.read()
    } catch (error) {
      if (!(error instanceof ProfilesFileError)) throw error
      log.error('Profils : fichier illisible, démarrage en mode démo', { cause: describeError(error.cause ?? error) })
      file = emptyProfilesFile()
    }
    return activateNow(startupProfileId(file))
  }

  async function save(input: ProfileInput): Promise<ProfileSummary> {
    if (input.id !== undefined) refuseDemo(input.id)
    const previous = input.id === undefined ? null : findStored(file, input.id)
    const secret = input.clientSecret ?? (previous === null ? null : await deps.keychain.read(previous.id))
    if (secret === null) {
      throw new ProfileError(PROFILE_ERROR_CODES.secretAbsent, 'no secret stored for this profile; nothing saved', {
        params: { motif: 'ENREGISTRER' },
      })
    }
    await verify({ baseUrl: input.baseUrl, clientId: input.clientId, clientSecret: secret }, REPORT_FOLLOW_UPS.rienEnregistre)
    const profile = profileToStore(input, previous, `p-${randomUUID()}`, now().toISOString())
    await storeSecretThenFile(deps.keychain, profile.id, input.clientSecret, previous === null, () => writeFile(withProfile(file, profile)))
    log.info('Profil enregistré', { profil: profile.id, nouveau: previous === null })
    if (file.actif === profile.id) await activateNow(profile.id)
    const summary = (await summaries()).find((p) => p.id === profile.id)
    if (summary === undefined) throw new Error('saved profile not found')
    return summary
  }

  async function test(input: ConnectionTestInput): Promise<ConnectionTestResult> {
    if (!('id' in input)) return verify(input, null)
    if (input.id === DEMO_PROFILE_ID) return verify(await demo.ensure(), null)
    const profile = findStored(file, input.id)
    const secret = await deps.keychain.read(profile.id)
    if (secret === null)
      throw new ProfileError(PROFILE_ERROR_CODES.secretAbsent, 'no secret stored for this profile; cannot test', {
        params: { motif: 'TESTER' },
      })
    return verify({ baseUrl: profile.baseUrl, clientId: profile.clientId, clientSecret: secret }, null)
  }

  async function activate(id: string): Promise<ActiveProfile> {
    if (id !== DEMO_PROFILE_ID) findStored(file, id)
    const active = await activateNow(id)
    log.info('Profil activé', { profil: id })
    return active
  }

  async function remove(id: string): Promise<ProfilesState> {
    removableProfile(file, id)
    await deps.keychain.remove(id)
    await writeFile(withoutProfile(file, id))
    log.info('Profil supprimé', { profil: id })
    return listNow()
  }

  async function signOut(id: string): Promise<ProfilesState> {
    refuseDemo(id)
    findStored(file, id)
    await deps.keychain.remove(id)
    log.info('Profil déconnecté : secret supprimé du trousseau', { profil: id })
    if (file.actif === id) await activateNow(id)
    return listNow()
  }

  return {
    init: () => serial(init),
    active: () => activeProfile,
    connection: () => activeConnection,
    list: () => serial(listNow),
    save: (input) => serial(() => save(input)),
    test: (input) => serial(() => test(input)),
    activate: (id) => serial(() => activate(id)),
    remove: (id) => serial(() => remove(id)),
    signOut: (id) => serial(() => signOut(id)),
    close: () => demo.close(),
  }
}
