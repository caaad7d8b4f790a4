/**
 * The cabinet's writes in the people-writes queue (db/cabinet-writes.ts, people-writes-order.ts; docs/api-assumptions.md
 * #80–#82) on fake-indexeddb with a fake main: a user's creation at the cabinet's scope (sent with `siren` null), an
 * assignment held back while its user's creation or an earlier write of the same user and dossier is pending, an end
 * after the assignment it ends, all in one drain; an assignment waiting while its user's creation has an unknown
 * fate; a crash mid-request never resent blindly; the screens' projection of pending writes over the cache.
 */
import '../support/db'

import { afterEach, describe, expect, it } from 'vitest'
import { ZodError } from 'zod'

import {
  applySynced,
  cabinetWrites,
  enqueueAssignment,
  enqueueAssignmentEnd,
  enqueueUserCreation,
  pendingUsers,
  projectAssignments,
} from '../../../src-renderer/db/cabinet-writes'
import { claimPeopleWrites, drainPeopleWrites, enqueuePeopleWrite, peopleWritesOf } from '../../../src-renderer/db/people-writes'
import { heldBack } from '../../../src-renderer/db/people-writes-order'
import type { PaieDb } from '../../../src-renderer/db/schema'
import type { OutboxEnv } from '../../../src-renderer/db/write'
import { freshDb } from '../support/db'
import { fakeApi } from '../support/fakes'
import { env as clock, outcomeOf } from './people-writes-support'

const SIREN_A = '732829320'
const SIREN_B = '552100554'

let db: PaieDb | null = null
afterEach(async () => {
  await db?.delete()
  db = null
})

/** One second per new write: each write is asked after the one before. */
function env(): ReturnType<typeof clock> {
  return clock(undefined, 1000)
}

const GP010 = {
  matricule: 'GP010',
  nom: 'Petit',
  prenom: 'Lucie',
  email: 'lucie.petit@cabinet.fr',
  profil: 'gestionnaire',
  droits: [],
} as const

/** The offline session of the e2e: a user created, assigned to two dossiers, one assignment ended. */
async function offlineSession(d: PaieDb, e: OutboxEnv) {
  const user = await enqueueUserCreation(d, e, { ...GP010, droits: [] })
  const a = await enqueueAssignment(d, e, { siren: SIREN_A, matricule_utilisateur: 'GP010', date_debut: '2026-01-01', date_fin: null })
  const b = await enqueueAssignment(d, e, { siren: SIREN_B, matricule_utilisateur: 'GP010', date_debut: '2026-07-01', date_fin: null })
  const end = await enqueueAssignmentEnd(d, e, {
    siren: SIREN_A,
    matricule_utilisateur: 'GP010',
    date_debut: '2026-01-01',
    date_fin: '2026-06-30',
  })
  return { user, a, b, end }
}

describe('queuing the cabinet’s writes', () => {
  it('stores a user at the cabinet’s scope and refuses an end before its start, storing nothing', async () => {
    db = freshDb()
    const e = env()
    const user = await enqueueUserCreation(db, e, { ...GP010, droits: ['dossiers'] })
    expect(user).toMatchObject({ kind: 'utilisateur', siren: '', matricule: 'GP010', state: 'queued' })
    await expect(
      enqueueAssignmentEnd(db, e, { siren: SIREN_A, matricule_utilisateur: 'GP010', date_debut: '2026-07-01', date_fin: '2026-06-30' }),
    ).rejects.toBeInstanceOf(ZodError)
    expect(await db.peopleWrites.count()).toBe(1)
  })

  it('keeps a user’s writes off the sheet of an employee of the same matricule', async () => {
    db = freshDb()
    const e = env()
    await enqueueAssignment(db, e, { siren: SIREN_A, matricule_utilisateur: 'GP010', date_debut: '2026-01-01', date_fin: null })
    await enqueuePeopleWrite(db, e, 'note', { siren: SIREN_A, matricule: 'GP010' }, { texte: 'Note du salarié' })
    expect((await peopleWritesOf(db, SIREN_A, 'GP010')).map((r) => r.kind)).toEqual(['note'])
    expect((await cabinetWrites(db)).map((r) => r.kind)).toEqual(['affectation'])
  })
})

describe('the order of the cabinet’s writes (#82)', () => {
  it('claims the user’s creation alone first; its assignments and the end wait for it', async () => {
    db = freshDb()
    const e = env()
    const { user } = await offlineSession(db, e)
    const first = await claimPeopleWrites(db, e)
    expect(first.map((r) => r.clientId)).toEqual([user.clientId])
    // Claimed (sending) it still holds the others back.
    expect(await claimPeopleWrites(db, e, new Set(['']))).toEqual([])
  })

  it('sends everything in one drain, in order: the user (siren null), the assignments, then the end', async () => {
    db = freshDb()
    const e = env()
    const { user, a, b, end } = await offlineSession(db, e)
    const api = fakeApi()
    const drained = await drainPeopleWrites(db, e, api)
    expect(drained.counts.synced).toBe(4)
    expect(drained.syncedRows.map((r) => r.kind)).toEqual(['utilisateur', 'affectation', 'affectation', 'fin_affectation'])
    // What the service accepted goes to the cache: the user, both assignments, the end on the first.
    await applySynced(db, drained.syncedRows)
    expect((await db.cabinetUsers.get('GP010'))?.actif).toBe(true)
    expect(await db.affectations.where('matricule_utilisateur').equals('GP010').sortBy('siren')).toEqual([
      { siren: SIREN_B, matricule_utilisateur: 'GP010', date_debut: '2026-07-01', date_fin: null },
      { siren: SIREN_A, matricule_utilisateur: 'GP010', date_debut: '2026-01-01', date_fin: '2026-06-30' },
    ])
    expect(api.peoplePushes.map((p) => [p.siren, p.writes.map((w) => w.clientId)])).toEqual([
      [null, [user.clientId]],
      [SIREN_A, [a.clientId]],
      [SIREN_B, [b.clientId]],
      [SIREN_A, [end.clientId]],
    ])
    expect(await cabinetWrites(db)).toEqual([])
  })

  it('holds the assignments while the creation’s fate is unknown, then sends them once it is read applied', async () => {
    db = freshDb()
    const e = env()
    const { user } = await offlineSession(db, e)
    const api = fakeApi()
    const settleUntil = new Date(e.at + 45_000).toISOString()
    api.people = (input) => ({
      ok: true,
      value: { outcomes: input.writes.map((w) => outcomeOf(w.clientId, w.kind === 'utilisateur' ? 'unknown' : 'synced', { settleUntil })) },
    })
    await drainPeopleWrites(db, e, api)
    expect(api.peoplePushes.map((p) => p.writes.map((w) => w.kind))).toEqual([['utilisateur']])
    expect((await db.peopleWrites.get(user.clientId))?.state).toBe('unknown')

    // Before its settle time nothing leaves; after it, the creation goes first, read by main (`afterLostAnswer`).
    await drainPeopleWrites(db, e, api)
    expect(api.peoplePushes).toHaveLength(1)
    e.at += 46_000
    api.people = (input) => ({ ok: true, value: { outcomes: input.writes.map((w) => outcomeOf(w.clientId, 'synced')) } })
    await drainPeopleWrites(db, e, api)
    expect(api.peoplePushes[1]?.writes).toMatchObject([{ kind: 'utilisateur', afterLostAnswer: true }])
    expect(api.peoplePushes.slice(2).map((p) => p.writes.map((w) => w.kind))).toEqual([
      ['affectation'],
      ['affectation'],
      ['fin_affectation'],
    ])
  })

  it('the rule alone: the creation or an earlier write of the same user and dossier holds back; a settled one no longer', () => {
    const rows = [
      { clientId: '1', kind: 'utilisateur', siren: '', matricule: 'GP010', createdAt: '2026-11-20T09:00:00.000Z' },
      { clientId: '2', kind: 'affectation', siren: SIREN_A, matricule: 'GP010', createdAt: '2026-11-20T09:00:01.000Z' },
      { clientId: '3', kind: 'fin_affectation', siren: SIREN_A, matricule: 'GP010', createdAt: '2026-11-20T09:00:02.000Z' },
      { clientId: '4', kind: 'affectation', siren: SIREN_B, matricule: 'GP011', createdAt: '2026-11-20T09:00:00.000Z' },
    ] as const
    const [creation, assignment, end, other] = rows
    expect(heldBack(assignment, rows)).toBe(true)
    expect(heldBack(assignment, [assignment, end, other])).toBe(false)
    expect(heldBack(end, [assignment, end])).toBe(true)
    expect(heldBack(end, [end, other])).toBe(false)
    expect(heldBack(creation, rows)).toBe(false)
    expect(heldBack(other, rows)).toBe(false)
  })

  it('a write left sending by a crash becomes unknown and holds its successors until it is settled', async () => {
    db = freshDb()
    const e = env()
    const { user } = await offlineSession(db, e)
    await claimPeopleWrites(db, e) // the window dies with the creation in flight
    const api = fakeApi()
    await drainPeopleWrites(db, e, api)
    expect(api.peoplePushes).toEqual([])
    expect(await db.peopleWrites.get(user.clientId)).toMatchObject({ state: 'unknown', lost: true })
  })
})

describe('what the screens show before the service holds it', () => {
  it('adds the pending assignments to the cache and applies the pending ends; refused writes change nothing', async () => {
    db = freshDb()
    const e = env()
    const { a } = await offlineSession(db, e)
    await db.peopleWrites.update(a.clientId, { state: 'rejected', error: { code: 'REGLE_METIER', message: 'Chevauchement.' } })
    const cache = [{ siren: SIREN_A, matricule_utilisateur: 'GP010', date_debut: '2026-01-01', date_fin: null }]
    const writes = await cabinetWrites(db)
    expect(writes.map((w) => w.state)).toEqual(['queued', 'rejected', 'queued', 'queued'])
    expect(projectAssignments(cache, writes)).toEqual([
      { siren: SIREN_A, matricule_utilisateur: 'GP010', date_debut: '2026-01-01', date_fin: '2026-06-30', pending: 'queued' },
      { siren: SIREN_B, matricule_utilisateur: 'GP010', date_debut: '2026-07-01', date_fin: null, pending: 'queued' },
    ])
    expect(pendingUsers([], writes).map((u) => [u.matricule, u.actif])).toEqual([['GP010', true]])
    expect(pendingUsers([{ ...GP010, droits: [], actif: true }], writes)).toEqual([])
  })
})
