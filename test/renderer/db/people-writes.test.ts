/**
 * The queue of people writes (db/people-writes.ts, Dexie v13 `peopleWrites`) on fake-indexeddb with a fake main:
 * payloads checked by their kind's schema, one `people:push` per dossier, outcomes stored per write (a refusal with
 * the service's message, a synced IBAN kept masked), a lost answer read before its resend and not before its settle
 * time, a write left `sending` by a crash never resent blindly, a broken road leaving the rest queued.
 */
import '../support/db'

import { afterEach, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'

import {
  cancelPeopleWrite,
  claimPeopleWrites,
  CRASH_SETTLE_MS,
  drainPeopleWrites,
  enqueuePeopleWrite,
  peopleWritesOf,
  pendingPeopleWrites,
} from '../../../src-renderer/db/people-writes'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { freshDb } from '../support/db'
import { fakeApi } from '../support/fakes'
import { env, outcomeOf } from './people-writes-support'

const SIREN_A = '732829320'
const SIREN_B = '552100554'
const IBAN = 'FR7630006000011234567890189'
const BIC = 'BNPAFRPPXXX'

let db: PaieDb | null = null
afterEach(async () => {
  await db?.delete()
  db = null
})

describe('enqueuePeopleWrite', () => {
  it('checks the payload with its kind’s schema: a wrong IBAN stores nothing, a right one is queued', async () => {
    db = freshDb()
    const e = env()
    await expect(
      enqueuePeopleWrite(
        db,
        e,
        'coordonnees',
        { siren: SIREN_A, matricule: 'M001' },
        { iban: 'FR7630006000011234567890188', bic: BIC, titulaire: 'A' },
      ),
    ).rejects.toBeInstanceOf(ZodError)
    const row = await enqueuePeopleWrite(
      db,
      e,
      'coordonnees',
      { siren: SIREN_A, matricule: 'M001' },
      { iban: IBAN, bic: BIC, titulaire: 'A' },
    )
    expect(row).toMatchObject({ state: 'queued', kind: 'coordonnees', attempts: 0, lost: false })
    expect(await peopleWritesOf(db, SIREN_A, 'M001')).toHaveLength(1)
    expect(await pendingPeopleWrites(db)).toBe(1)
  })
})

describe('drainPeopleWrites', () => {
  it('sends one call per dossier; stores each outcome: refusal message, synced IBAN masked, note id', async () => {
    db = freshDb()
    const e = env()
    const api = fakeApi()
    const bankA = await enqueuePeopleWrite(
      db,
      e,
      'coordonnees',
      { siren: SIREN_A, matricule: 'M001' },
      { iban: IBAN, bic: BIC, titulaire: 'A' },
    )
    const bankB = await enqueuePeopleWrite(
      db,
      e,
      'coordonnees',
      { siren: SIREN_A, matricule: 'M002' },
      { iban: IBAN, bic: BIC, titulaire: 'B' },
    )
    const note = await enqueuePeopleWrite(db, e, 'note', { siren: SIREN_B, matricule: 'M009' }, { texte: 'Bonjour' })
    const noteId = '11111111-1111-4111-8111-111111111111'
    api.people = (input) => ({
      ok: true,
      value: {
        outcomes: input.writes.map((w) =>
          w.clientId === bankB.clientId
            ? outcomeOf(w.clientId, 'rejected', { error: { code: 'REGLE_METIER', message: 'IBAN déjà enregistré', champ: 'iban' } })
            : outcomeOf(w.clientId, 'synced', { serverId: w.kind === 'note' ? noteId : null }),
        ),
      },
    })
    const report = await drainPeopleWrites(db, e, api)
    expect(api.peoplePushes.map((p) => [p.siren, p.writes.length])).toEqual([
      [SIREN_A, 2],
      [SIREN_B, 1],
    ])
    expect(report.counts).toMatchObject({ synced: 2, rejected: 1 })
    expect([...report.synced].sort()).toEqual([`${SIREN_B}|M009`, `${SIREN_A}|M001`])
    const a = await db.peopleWrites.get(bankA.clientId)
    expect(a?.state).toBe('synced')
    expect(a?.kind === 'coordonnees' ? a.payload.iban : '').toBe('•••• •••• •••• •••• •••• ••• 0189')
    expect(await db.peopleWrites.get(bankB.clientId)).toMatchObject({
      state: 'rejected',
      error: { message: 'IBAN déjà enregistré', champ: 'iban' },
      attempts: 1,
    })
    expect(await db.peopleWrites.get(note.clientId)).toMatchObject({ state: 'synced', serverId: noteId })
    expect(await drainPeopleWrites(db, e, api)).toMatchObject({ counts: { synced: 0 } })
    expect(api.peoplePushes).toHaveLength(2)
  })

  it('an unknown write waits for its settle time, then goes with afterLostAnswer and its window start', async () => {
    db = freshDb()
    const e = env()
    const api = fakeApi()
    const w = await enqueuePeopleWrite(db, e, 'coffre', { siren: SIREN_A, matricule: 'M001' }, { coffre_active: true })
    const settleUntil = new Date(e.at + 45_000).toISOString()
    api.people = (input) => ({ ok: true, value: { outcomes: input.writes.map((x) => outcomeOf(x.clientId, 'unknown', { settleUntil })) } })
    await drainPeopleWrites(db, e, api)
    expect(await db.peopleWrites.get(w.clientId)).toMatchObject({ state: 'unknown', lost: true, windowStart: '2026-11-20T09:00:01.000Z' })
    api.people = (input) => ({ ok: true, value: { outcomes: input.writes.map((x) => outcomeOf(x.clientId, 'synced', { sentAt: null })) } })
    e.at += 44_000
    await drainPeopleWrites(db, e, api)
    expect(api.peoplePushes).toHaveLength(1)
    e.at += 2_000
    await drainPeopleWrites(db, e, api)
    expect(api.peoplePushes[1]?.writes[0]).toMatchObject({ afterLostAnswer: true, windowStart: '2026-11-20T09:00:01.000Z' })
    expect(await db.peopleWrites.get(w.clientId)).toMatchObject({ state: 'synced', attempts: 1 })
  })

  it('a write left sending by a crash becomes unknown and lost: read before its resend, after the crash settle time', async () => {
    db = freshDb()
    const e = env()
    const w = await enqueuePeopleWrite(db, e, 'note', { siren: SIREN_A, matricule: 'M001' }, { texte: 'Texte' })
    expect(await claimPeopleWrites(db, e)).toHaveLength(1)
    expect(await claimPeopleWrites(db, e)).toHaveLength(0)
    expect(await db.peopleWrites.get(w.clientId)).toMatchObject({ state: 'unknown', lost: true })
    e.at += CRASH_SETTLE_MS
    const again = await claimPeopleWrites(db, e)
    expect(again.map((r) => r.clientId)).toEqual([w.clientId])
  })

  it('a broken road (main unreachable or not_sent) leaves the writes as they were and stops the drain', async () => {
    db = freshDb()
    const e = env()
    const api = fakeApi()
    const a = await enqueuePeopleWrite(db, e, 'note', { siren: SIREN_A, matricule: 'M001' }, { texte: 'Un' })
    await enqueuePeopleWrite(db, e, 'note', { siren: SIREN_B, matricule: 'M002' }, { texte: 'Deux' })
    api.people = () => ({ ok: false, error: { code: 'CONNEXION_ABSENTE', message: 'no connection' } })
    expect((await drainPeopleWrites(db, e, api)).stopped?.code).toBe('CONNEXION_ABSENTE')
    expect(api.peoplePushes).toHaveLength(1)
    expect(await db.peopleWrites.get(a.clientId)).toMatchObject({ state: 'queued', attempts: 0 })
    api.people = (input) => ({
      ok: true,
      value: {
        outcomes: input.writes.map((x) =>
          outcomeOf(x.clientId, 'not_sent', { sentAt: null, error: { code: 'HORS_LIGNE', message: 'offline' } }),
        ),
      },
    })
    expect((await drainPeopleWrites(db, e, api)).stopped?.code).toBe('HORS_LIGNE')
    expect(api.peoplePushes).toHaveLength(2)
    expect(await db.peopleWrites.where('state').equals('queued').count()).toBe(2)
  })

  it('cancels a queued or rejected write, never one that is sending or synced', async () => {
    db = freshDb()
    const e = env()
    const w = await enqueuePeopleWrite(db, e, 'note', { siren: SIREN_A, matricule: 'M001' }, { texte: 'Un' })
    await claimPeopleWrites(db, e)
    expect(await cancelPeopleWrite(db, e, w.clientId)).toBe(false)
    const x = await enqueuePeopleWrite(db, e, 'note', { siren: SIREN_A, matricule: 'M001' }, { texte: 'Deux' })
    expect(await cancelPeopleWrite(db, e, x.clientId)).toBe(true)
    expect((await db.peopleWrites.get(x.clientId))?.state).toBe('cancelled')
  })
})
