/**
 * The renderer's side of exactly-once against other writers (src-renderer/db/to-check.ts and outbox-sync.ts):
 * outcomes `to_check` stored with their candidates, the clerk's three decisions (each audited with who and when),
 * settle times honoured by the claim, windows kept for reconciliation, "doublon probable" checks and their delete.
 */
import '../support/db'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { countsByState } from '../../../src-renderer/db/counts'
import { enqueue } from '../../../src-renderer/db/outbox'
import type { NewEntryInput } from '../../../src-renderer/db/outbox'
import { applyOutcomes, claimBatch, recoverInterrupted } from '../../../src-renderer/db/outbox-sync'
import type { PaieDb, StoredEntry } from '../../../src-renderer/db/schema'
import { applyVerifications, claimVerifications, decideToCheck, deleteDuplicate, nextSyncWakeAt } from '../../../src-renderer/db/to-check'
import type { CandidateRecord, SyncItem, SyncOutcome } from '../../../src-shared/domain/sync-protocol'
import { dbWithReference, testEnv } from '../support/db'
import { SIREN, valid } from '../support/fixtures'
import { auditOfEntries } from '../../../src-renderer/db/audit'

let db: PaieDb
let env: ReturnType<typeof testEnv>

beforeEach(async () => {
  db = await dbWithReference()
  env = testEnv()
})
afterEach(async () => {
  await db.delete()
})

async function mustEnqueue(input: NewEntryInput): Promise<StoredEntry> {
  const result = await enqueue(db, input, env)
  if (!result.ok) throw new Error(JSON.stringify(result.issues))
  return result.entry
}

function candidate(id: string, quantite = '3.5'): CandidateRecord {
  return {
    id,
    relation: 'identique',
    fields: {
      ...valid.evp({ quantite }),
      id,
      numero_contrat: 'C1',
      date_creation: '2026-11-20T08:00:00.000Z',
      date_modification: '2026-11-20T08:00:00.000Z',
      cree_par: 'portail',
    },
    date_creation: '2026-11-20T08:00:00.000Z',
    date_modification: '2026-11-20T08:00:00.000Z',
    cree_par: 'portail',
  }
}

const R1 = '11111111-1111-4111-8111-111111111111'
const R2 = '22222222-2222-4222-8222-222222222222'

function toCheck(item: SyncItem, candidates: CandidateRecord[]): SyncOutcome {
  return {
    clientId: item.clientId,
    revision: item.revision,
    result: 'to_check',
    serverId: null,
    error: { code: 'IDENTIQUE_EXISTANT', message: 'Le service de paie contient déjà un élément identique.', status: null, champs: [] },
    attempts: [
      {
        at: env.now(),
        operation: 'listerEvp',
        method: 'GET',
        status: 200,
        serverId: null,
        errorCode: null,
        errorBody: null,
        payloadHash: null,
        durationMs: 4,
      },
    ],
    candidates,
  }
}

async function entryToCheck(candidates: CandidateRecord[] = [candidate(R1)]): Promise<StoredEntry> {
  const entry = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
  const [item] = await claimBatch(db, 10, [], env)
  if (item === undefined) throw new Error('rien à envoyer')
  const summary = await applyOutcomes(db, [item], [toCheck(item, candidates)], env)
  expect(summary.to_check).toBe(1)
  return entry
}

describe('to_check outcomes and decisions', () => {
  it('stores a to_check outcome with its reason and candidates, counted, and never claims it again', async () => {
    const entry = await entryToCheck([candidate(R1), candidate(R2, '4')])
    const row = await db.outbox.get(entry.clientId)
    expect(row).toMatchObject({ state: 'to_check', error: { code: 'IDENTIQUE_EXISTANT' }, candidates: [{ id: R1 }, { id: R2 }] })
    expect(await countsByState(db)).toMatchObject({ to_check: 1, queued: 0 })
    expect(await claimBatch(db, 10, [], env)).toEqual([])
  })

  it('"c’est le même": synced to the chosen candidate, audited with who and which ids', async () => {
    const entry = await entryToCheck([candidate(R1), candidate(R2)])
    await expect(
      decideToCheck(db, entry.clientId, { type: 'link', serverId: '33333333-3333-4333-8333-333333333333' }, 'Profil Démo', env),
    ).rejects.toMatchObject({ code: 'ETAT_INCOMPATIBLE', reason: 'PAS_UN_CANDIDAT' })
    const linked = await decideToCheck(db, entry.clientId, { type: 'link', serverId: R2 }, 'Profil Démo', env)
    expect(linked).toMatchObject({ state: 'synced', serverId: R2, candidates: null, error: null })
    const audit = await auditOfEntries(db, [entry.clientId])
    expect(audit.at(-1)).toMatchObject({
      method: 'DECISION',
      operation: 'decision:lier',
      result: 'linked',
      serverId: R2,
      at: linked.updatedAt,
      errorBody: { utilisateur: 'Profil Démo', candidats: [R1, R2], motif: 'IDENTIQUE_EXISTANT' },
    })
    await expect(decideToCheck(db, entry.clientId, { type: 'cancel' }, 'Profil Démo', env)).rejects.toMatchObject({
      code: 'ETAT_INCOMPATIBLE',
      reason: 'DECISION_PRISE',
    })
  })

  it('"envoyer quand même": queued again, and the candidates seen are never offered to it again', async () => {
    const entry = await entryToCheck([candidate(R1)])
    const next = await decideToCheck(db, entry.clientId, { type: 'send_anyway' }, 'Profil Démo', env)
    expect(next).toMatchObject({ state: 'queued', dismissedServerIds: [R1] })
    const [item] = await claimBatch(db, 10, [], env)
    expect(item).toMatchObject({ clientId: entry.clientId, reconcile: false, claimedServerIds: [R1] })
    const audit = await auditOfEntries(db, [entry.clientId])
    expect(audit.at(-1)).toMatchObject({ operation: 'decision:envoyer', result: 'send_anyway', errorBody: { utilisateur: 'Profil Démo' } })
  })

  it('"annuler ma saisie": cancelled, audited, nothing left to send', async () => {
    const entry = await entryToCheck()
    expect(await decideToCheck(db, entry.clientId, { type: 'cancel' }, 'Profil Démo', env)).toMatchObject({ state: 'cancelled' })
    expect(await countsByState(db)).toMatchObject({ to_check: 0, cancelled: 1 })
    expect((await auditOfEntries(db, [entry.clientId])).at(-1)).toMatchObject({
      operation: 'decision:annuler',
      result: 'cancelled',
    })
  })
})

describe('settle times and send windows', () => {
  it('does not claim an unknown entry before its settle time, and wakes the coordinator then', async () => {
    const entry = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    const [item] = await claimBatch(db, 10, [], env)
    if (item === undefined) throw new Error('rien')
    const settleUntil = new Date(env.ms() + 45_000).toISOString()
    const window = { from: env.now(), to: env.now() }
    await applyOutcomes(
      db,
      [item],
      [
        {
          clientId: item.clientId,
          revision: 1,
          result: 'unknown',
          serverId: null,
          error: null,
          attempts: [],
          settleUntil,
          sendWindow: window,
        },
      ],
      env,
    )
    expect(await db.outbox.get(entry.clientId)).toMatchObject({ state: 'unknown', settleUntil, sendWindow: window })
    expect(await nextSyncWakeAt(db)).toBe(settleUntil)
    expect(await claimBatch(db, 10, [], env)).toEqual([])
    const later = testEnv(env.ms() + 45_000)
    const [again] = await claimBatch(db, 10, [], later)
    expect(again).toMatchObject({ clientId: entry.clientId, reconcile: true, sendWindow: window })
  })

  it('widens the window of an entry found sending after a reload: from its claim to its recovery', async () => {
    const entry = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    await claimBatch(db, 10, [], env)
    const claimedAt = (await db.claims.toArray())[0]?.claimedAt
    expect(claimedAt).toBeDefined()
    const recovery = testEnv(env.ms() + 7_000)
    expect(await recoverInterrupted(db, recovery)).toBe(1)
    const row = await db.outbox.get(entry.clientId)
    expect(row).toMatchObject({ state: 'unknown', interrupted: true, sendWindow: { from: claimedAt }, settleUntil: null })
    expect(row?.sendWindow?.to).toBe(row?.updatedAt)
    expect(Date.parse(row?.sendWindow?.to ?? '') - Date.parse(claimedAt ?? '')).toBeGreaterThanOrEqual(7_000)
  })

  it('gives every create the server ids synced entries of its scope hold', async () => {
    const done = await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: '1' }) })
    const [item] = await claimBatch(db, 10, [], env)
    if (item === undefined) throw new Error('rien')
    await applyOutcomes(
      db,
      [item],
      [{ clientId: item.clientId, revision: 1, result: 'synced', serverId: R1, error: null, attempts: [] }],
      env,
    )
    expect((await db.outbox.get(done.clientId))?.serverId).toBe(R1)
    await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: '2' }) })
    const [fresh] = await claimBatch(db, 10, [], env)
    expect(fresh).toMatchObject({ reconcile: false, claimedServerIds: [R1] })
  })
})

describe('doublon probable', () => {
  async function syncedAfterResend(): Promise<StoredEntry> {
    const entry = await mustEnqueue({ kind: 'evp', payload: valid.evp() })
    const [item] = await claimBatch(db, 10, [], env)
    if (item === undefined) throw new Error('rien')
    const verifyAfter = new Date(env.ms() + 45_000).toISOString()
    await applyOutcomes(
      db,
      [item],
      [
        {
          clientId: item.clientId,
          revision: 1,
          result: 'synced',
          serverId: R1,
          error: null,
          attempts: [],
          sendWindow: { from: env.now(), to: env.now() },
          verifyAfter,
        },
      ],
      env,
    )
    return entry
  }

  it('checks the scope once the resend has settled, flags a second record, and queues its delete in one click', async () => {
    const entry = await syncedAfterResend()
    expect(await claimVerifications(db, undefined, env)).toEqual([])
    const later = testEnv(env.ms() + 46_000)
    const items = await claimVerifications(db, undefined, later)
    expect(items).toMatchObject([{ clientId: entry.clientId, serverId: R1, kind: 'evp', scope: { siren: SIREN } }])
    const attempts = [
      {
        at: later.now(),
        operation: 'listerEvp',
        method: 'GET' as const,
        status: 200,
        serverId: null,
        errorCode: null,
        errorBody: null,
        payloadHash: null,
        durationMs: 5,
      },
    ]
    expect(
      await applyVerifications(
        db,
        [{ clientId: entry.clientId, revision: 1, status: 'done', duplicates: [candidate(R2)], attempts }],
        later,
      ),
    ).toBe(1)
    const flagged = await db.outbox.get(entry.clientId)
    expect(flagged).toMatchObject({ state: 'synced', serverId: R1, verifyAfter: null, duplicates: [{ id: R2 }] })
    expect(await claimVerifications(db, undefined, testEnv(env.ms() + 99_000))).toEqual([])
    expect((await auditOfEntries(db, [entry.clientId])).map((a) => a.result)).toEqual(['verified'])

    const removal = await deleteDuplicate(db, entry.clientId, R2, 'Profil Démo', later)
    expect(removal.ok).toBe(true)
    if (!removal.ok) return
    expect(removal.entry).toMatchObject({ operation: 'delete', targetServerId: R2, state: 'queued', kind: 'evp' })
    expect((await db.outbox.get(entry.clientId))?.duplicates).toBeNull()
    expect((await auditOfEntries(db, [entry.clientId])).at(-1)).toMatchObject({
      operation: 'decision:supprimer_doublon',
      serverId: R2,
    })
  })

  it('keeps the check due when the list failed (retry)', async () => {
    const entry = await syncedAfterResend()
    const later = testEnv(env.ms() + 46_000)
    await applyVerifications(db, [{ clientId: entry.clientId, revision: 1, status: 'retry', duplicates: [], attempts: [] }], later)
    expect(await claimVerifications(db, undefined, later)).toHaveLength(1)
  })
})

describe('claim by whole scopes', () => {
  it('takes every queued entry of the oldest entries’ scopes first, so that a batch spans few employees', async () => {
    const employees = ['G001', 'G002', 'G003']
    const byEmployee = new Map<string, string[]>()
    // Entered employee after employee, round after round (a grid pasted row by row): A1 B1 C1 A2 B2 C2 A3 B3 C3.
    for (let round = 0; round < 3; round++) {
      for (const matricule of employees) {
        const e = await mustEnqueue({ kind: 'evp', payload: valid.evp({ matricule, quantite: `${round + 1}` }) })
        byEmployee.set(matricule, [...(byEmployee.get(matricule) ?? []), e.clientId])
      }
    }
    const first = await claimBatch(db, 4, [], env)
    expect(first.map((i) => i.scope.matricule)).toEqual(['G001', 'G001', 'G001', 'G002'])
    expect(first.slice(0, 3).map((i) => i.clientId)).toEqual(byEmployee.get('G001'))
    const second = await claimBatch(db, 10, [], env)
    // The oldest entry still queued is G003's first one: its scope comes first, then the rest of G002's.
    expect(second.map((i) => i.scope.matricule)).toEqual(['G003', 'G003', 'G003', 'G002', 'G002'])
  })
})
