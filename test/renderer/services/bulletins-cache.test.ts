/**
 * The cache of payslips (services/bulletins-cache.ts, Dexie schema v8) on fake-indexeddb: a list read replaces one
 * dossier and period only with its read instant; a failed read keeps the cache; an outcome moves the cached payslip
 * and remembers or forgets a lost answer; the v7 → v8 upgrade keeps every other table.
 */
import '../support/db'

import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'

import { PaieDb, SCHEMA_V1, SCHEMA_V3, SCHEMA_V5, SCHEMA_V7 } from '../../../src-renderer/db/schema'
import {
  loadBulletin,
  loadBulletins,
  queueAction,
  queuedActions,
  refreshBulletin,
  refreshBulletins,
  storeOutcome,
} from '../../../src-renderer/services/bulletins-cache'
import { listedOf, type BulletinActOutcome } from '../../../src-shared/domain/bulletins'
import { fakeApi } from '../support/fakes'
import { payslip, servePayslips } from '../support/bulletins'
import { freshDb } from '../support/db'
import { SIREN, dossierMartin } from '../support/fixtures'

let db: PaieDb | null = null
afterEach(async () => {
  await db?.delete()
  db = null
})

describe('refreshBulletins / loadBulletins', () => {
  it('replaces the payslips of one dossier and period with the read instant; other periods stay; a failed read keeps them', async () => {
    db = freshDb()
    const api = fakeApi()
    const fake = servePayslips(api, [payslip(1), payslip(2, { matricule: 'M002' }), payslip(3, { periode: '2026-10' })])
    await refreshBulletins(db, api, SIREN, '2026-10')
    expect((await refreshBulletins(db, api, SIREN, '2026-11')).ok).toBe(true)
    const first = await loadBulletins(db, SIREN, '2026-11')
    expect(first.rows.map((b) => b.matricule).sort()).toEqual(['M001', 'M002'])
    expect(first.read?.fetchedAt).toBe('2026-11-20T06:00:00.000Z')
    expect(first.rows[0]).not.toHaveProperty('rubriques')

    fake.store.splice(1, 1)
    await refreshBulletins(db, api, SIREN, '2026-11')
    expect((await loadBulletins(db, SIREN, '2026-11')).rows.map((b) => b.matricule)).toEqual(['M001'])
    expect((await loadBulletins(db, SIREN, '2026-10')).rows).toHaveLength(1)

    api.payslips['bulletins:list'] = () => Promise.resolve({ ok: false, error: { code: 'RESEAU_INJOIGNABLE', message: 'offline' } })
    expect(await refreshBulletins(db, api, SIREN, '2026-11')).toMatchObject({ ok: false, error: { code: 'RESEAU_INJOIGNABLE' } })
    expect((await loadBulletins(db, SIREN, '2026-11')).rows.map((b) => b.matricule)).toEqual(['M001'])
    expect(await loadBulletins(db, SIREN, '2026-09')).toEqual({ rows: [], read: null, lost: new Map() })
  })

  it('one payslip read is cached with its rubriques and notes, and its list row follows', async () => {
    db = freshDb()
    const api = fakeApi()
    const fake = servePayslips(api, [payslip(1)])
    await refreshBulletins(db, api, SIREN, '2026-11')
    const [b] = fake.store
    if (b === undefined) throw new Error('aucun bulletin')
    b.statut = 'controle'
    await refreshBulletin(db, api, b.id, SIREN)
    expect((await loadBulletin(db, b.id))?.bulletin.rubriques.lignes).toHaveLength(3)
    expect((await loadBulletins(db, SIREN, '2026-11')).rows[0]?.statut).toBe('controle')
  })
})

describe('storeOutcome', () => {
  it('moves the cached payslip; an unknown outcome is remembered until an answer settles it; not sent changes nothing', async () => {
    db = freshDb()
    const b = payslip(1)
    await db.bulletins.put(listedOf(b))
    await db.bulletinDetails.put({ id: b.id, siren: SIREN, fetchedAt: '2026-11-20T06:00:00.000Z', bulletin: b, notes: [] })
    const base = { id: b.id, action: 'controler' as const, error: null, settleUntil: null }
    const unknown: BulletinActOutcome = { ...base, result: 'unknown', bulletin: listedOf(b), settleUntil: '2026-11-20T09:01:00.000Z' }
    await storeOutcome(db, SIREN, unknown, '2026-11-20T09:00:00.000Z')
    expect((await loadBulletins(db, SIREN, '2026-11')).lost.get(b.id)).toMatchObject({
      action: 'controler',
      settleUntil: '2026-11-20T09:01:00.000Z',
    })

    await storeOutcome(db, SIREN, { ...base, result: 'not_sent', bulletin: null }, '2026-11-20T09:02:00.000Z')
    expect(await db.bulletinActions.count()).toBe(1)

    await storeOutcome(
      db,
      SIREN,
      { ...base, result: 'already_applied', bulletin: { ...listedOf(b), statut: 'controle' } },
      '2026-11-20T09:03:00.000Z',
    )
    expect(await db.bulletinActions.count()).toBe(0)
    expect((await db.bulletins.get(b.id))?.statut).toBe('controle')
    const detail = await db.bulletinDetails.get(b.id)
    expect(detail?.bulletin.statut).toBe('controle')
    expect(detail?.bulletin.rubriques.lignes).toHaveLength(3)
  })
})

describe('queueAction / queuedActions', () => {
  it('keeps one queued action per payslip, lists them oldest first across dossiers, and leaves lost answers out', async () => {
    db = freshDb()
    const [a, b, c] = [payslip(1), payslip(2), payslip(3)]
    await queueAction(db, { id: b.id, siren: '552100554', action: 'valider', motif: null, at: '2026-11-20T09:02:00.000Z' })
    await queueAction(db, { id: a.id, siren: SIREN, action: 'controler', motif: null, at: '2026-11-20T09:01:00.000Z' })
    await queueAction(db, { id: a.id, siren: SIREN, action: 'refus', motif: 'Prime oubliée', at: '2026-11-20T09:03:00.000Z' })
    await db.bulletinActions.put({
      id: c.id,
      siren: SIREN,
      action: 'calculer',
      motif: null,
      state: 'lost',
      at: '2026-11-20T08:00:00.000Z',
      settleUntil: '2026-11-20T08:01:00.000Z',
    })
    expect((await queuedActions(db)).map((q) => [q.id, q.action, q.motif, q.state])).toEqual([
      [b.id, 'valider', null, 'queued'],
      [a.id, 'refus', 'Prime oubliée', 'queued'],
    ])
  })
})

describe('schema v8', () => {
  it('the upgrade from v7 keeps the outbox, the reference cache and the service records; the payslip tables start empty', async () => {
    const name = `paie-upgrade-v8-${crypto.randomUUID()}`
    const v7 = new Dexie(name)
    v7.version(7).stores({ ...SCHEMA_V1, ...SCHEMA_V3, outbox: SCHEMA_V5.outbox, ...SCHEMA_V7 })
    await v7.open()
    await v7.table('dossiers').put(dossierMartin)
    await v7.table('outbox').put({ clientId: 'a', state: 'queued', siren: SIREN, kind: 'evp', matricule: 'M001', updatedAt: 'x' })
    await v7.table('serviceReads').put({ siren: SIREN, periode: '2026-11', fetchedAt: '2026-11-20T06:00:00.000Z', refused: [] })
    v7.close()

    db = new PaieDb(name)
    await db.open()
    expect(db.verno).toBe(21)
    expect(await db.dossiers.get(SIREN)).toEqual(dossierMartin)
    expect(await db.outbox.count()).toBe(1)
    expect(await db.serviceReads.count()).toBe(1)
    expect(await db.bulletins.count()).toBe(0)
    expect(await db.bulletinActions.count()).toBe(0)
  })
})
