/**
 * The pure rules of the connection profiles (src-main/profiles/profile-state.ts), without keychain, file or
 * network: which profile a start activates, how saving and removing change the profiles file, what the list shows,
 * what a connection test answers and how its failures read.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { ApiError } from '../../../src-main/api/errors'
import type { ProfilesFile, StoredProfile } from '../../../src-main/profiles/profile-file'
import {
  DEMO_PROFILE_NAME,
  PROFILE_ERROR_CODES,
  ProfileError,
  connectionTestFailure,
  connectionTestResult,
  demoActive,
  findStored,
  profileSummaries,
  profileToStore,
  removableProfile,
  startupProfileId,
  storedActive,
  withProfile,
  withoutProfile,
} from '../../../src-main/profiles/profile-state'
import { CATEGORIES } from '../../../src-shared/api/categories'
import { DEMO_PROFILE_ID, type SecretState } from '../../../src-shared/domain/profiles'

const CREATED = '2026-11-16T08:00:00.000Z'

function stored(n: number, over: Partial<StoredProfile> = {}): StoredProfile {
  return {
    id: `p-0000000${String(n)}-aaaa`,
    nom: `Cabinet ${String(n)}`,
    baseUrl: `https://paie${String(n)}.example.fr`,
    clientId: `client-${String(n)}`,
    creeLe: CREATED,
    ...over,
  }
}

function fileOf(count: number, actif: string = DEMO_PROFILE_ID): ProfilesFile {
  return { version: 1, actif, profils: Array.from({ length: count }, (_, i) => stored(i + 1)) }
}

function codeOf(action: () => unknown): string | null {
  try {
    action()
    return null
  } catch (error) {
    return error instanceof ProfileError ? error.code : 'AUTRE'
  }
}

describe('profiles file transitions', () => {
  it('starts on the file’s active profile while it exists, else on the demo one', () => {
    const file = fileOf(2, stored(2).id)
    expect(startupProfileId(file)).toBe(stored(2).id)
    expect(startupProfileId(withoutProfile(file, stored(2).id))).toBe(DEMO_PROFILE_ID)
    expect(startupProfileId(fileOf(0))).toBe(DEMO_PROFILE_ID)
  })

  it('adds a new profile at the end and replaces an edited one in place, keeping id and creation date', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.string({ minLength: 1, maxLength: 20 }), (count, nom) => {
        const file = fileOf(count)
        const input = { nom, baseUrl: 'https://autre.example.fr', clientId: 'c' }
        const created = profileToStore(input, null, 'p-ffffffff-new', '2026-12-01T00:00:00.000Z')
        const added = withProfile(file, created)
        expect(added.profils).toHaveLength(count + 1)
        expect(added.profils.at(-1)).toEqual({
          id: 'p-ffffffff-new',
          nom,
          baseUrl: 'https://autre.example.fr',
          clientId: 'c',
          creeLe: '2026-12-01T00:00:00.000Z',
        })
        if (count === 0) return
        const previous = stored(1)
        const edited = withProfile(file, profileToStore(input, previous, 'p-ignored', '2030-01-01T00:00:00.000Z'))
        expect(edited.profils).toHaveLength(count)
        expect(edited.profils[0]).toEqual({ ...previous, nom, baseUrl: 'https://autre.example.fr', clientId: 'c' })
        expect(edited.profils.slice(1)).toEqual(file.profils.slice(1))
      }),
    )
  })

  it('removes only a stored profile that is not active, and never the demo one', () => {
    const file = fileOf(3, stored(2).id)
    expect(codeOf(() => removableProfile(file, DEMO_PROFILE_ID))).toBe(PROFILE_ERROR_CODES.profilDemo)
    expect(codeOf(() => removableProfile(file, 'p-99999999-none'))).toBe(PROFILE_ERROR_CODES.profilInconnu)
    expect(codeOf(() => removableProfile(file, stored(2).id))).toBe(PROFILE_ERROR_CODES.profilActif)
    expect(removableProfile(file, stored(3).id)).toEqual(stored(3))
    expect(withoutProfile(file, stored(3).id).profils.map((p) => p.id)).toEqual([stored(1).id, stored(2).id])
    expect(codeOf(() => findStored(file, DEMO_PROFILE_ID))).toBe(PROFILE_ERROR_CODES.profilInconnu)
  })
})

describe('what the renderer sees', () => {
  it('lists the demo first, then every stored profile in file order with its secret state (absent when unknown)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.constantFrom<SecretState>('enregistre', 'absent'), { minLength: 6, maxLength: 6 }),
        (count, states) => {
          const file = fileOf(count)
          const secrets = new Map(file.profils.slice(0, -1).map((p, i) => [p.id, states[i] ?? 'absent'] as const))
          const list = profileSummaries(file, { baseUrl: 'http://127.0.0.1:9', clientId: 'demo' }, secrets)
          expect(list.map((p) => p.id)).toEqual([DEMO_PROFILE_ID, ...file.profils.map((p) => p.id)])
          expect(list[0]).toEqual({
            id: DEMO_PROFILE_ID,
            nom: DEMO_PROFILE_NAME,
            baseUrl: 'http://127.0.0.1:9',
            clientId: 'demo',
            demo: true,
            secret: 'enregistre',
            actif: true,
          })
          list.slice(1).forEach((p, i) => {
            expect(p.secret).toBe(i === count - 1 ? 'absent' : states[i])
            expect(p.actif).toBe(false)
            expect(JSON.stringify(p)).not.toMatch(/secret-/)
          })
        },
      ),
    )
    expect(profileSummaries(fileOf(1, stored(1).id), null, new Map())).toMatchObject([
      { baseUrl: '', clientId: '', actif: false },
      { actif: true, secret: 'absent' },
    ])
  })

  it('shows the active profile with its database and the reason it cannot connect', () => {
    expect(demoActive('', 'en panne')).toEqual({
      id: DEMO_PROFILE_ID,
      nom: DEMO_PROFILE_NAME,
      demo: true,
      baseUrl: '',
      dbName: 'paie-demo',
      probleme: 'en panne',
    })
    expect(storedActive(stored(1), null)).toEqual({
      id: stored(1).id,
      nom: 'Cabinet 1',
      demo: false,
      baseUrl: 'https://paie1.example.fr',
      dbName: `paie-${stored(1).id}`,
      probleme: null,
    })
  })
})

describe('connection test', () => {
  it('answers every category of the contract, granted or not, from /api/moi', () => {
    const moi = {
      utilisateur: { nom: 'Martin', prenom: 'Léa', email: 'lea@cabinet.fr', profil: 'gestionnaire' },
      cabinet: { id: 'cab-1', raison_sociale: 'Cabinet Martin' },
      droits: [CATEGORIES[0]],
    } as unknown as Parameters<typeof connectionTestResult>[1]
    const result = connectionTestResult({ version: '1.13.0' } as Parameters<typeof connectionTestResult>[0], moi, CREATED)
    expect(result.version).toBe('1.13.0')
    expect(result.testeLe).toBe(CREATED)
    expect(result.categories.map((c) => c.categorie)).toEqual([...CATEGORIES])
    expect(result.categories.filter((c) => c.autorisee).map((c) => c.categorie)).toEqual([CATEGORIES[0]])
  })

  it('reports a refused secret, an unreachable service and a service error by code and parameters, with the follow-up', () => {
    const failure = (status: number | null) =>
      new ApiError({
        operation: 'moi',
        method: 'GET',
        status,
        body: null,
        retryAfterMs: null,
        errorClass: 'global',
        code: 'X',
        message: 'détail',
      })
    const refused = connectionTestFailure(failure(401), 'RIEN_ENREGISTRE')
    expect(refused).toMatchObject({ code: PROFILE_ERROR_CODES.identifiantsRefuses, params: { suite: 'RIEN_ENREGISTRE' } })
    expect(connectionTestFailure(failure(null), null)).toMatchObject({
      code: PROFILE_ERROR_CODES.serviceInjoignable,
      params: { cause: 'X' },
    })
    expect(connectionTestFailure(failure(503), null)).toMatchObject({ code: PROFILE_ERROR_CODES.serviceEnErreur, params: { status: 503 } })
    const other = new Error('autre')
    expect(connectionTestFailure(other, null)).toBe(other)
  })
})
