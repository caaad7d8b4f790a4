/**
 * The cache of the service's records (services/records-cache.ts, Dexie schema v7) on fake-indexeddb: a refresh
 * replaces one dossier and period only, in one transaction with its read instant and refused kinds; a failed refresh
 * keeps the cache; the v6 → v7 upgrade keeps every other table.
 */
import '../support/db'

import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'

import { PaieDb, SCHEMA_V1, SCHEMA_V3, SCHEMA_V5 } from '../../../src-renderer/db/schema'
import { loadServiceRecords, refreshServiceRecords, type RecordsApi } from '../../../src-renderer/services/records-cache'
import type { RecordsRefreshResult } from '../../../src-shared/domain/service-records'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { freshDb } from '../support/db'
import { SIREN, SIREN_2, dossierMartin } from '../support/fixtures'
import { recordsAnswer, serviceAcompte, serviceEvp } from '../support/records'

let db: PaieDb | null = null

afterEach(async () => {
  await db?.delete()
  db = null
})

function answering(...answers: IpcResult<RecordsRefreshResult>[]): RecordsApi & { calls: unknown[] } {
  const calls: unknown[] = []
  return {
    calls,
    'records:refresh': (input) => {
      calls.push(input)
      const next = answers.shift()
      if (next === undefined) throw new Error('réponse non prévue')
      return Promise.resolve(next)
    },
  }
}

describe('refreshServiceRecords / loadServiceRecords', () => {
  it('stores the records of one dossier and period with their read instant; another refresh replaces them, other periods and dossiers stay', async () => {
    db = freshDb()
    const first = serviceEvp()
    const december = serviceEvp({ periode: '2026-12' })
    const other = serviceEvp({ siren: SIREN_2, matricule: 'D001' })
    const api = answering(
      {
        ok: true,
        value: recordsAnswer([
          { kind: 'evp', record: first },
          { kind: 'acompte', record: serviceAcompte() },
        ]),
      },
      { ok: true, value: recordsAnswer([{ kind: 'evp', record: december }], { periode: '2026-12' }) },
      { ok: true, value: recordsAnswer([{ kind: 'evp', record: other }], { siren: SIREN_2 }) },
      { ok: true, value: recordsAnswer([], { fetchedAt: '2026-11-20T07:00:00.000Z', refused: { frais: 'frais_professionnels' } }) },
    )
    await refreshServiceRecords(db, api, SIREN, '2026-11')
    await refreshServiceRecords(db, api, SIREN, '2026-12')
    await refreshServiceRecords(db, api, SIREN_2, '2026-11')
    const cached = await loadServiceRecords(db, SIREN, '2026-11')
    expect(cached.rows.map((r) => r.kind).sort()).toEqual(['acompte', 'evp'])
    expect(cached.read).toEqual({ siren: SIREN, periode: '2026-11', fetchedAt: '2026-11-20T06:00:00.000Z', refused: [] })

    // The service no longer holds them (deleted elsewhere): the next read leaves none, and says frais were refused.
    await refreshServiceRecords(db, api, SIREN, '2026-11')
    const after = await loadServiceRecords(db, SIREN, '2026-11')
    expect(after.rows).toEqual([])
    expect(after.read).toMatchObject({ fetchedAt: '2026-11-20T07:00:00.000Z', refused: [{ kind: 'frais', droit: 'frais_professionnels' }] })
    expect((await loadServiceRecords(db, SIREN, '2026-12')).rows.map((r) => r.id)).toEqual([december.id])
    expect((await loadServiceRecords(db, SIREN_2, '2026-11')).rows.map((r) => r.id)).toEqual([other.id])
    expect(api.calls).toEqual([
      { siren: SIREN, periode: '2026-11' },
      { siren: SIREN, periode: '2026-12' },
      { siren: SIREN_2, periode: '2026-11' },
      { siren: SIREN, periode: '2026-11' },
    ])
  })

  it('a failed refresh answers main’s error and leaves the cache as it was; never read: no rows, no read', async () => {
    db = freshDb()
    expect(await loadServiceRecords(db, SIREN, '2026-11')).toEqual({ rows: [], read: null })
    const api = answering(
      { ok: true, value: recordsAnswer([{ kind: 'evp', record: serviceEvp() }]) },
      { ok: false, error: { code: 'RESEAU_INJOIGNABLE', message: 'service unreachable' } },
    )
    await refreshServiceRecords(db, api, SIREN, '2026-11')
    const before = await loadServiceRecords(db, SIREN, '2026-11')
    const failed = await refreshServiceRecords(db, api, SIREN, '2026-11')
    expect(failed).toMatchObject({ ok: false, error: { code: 'RESEAU_INJOIGNABLE' } })
    expect(await loadServiceRecords(db, SIREN, '2026-11')).toEqual(before)
    expect(before.rows).toHaveLength(1)
  })
})

describe('schema v7', () => {
  it('the upgrade from v6 keeps the outbox, the reference cache, the DSN list and the metadata; the new tables start empty', async () => {
    const name = `paie-upgrade-v7-${crypto.randomUUID()}`
    const v6 = new Dexie(name)
    v6.version(6).stores({ ...SCHEMA_V1, ...SCHEMA_V3, outbox: SCHEMA_V5.outbox })
    await v6.open()
    await v6.table('dossiers').put(dossierMartin)
    await v6.table('meta').put({ key: 'reference.fetchedAt', value: '2026-11-20T08:00:00.000Z' })
    await v6.table('outbox').put({ clientId: 'a', state: 'queued', siren: SIREN, kind: 'evp', matricule: 'M001', updatedAt: 'x' })
    await v6.table('declarations').put({ id: 'd1', siren: SIREN, periode: '2026-10', kind: 'periodique' })
    v6.close()

    db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    expect(await db.dossiers.get(SIREN)).toEqual(dossierMartin)
    expect(await db.meta.get('reference.fetchedAt')).toMatchObject({ value: '2026-11-20T08:00:00.000Z' })
    expect(await db.outbox.count()).toBe(1)
    expect(await db.declarations.count()).toBe(1)
    expect(await db.serviceRecords.count()).toBe(0)
    expect(await db.serviceReads.count()).toBe(0)
  })
})
