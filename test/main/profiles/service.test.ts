/**
 * The profile service against the real sandbox, with the OS keychain replaced by an in-memory one (the real
 * keychain has its own tests, keychain-secret-service.test.ts): demo on a first start, save only after a successful
 * test, nothing saved on a refused secret / unreachable service / unavailable keychain, activation persisted,
 * sign-out and removal delete the keychain entry, and no answer or file ever holds the secret.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { CATEGORIES } from '../../../src-shared/api/categories'
import { ProfileInput, type ProfileInput as ProfileInputType } from '../../../src-shared/domain/profiles'
import { KeychainUnavailableError } from '../../../src-main/profiles/keychain'
import { PROFILES_FILE, createProfileFileStore } from '../../../src-main/profiles/profile-file'
import { PROFILE_ERROR_CODES, ProfileError, createProfileService } from '../../../src-main/profiles/service'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { DEMO_CREDENTIALS, SEED_CLIENTS } from '../../../src-sandbox/store/seed'
import { testProfileService } from '../../support/profiles'
import { startTestSandbox } from '../sync/helpers'

const RESTRICTED = SEED_CLIENTS.find((c) => c.client_id === 'gestionnaire-restreint')
if (RESTRICTED === undefined) throw new Error('client restreint absent du jeu de données')

let sandboxes: RunningSandbox[] = []

afterEach(async () => {
  await Promise.all(sandboxes.map((s) => s.close()))
  sandboxes = []
})

async function sandbox(): Promise<RunningSandbox> {
  const started = await startTestSandbox()
  sandboxes.push(started)
  return started
}

function demoOf(s: RunningSandbox) {
  return { baseUrl: s.url, clientId: DEMO_CREDENTIALS.client_id, clientSecret: DEMO_CREDENTIALS.client_secret }
}

function saisie(s: RunningSandbox, overrides: Partial<ProfileInputType> = {}): ProfileInputType {
  return ProfileInput.parse({
    nom: 'Cabinet Lefèvre',
    baseUrl: s.url,
    clientId: RESTRICTED?.client_id,
    clientSecret: RESTRICTED?.client_secret,
    ...overrides,
  })
}

async function expectProfileError(promise: Promise<unknown>, code: string): Promise<ProfileError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ProfileError)
  expect((error as ProfileError).code).toBe(code)
  return error as ProfileError
}

async function filesIn(dir: string): Promise<string[]> {
  return readdir(dir)
}

describe('profile service', () => {
  it('starts a first start in demo mode, on the demo database, connected to the demo service', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))

    const active = await service.init()

    expect(active).toEqual({ id: 'demo', nom: 'Démo', demo: true, baseUrl: s.url, dbName: 'paie-demo', probleme: null })
    const moi = await service.connection()?.client.call('moi')
    expect(moi?.utilisateur.matricule).toBe('GP001')
    expect((await service.list()).profils.map((p) => [p.id, p.demo, p.actif])).toEqual([['demo', true, true]])
  })

  it('saves a profile only after the service accepted its credentials; the secret goes to the keychain only', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))
    await service.init()

    const saved = await service.save(saisie(s))

    expect(saved).toMatchObject({
      nom: 'Cabinet Lefèvre',
      baseUrl: s.url,
      clientId: 'gestionnaire-restreint',
      demo: false,
      secret: 'enregistre',
      actif: false,
    })
    expect(saved.id).toMatch(/^p-[0-9a-f-]{36}$/)
    expect(service.keychain.secrets.get(saved.id)).toBe(RESTRICTED.client_secret)
    const fileText = await readFile(join(service.dataDir, PROFILES_FILE), 'utf8')
    expect(fileText).toContain(saved.id)
    expect(fileText).not.toContain(RESTRICTED.client_secret)
    expect(JSON.stringify(saved)).not.toContain(RESTRICTED.client_secret)
    expect(JSON.stringify(await service.list())).not.toContain(RESTRICTED.client_secret)
  })

  it('refuses a wrong secret clearly and saves nothing, neither in the keychain nor in the file', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))
    await service.init()

    const error = await expectProfileError(
      service.save(saisie(s, { clientSecret: 'pas-le-bon-secret' })),
      PROFILE_ERROR_CODES.identifiantsRefuses,
    )

    expect(error.params).toEqual({ suite: 'RIEN_ENREGISTRE' })
    expect(service.keychain.secrets.size).toBe(0)
    expect(await filesIn(service.dataDir)).toEqual([])
  })

  it('refuses an unreachable service and saves nothing', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))
    await service.init()
    const gone = await sandbox()
    const url = gone.url
    await gone.close()
    sandboxes = sandboxes.filter((x) => x !== gone)

    const error = await expectProfileError(service.save(saisie(s, { baseUrl: url })), PROFILE_ERROR_CODES.serviceInjoignable)

    expect(error.params).toEqual({ suite: 'RIEN_ENREGISTRE', cause: 'RESEAU_INJOIGNABLE' })
    expect(service.keychain.secrets.size).toBe(0)
    expect(await filesIn(service.dataDir)).toEqual([])
  })

  it('refuses plainly when the keychain does not answer, and saves nothing elsewhere', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))
    await service.init()
    service.keychain.unavailable = true

    const error = await service.save(saisie(s)).then(
      () => null,
      (e: unknown) => e,
    )

    expect(error).toBeInstanceOf(KeychainUnavailableError)
    expect((error as KeychainUnavailableError).code).toBe('COFFRE_INDISPONIBLE')
    expect((error as Error).message).toMatch(/keychain unavailable.*nothing stored elsewhere/)
    expect(await filesIn(service.dataDir)).toEqual([])
  })

  it('puts the keychain back when the profiles file cannot be written', async () => {
    const s = await sandbox()
    const base = testProfileService(demoOf(s))
    const store = createProfileFileStore(base.dataDir)
    const service = createProfileService({
      store: { path: store.path, read: () => store.read(), write: () => Promise.reject(new Error('disque plein')) },
      keychain: base.keychain,
      startDemo: () => Promise.resolve(demoOf(s)),
    })
    await service.init()

    await expect(service.save(saisie(s))).rejects.toThrow('disque plein')

    expect(base.keychain.secrets.size).toBe(0)
  })

  it('tests a connection: who is signed in, the service version, and the categories the credentials may use', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))
    await service.init()

    const result = await service.test({ baseUrl: s.url, clientId: RESTRICTED.client_id, clientSecret: RESTRICTED.client_secret })

    expect(result.version).toBe('1.13.0')
    expect(result.utilisateur).toMatchObject({ nom: 'Lambert', prenom: 'Sophie' })
    expect(result.categories.map((c) => c.categorie)).toEqual([...CATEGORIES])
    const refused = result.categories.filter((c) => !c.autorisee).map((c) => c.categorie)
    expect(refused.sort()).toEqual(['cabinet', 'frais_professionnels'])
    expect(result.categories.find((c) => c.categorie === 'frais_professionnels')?.libelle).toBe('Frais professionnels')
    expect(service.keychain.secrets.size).toBe(0)
  })

  it('activates a profile on its own database and connection, and a restart of the service keeps it active', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))
    await service.init()
    const saved = await service.save(saisie(s))
    const onChange = vi.fn()

    const active = await service.activate(saved.id)

    expect(active).toEqual({
      id: saved.id,
      nom: 'Cabinet Lefèvre',
      demo: false,
      baseUrl: s.url,
      dbName: `paie-${saved.id}`,
      probleme: null,
    })
    expect((await service.connection()?.client.call('moi'))?.utilisateur.matricule).toBe('GP003')

    const restarted = createProfileService({
      store: createProfileFileStore(service.dataDir),
      keychain: service.keychain,
      startDemo: () => Promise.resolve(demoOf(s)),
      onActiveChanged: onChange,
    })
    expect(await restarted.init()).toEqual(active)
    expect(onChange).toHaveBeenCalledWith(active)
    expect((await restarted.connection()?.client.call('moi'))?.utilisateur.matricule).toBe('GP003')
  })

  it('signing out deletes the keychain entry; the active profile stays, offline, with an explanation', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))
    await service.init()
    const saved = await service.save(saisie(s))
    await service.activate(saved.id)

    const list = await service.signOut(saved.id)

    expect(service.keychain.secrets.has(saved.id)).toBe(false)
    expect(list.profils.find((p) => p.id === saved.id)?.secret).toBe('absent')
    expect(service.connection()).toBeNull()
    expect(service.active().probleme).toBe('SECRET_ABSENT')
    // Typing the secret again signs back in.
    await service.save(saisie(s, { id: saved.id }))
    expect(service.active().probleme).toBeNull()
    expect(service.connection()).not.toBeNull()
  })

  it('removes a non-active profile with its keychain entry; refuses the active one and the demo', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))
    await service.init()
    const saved = await service.save(saisie(s))
    await service.activate(saved.id)

    await expectProfileError(service.remove(saved.id), PROFILE_ERROR_CODES.profilActif)
    await expectProfileError(service.remove('demo'), PROFILE_ERROR_CODES.profilDemo)
    await expectProfileError(service.save(saisie(s, { id: 'demo' })), PROFILE_ERROR_CODES.profilDemo)

    await service.activate('demo')
    const list = await service.remove(saved.id)

    expect(list.profils.map((p) => p.id)).toEqual(['demo'])
    expect(service.keychain.secrets.size).toBe(0)
    await expectProfileError(service.activate(saved.id), PROFILE_ERROR_CODES.profilInconnu)
  })

  it('starts in demo mode, leaving the file untouched, when the profiles file is unreadable', async () => {
    const s = await sandbox()
    const service = testProfileService(demoOf(s))
    const file = join(service.dataDir, PROFILES_FILE)
    await writeFile(file, '{"version":1,"actif":"p-zz"', 'utf8')
    vi.spyOn(console, 'error').mockImplementation(() => undefined)

    expect((await service.init()).id).toBe('demo')
    expect(await readFile(file, 'utf8')).toBe('{"version":1,"actif":"p-zz"')
    vi.restoreAllMocks()
  })
})
