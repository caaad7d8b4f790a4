import '../support/db'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { heldEntries } from '../../../src-renderer/db/claims'
import { countsBySiren, countsByState, countsExact, countsShown } from '../../../src-renderer/db/counts'
import { cancelEntry, enqueue, reviseEntry } from '../../../src-renderer/db/outbox'
import type { NewEntryInput } from '../../../src-renderer/db/outbox'
import { applyOutcomes, claimBatch, recoverInterrupted, settleClaimed } from '../../../src-renderer/db/outbox-sync'
import { PaieDb } from '../../../src-renderer/db/schema'
import type { StoredEntry } from '../../../src-renderer/db/schema'
import type { AuditRecord } from '../../../src-shared/domain/outbox'
import type { SyncItem, SyncOutcome } from '../../../src-shared/domain/sync-protocol'
import { writeEntries } from '../../../src-renderer/db/write'
import { dbWithReference, testEnv } from '../support/db'
import { SIREN, SIREN_2, valid } from '../support/fixtures'
import { syncedOutcome } from '../support/fakes'
import { allAuditRecords, auditOfEntries, batchRowsOf } from '../../../src-renderer/db/audit'

let db: PaieDb
const env = testEnv()

beforeEach(async () => {
  db = await dbWithReference()
})
afterEach(async () => {
  await db.delete()
})

async function mustEnqueue(input: NewEntryInput): Promise<StoredEntry> {
  const result = await enqueue(db, input, env)
  if (!result.ok) throw new Error(JSON.stringify(result.issues))
  return result.entry
}

function outcome(item: SyncItem, result: SyncOutcome['result']): SyncOutcome {
  if (result === 'synced') return syncedOutcome(item)
  return {
    clientId: item.clientId,
    revision: item.revision,
    result,
    serverId: null,
    error: result === 'rejected' ? { code: 'VALIDATION', message: 'Refusé', status: 422, champs: [] } : null,
    attempts: [
      {
        at: '2026-11-20T09:00:00.000Z',
        operation: 'creerEvp',
        method: 'POST',
        status: result === 'rejected' ? 422 : null,
        serverId: null,
        errorCode: null,
        errorBody: null,
        payloadHash: null,
        durationMs: 3,
      },
    ],
  }
}

async function expectExactCounts(): Promise<void> {
  expect(await countsBySiren(db)).toEqual(await countsExact(db))
}

describe('claimBatch', () => {
  it('prend les plus anciennes d’abord, les tient « en cours d’envoi » de façon durable par un seul enregistrement', async () => {
    const entries = [] as StoredEntry[]
    for (let i = 0; i < 5; i++) entries.push(await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: `${i + 1}` }) }))
    const items = await claimBatch(db, 3, [], env)
    expect(items.map((i) => i.clientId)).toEqual(entries.slice(0, 3).map((e) => e.clientId))
    expect(items[0]).toMatchObject({
      revision: 1,
      kind: 'evp',
      operation: 'create',
      reconcile: false,
      claimedServerIds: [],
      targetServerId: null,
    })
    // Durable: another connection to the same database sees ONE claim record holding them; their rows are not written.
    const other = new PaieDb(db.name)
    const claims = await other.claims.toArray()
    expect(claims).toHaveLength(1)
    expect(claims[0]?.entries).toEqual(
      entries.slice(0, 3).map((e) => ({ clientId: e.clientId, siren: SIREN, revision: 1, state: 'queued' })),
    )
    expect(await other.outbox.bulkGet(items.map((i) => i.clientId))).toEqual(entries.slice(0, 3))
    other.close()
    // Shown `sending` (the stored counts do not move).
    expect(await countsByState(db)).toMatchObject({ queued: 5, sending: 0 })
    const held = await heldEntries(db)
    expect(countsShown(await countsByState(db), await countsBySiren(db), held.values()).byState).toMatchObject({ queued: 2, sending: 3 })
    await expectExactCounts()
  })

  it('laisse de côté les catégories en pause', async () => {
    const evp = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    const prime = await mustEnqueue({ kind: 'prime', payload: valid.prime() })
    const absence = await mustEnqueue({ kind: 'absence', payload: valid.absence() })
    const items = await claimBatch(db, 10, ['elements_variables'], env)
    expect(items.map((i) => i.clientId)).toEqual([absence.clientId])
    expect((await db.outbox.bulkGet([evp.clientId, prime.clientId])).map((e) => e?.state)).toEqual(['queued', 'queued'])
  })

  it('renvoie les saisies « à vérifier » avec reconcile et les identifiants serveur déjà pris dans la portée', async () => {
    const first = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    const [firstItem] = await claimBatch(db, 10, [], env)
    const synced = syncedOutcome(firstItem!)
    await applyOutcomes(db, [firstItem!], [synced], env)
    const second = await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: '2' }) })
    const [secondItem] = await claimBatch(db, 10, [], env)
    await applyOutcomes(db, [secondItem!], [outcome(secondItem!, 'unknown')], env)
    expect((await db.outbox.get(second.clientId))?.state).toBe('unknown')

    const [again] = await claimBatch(db, 10, [], env)
    expect(again).toMatchObject({ clientId: second.clientId, reconcile: true, claimedServerIds: [synced.serverId] })
    expect(first.scopeKey).toBe(second.scopeKey)
  })

  it('prend les saisies « à vérifier » par portée entière, avant les saisies en attente, pour une seule liste par portée', async () => {
    // Interleaved creation: M001, M002, M001, M002, M001, M002 — then every one becomes `unknown`.
    const unknown = [] as StoredEntry[]
    for (let i = 0; i < 6; i++)
      unknown.push(
        await mustEnqueue({ kind: 'evp', payload: valid.evp({ matricule: i % 2 === 0 ? 'M001' : 'M002', quantite: `${i + 1}` }) }),
      )
    const sent = await claimBatch(db, 10, [], env)
    await applyOutcomes(db, sent, [], env)
    const queued = await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: '9' }) })

    // Room for 4: the oldest scope (M001, 3 entries) whole; M002 (3 more) does not fit; then the oldest queued entry.
    const items = await claimBatch(db, 4, [], env)
    expect(items.map((i) => i.clientId)).toEqual([unknown[0]!.clientId, unknown[2]!.clientId, unknown[4]!.clientId, queued.clientId])
    expect(items.map((i) => i.reconcile)).toEqual([true, true, true, false])
    const next = await claimBatch(db, 4, [], env)
    expect(next.map((i) => i.clientId)).toEqual([unknown[1]!.clientId, unknown[3]!.clientId, unknown[5]!.clientId])
    await expectExactCounts()
  })

  it('lit les plus anciennes par pages : 120 portées d’une saisie chacune, prises dans l’ordre, avec les identifiants déjà pris', async () => {
    // Rows written directly (same write path as the app: rows and counts), one scope each, one minute apart: more
    // scopes than one page of oldest rows (50), so the claim has to read on.
    const template = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    await cancelEntry(db, template.clientId, env)
    const origin = Date.parse('2026-11-20T08:00:00.000Z')
    const rows: StoredEntry[] = Array.from({ length: 121 }, (_, i) => {
      const at = new Date(origin + i * 60_000).toISOString()
      return {
        ...template,
        clientId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        scopeKey: `${template.scopeKey}#${i % 120}`,
        state: i === 120 ? 'synced' : 'queued',
        serverId: i === 120 ? 'EVP-DEJA-LA' : null,
        createdAt: at,
        updatedAt: at,
      }
    })
    await db.transaction('rw', db.outbox, db.counts, () =>
      writeEntries(
        db,
        rows.map((after) => ({ before: undefined, after })),
      ),
    )

    const first = await claimBatch(db, 70, [], env)
    expect(first.map((i) => i.clientId)).toEqual(rows.slice(0, 70).map((r) => r.clientId))
    const rest = await claimBatch(db, 200, [], env)
    expect(rest.map((i) => i.clientId)).toEqual(rows.slice(70, 120).map((r) => r.clientId))
    // Scope #0 holds the synced row: its queued create must not take that record.
    expect(first[0]?.claimedServerIds).toEqual(['EVP-DEJA-LA'])
    expect(first.slice(1).every((i) => i.claimedServerIds.length === 0)).toBe(true)
    expect(await claimBatch(db, 200, [], env)).toEqual([])
    await expectExactCounts()
  })

  it('ne prend ni brouillon, ni refusée, ni annulée, ni synchronisée', async () => {
    await mustEnqueue({ kind: 'evp', payload: valid.evp(), asDraft: true })
    const c = await mustEnqueue({ kind: 'prime', payload: valid.prime() })
    await cancelEntry(db, c.clientId, env)
    expect(await claimBatch(db, 10, [], env)).toEqual([])
  })
})

describe('applyOutcomes', () => {
  it('écrit chaque état, le nombre d’essais et le journal d’audit dans une seule transaction', async () => {
    const entries = [] as StoredEntry[]
    for (const q of ['1', '2', '3', '4']) entries.push(await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: q }) }))
    const items = await claimBatch(db, 10, [], env)
    const results: SyncOutcome['result'][] = ['synced', 'rejected', 'unknown', 'requeue']
    const summary = await applyOutcomes(
      db,
      items,
      items.map((i, n) => outcome(i, results[n]!)),
      env,
    )
    expect(summary).toEqual({ synced: 1, rejected: 1, unknown: 1, requeue: 1, to_check: 0 })
    const rows = await db.outbox.bulkGet(entries.map((e) => e.clientId))
    expect(rows.map((r) => r?.state)).toEqual(['synced', 'rejected', 'unknown', 'queued'])
    expect(rows.map((r) => r?.attempts)).toEqual([1, 1, 1, 1])
    expect(rows[0]?.serverId).toEqual(expect.any(String))
    expect(rows[1]?.error).toMatchObject({ code: 'VALIDATION', status: 422 })
    const audit = await allAuditRecords(db)
    expect(audit.map((a) => a.result)).toEqual(['synced', 'rejected', 'unknown', 'requeue'])
    expect(audit[0]).toMatchObject({ clientId: entries[0]!.clientId, revision: 1, siren: SIREN, kind: 'evp', method: 'POST', status: 201 })
    await expectExactCounts()
  })

  it('une saisie sans réponse devient « à vérifier »', async () => {
    await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    const items = await claimBatch(db, 10, [], env)
    await applyOutcomes(db, items, [], env)
    expect((await db.outbox.get(items[0]!.clientId))?.state).toBe('unknown')
  })

  it('un échec au milieu n’applique rien : états, audit et compteurs restent ceux d’avant', async () => {
    for (const q of ['1', '2', '3']) await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: q }) })
    const items = await claimBatch(db, 10, [], env)
    const outcomes = items.map((i) => outcome(i, 'synced'))
    // The third audit record cannot be stored (a function is not structured-cloneable): IndexedDB fails mid-way.
    const broken = outcomes[2]!
    outcomes[2] = { ...broken, attempts: [{ ...broken.attempts[0]!, errorBody: () => 'pas clonable' }] }
    const before = await countsBySiren(db)
    await expect(applyOutcomes(db, items, outcomes, env)).rejects.toThrow()
    // Still held by the claim, rows as claimed: the next start-up makes them `unknown` (the safe side).
    expect((await db.outbox.bulkGet(items.map((i) => i.clientId))).map((e) => e?.state)).toEqual(['queued', 'queued', 'queued'])
    expect([...(await heldEntries(db)).keys()]).toEqual(items.map((i) => i.clientId))
    expect(await db.audit.count()).toBe(0)
    expect(await countsBySiren(db)).toEqual(before)
    await expectExactCounts()
  })

  it('refuse tout le lot si une saisie n’est plus en cours d’envoi', async () => {
    await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    const items = await claimBatch(db, 10, [], env)
    await expect(
      applyOutcomes(
        db,
        [...items, { clientId: crypto.randomUUID(), revision: 1 }],
        items.map((i) => outcome(i, 'synced')),
        env,
      ),
    ).rejects.toThrow(/plus en cours d’envoi/)
    expect((await db.outbox.get(items[0]!.clientId))?.state).toBe('queued')
    expect((await heldEntries(db)).has(items[0]!.clientId)).toBe(true)
  })
})

describe('recoverInterrupted et settleClaimed', () => {
  it('au démarrage, ce qui était « en cours d’envoi » devient « à vérifier »', async () => {
    await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    await mustEnqueue({ kind: 'prime', payload: valid.prime() })
    await claimBatch(db, 1, [], env)
    expect(await recoverInterrupted(db, env)).toBe(1)
    expect(await countsByState(db)).toMatchObject({ queued: 1, unknown: 1, sending: 0 })
    expect(await recoverInterrupted(db, env)).toBe(0)
    await expectExactCounts()
  })

  it.each(['une ligne d’un enregistrement (v20)', 'une ligne de lot (v21)'])(
    'une saisie interrompue est envoyée marquée « interrupted » ; les tentatives que main renvoie ne sont pas doublées (%s)',
    async (shape) => {
      await mustEnqueue({ kind: 'evp', payload: valid.evp() })
      const [first] = await claimBatch(db, 1, [], env)
      expect(first?.interrupted).toBeUndefined()
      // Main's answer to that push is stored only in part: say an earlier run already wrote its first attempt.
      const lost = outcome(first!, 'unknown').attempts[0]!
      const held: AuditRecord = {
        clientId: first!.clientId,
        revision: 1,
        siren: first!.scope.siren,
        kind: 'evp',
        ...lost,
        result: 'unknown',
      }
      await db.audit.bulkAdd(shape.endsWith('(v20)') ? [held] : batchRowsOf([held]))
      expect(await recoverInterrupted(db, env)).toBe(1)
      const [again] = await claimBatch(db, 1, [], env)
      expect(again).toMatchObject({ clientId: first!.clientId, reconcile: true, interrupted: true })

      const list = {
        ...lost,
        operation: 'listerEvp',
        method: 'GET' as const,
        status: 200,
        at: '2026-11-20T09:00:05.000Z',
        serverId: '9b2f7a3e-1c4d-4e5f-8a6b-7c8d9e0f1a2b',
      }
      await applyOutcomes(db, [again!], [{ ...syncedOutcome(again!), serverId: list.serverId, attempts: [lost, list] }], env)
      const audit = await auditOfEntries(db, [first!.clientId])
      expect(audit.map((a) => `${a.method} ${a.status ?? '—'}`)).toEqual(['POST —', 'GET 200'])
      const stored = await db.outbox.get(first!.clientId)
      expect(stored).toMatchObject({ state: 'synced', interrupted: false })
      await expectExactCounts()
    },
  )

  it('remet en attente, met « à vérifier » ou refuse les saisies sans réponse de main', async () => {
    for (const q of ['1', '2', '3']) await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: q }) })
    const items = await claimBatch(db, 10, [], env)
    await settleClaimed(
      db,
      [
        { clientId: items[0]!.clientId, state: 'queued' },
        { clientId: items[1]!.clientId, state: 'unknown' },
        {
          clientId: items[2]!.clientId,
          state: 'rejected',
          error: { code: 'ENVOI_INVALIDE', message: 'Illisible', status: null, champs: [] },
        },
      ],
      env,
    )
    expect((await db.outbox.bulkGet(items.map((i) => i.clientId))).map((e) => [e?.state, e?.attempts])).toEqual([
      ['queued', 0],
      ['unknown', 0],
      ['rejected', 0],
    ])
    await expectExactCounts()
  })
})

describe('compteurs', () => {
  it('restent exacts à chaque transition, pour chaque dossier', async () => {
    const a = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    await expectExactCounts()
    await mustEnqueue({ kind: 'evp', payload: valid.evp({ siren: SIREN_2, matricule: 'D001' }) })
    const draft = await mustEnqueue({ kind: 'prime', payload: valid.prime(), asDraft: true })
    await expectExactCounts()
    let items = await claimBatch(db, 10, [], env)
    await expectExactCounts()
    await applyOutcomes(
      db,
      items,
      items.map((i) => outcome(i, i.clientId === a.clientId ? 'rejected' : 'unknown')),
      env,
    )
    await expectExactCounts()
    await reviseEntry(db, a.clientId, valid.evp({ quantite: '1' }), env)
    await expectExactCounts()
    await cancelEntry(db, draft.clientId, env)
    await expectExactCounts()
    expect(await claimBatch(db, 10, [], env)).toHaveLength(2)
    await expectExactCounts()
    await recoverInterrupted(db, env)
    await expectExactCounts()
    items = await claimBatch(db, 10, [], env)
    await applyOutcomes(
      db,
      items,
      items.map((i) => outcome(i, 'synced')),
      env,
    )
    await expectExactCounts()
    expect(await countsBySiren(db)).toEqual({ [SIREN]: { synced: 1, cancelled: 1 }, [SIREN_2]: { synced: 1 } })
    expect(await countsByState(db)).toEqual({
      draft: 0,
      queued: 0,
      sending: 0,
      synced: 2,
      rejected: 0,
      unknown: 0,
      to_check: 0,
      cancelled: 1,
    })
  })
})
