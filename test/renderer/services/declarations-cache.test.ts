import '../support/db'

import { afterEach, describe, expect, it } from 'vitest'

import type { PaieDb } from '../../../src-renderer/db/schema'
import {
  loadDeclarations,
  matchesFilters,
  refreshDeclarations,
  searchInputOf,
  type DeclarationFilters,
} from '../../../src-renderer/services/declarations-cache'
import type { DeclarationRow, DeclarationsSearchInput, DeclarationsSearchResult } from '../../../src-shared/domain/declarations'
import { freshDb } from '../support/db'

const SIREN_A = '732829320'
const SIREN_B = '552100554'
let db: PaieDb | null = null

afterEach(async () => {
  await db?.delete()
  db = null
})

function mensuelle(n: number, siren: string, periode: string, dateEnvoi: string | null): DeclarationRow {
  return {
    kind: 'periodique',
    id: `f0e1d2c3-0000-4000-8000-${String(n).padStart(12, '0')}`,
    siren,
    nic: '00012',
    periode,
    nature: '01',
    type: '01',
    statut: dateEnvoi === null ? 'en_preparation' : 'acceptee',
    date_envoi: dateEnvoi,
    date_dernier_envoi: dateEnvoi,
    nombre_salaries: 4,
    recapitulatif_disponible: dateEnvoi !== null,
  }
}

function arret(n: number, siren: string, periode: string): DeclarationRow {
  return {
    ...mensuelle(n, siren, periode, `${periode}-20T10:00:00.000Z`),
    kind: 'evenementielle',
    nature: '04',
    matricule: 'M001',
    date_evenement: `${periode}-18`,
    nombre_salaries: 1,
  }
}

const ROWS = [
  mensuelle(1, SIREN_A, '2026-09', '2026-10-05T09:00:00.000Z'),
  mensuelle(2, SIREN_B, '2026-10', '2026-11-04T09:00:00.000Z'),
  mensuelle(3, SIREN_A, '2026-11', null),
  arret(4, SIREN_B, '2026-10'),
]
const NONE: DeclarationFilters = { sirens: [], periodeDu: '', periodeAu: '', nature: '', dateEnvoiDu: '', dateEnvoiAu: '', statut: '' }

describe('filtres de la liste des DSN', () => {
  it('filtrent par dossier, période, nature et dates d’envoi comme le serveur', () => {
    const ids = (f: Partial<DeclarationFilters>) => ROWS.filter((d) => matchesFilters(d, { ...NONE, ...f })).map((d) => d.id.slice(-1))
    expect(ids({})).toEqual(['1', '2', '3', '4'])
    expect(ids({ sirens: [SIREN_B] })).toEqual(['2', '4'])
    expect(ids({ periodeDu: '2026-10', periodeAu: '2026-10' })).toEqual(['2', '4'])
    expect(ids({ nature: '04' })).toEqual(['4'])
    // Unsent declarations never match a sending-date filter; the day of the instant is compared.
    expect(ids({ dateEnvoiDu: '2026-10-05' })).toEqual(['1', '2', '4'])
    expect(ids({ dateEnvoiDu: '2026-10-06', dateEnvoiAu: '2026-11-04' })).toEqual(['2', '4'])
    expect(ids({ dateEnvoiAu: '2026-10-05' })).toEqual(['1'])
  })

  it('deviennent la recherche serveur : une nature choisit la liste', () => {
    expect(searchInputOf(NONE)).toEqual({})
    expect(searchInputOf({ ...NONE, sirens: [SIREN_A], periodeDu: '2026-07', nature: '01', dateEnvoiAu: '2026-11-01' })).toEqual({
      sirens: [SIREN_A],
      periodeDu: '2026-07',
      kinds: ['periodique'],
      dateEnvoiAu: '2026-11-01',
    })
    expect(searchInputOf({ ...NONE, nature: '02' }).kinds).toEqual(['evenementielle'])
  })
})

describe('cache des DSN', () => {
  it('remplace la liste en une transaction avec son heure, et la garde quand la recherche échoue', async () => {
    const base = freshDb()
    db = base
    const calls: DeclarationsSearchInput[] = []
    let answer: DeclarationsSearchResult | null = { fetchedAt: '2026-11-16T08:30:00.000Z', declarations: ROWS }
    const api = {
      'declarations:search': (input: DeclarationsSearchInput) => {
        calls.push(input)
        return Promise.resolve(
          answer === null
            ? { ok: false as const, error: { code: 'RESEAU_INJOIGNABLE', message: 'Service de paie injoignable.' } }
            : { ok: true as const, value: answer },
        )
      },
    }
    expect((await refreshDeclarations(base, api, { periodeDu: '2026-09' })).ok).toBe(true)
    const first = await loadDeclarations(base)
    expect(first.fetchedAt).toBe('2026-11-16T08:30:00.000Z')
    // Latest period first, then SIREN, periodic before event-based.
    expect(first.rows.map((d) => d.id.slice(-1))).toEqual(['3', '2', '4', '1'])

    answer = { fetchedAt: '2026-11-16T09:00:00.000Z', declarations: [ROWS[0]!] }
    await refreshDeclarations(base, api, {})
    expect((await loadDeclarations(base)).rows).toHaveLength(1)

    answer = null
    const failed = await refreshDeclarations(base, api, {})
    expect(failed).toMatchObject({ ok: false, error: { code: 'RESEAU_INJOIGNABLE' } })
    const kept = await loadDeclarations(base)
    expect(kept.rows).toHaveLength(1)
    expect(kept.fetchedAt).toBe('2026-11-16T09:00:00.000Z')
    expect(calls).toEqual([{ periodeDu: '2026-09' }, {}, {}])
  })
})
