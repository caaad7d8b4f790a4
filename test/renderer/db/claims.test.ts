import '../support/db'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { asShown, heldEntries, shownCounts } from '../../../src-renderer/db/claims'
import { countsBySiren, countsExact } from '../../../src-renderer/db/counts'
import { cancelEntry, reviseEntry } from '../../../src-renderer/db/outbox'
import type { NewEntryInput } from '../../../src-renderer/db/outbox'
import { applyOutcomes, claimBatch, recoverInterrupted, settleClaimed } from '../../../src-renderer/db/outbox-sync'
import { PaieDb } from '../../../src-renderer/db/schema'
import type { StoredEntry } from '../../../src-renderer/db/schema'
import { HeldEntryError, writeEntries } from '../../../src-renderer/db/write'
import type { SyncItem } from '../../../src-shared/domain/sync-protocol'
import { dbWithReference, mustEnqueueIn, testEnv } from '../support/db'
import { syncedOutcome } from '../support/fakes'
import { SIREN, SIREN_2, valid } from '../support/fixtures'

const env = testEnv()
let db: PaieDb
beforeEach(async () => {
  db = await dbWithReference()
})
afterEach(async () => {
  await db.delete()
})

const mustEnqueue = (input: NewEntryInput): Promise<StoredEntry> => mustEnqueueIn(db, input, env)

async function queueEvp(n: number): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = []
  for (let i = 0; i < n; i++) entries.push(await mustEnqueue({ kind: 'evp', payload: valid.evp({ quantite: `${i + 1}` }) }))
  return entries
}

/** Counts every write of an outbox row (creation or change) by client id, from now on. */
function countRowWrites(database: PaieDb): Map<string, number> {
  const writes = new Map<string, number>()
  const count = (key: string): void => {
    writes.set(key, (writes.get(key) ?? 0) + 1)
  }
  database.outbox.hook('creating', (key) => {
    count(key)
  })
  database.outbox.hook('updating', (_mods, key) => {
    count(key)
  })
  return writes
}

async function expectExactCounts(): Promise<void> {
  expect(await countsBySiren(db)).toEqual(await countsExact(db))
}

const ids = (items: readonly Pick<SyncItem, 'clientId'>[]): string[] => items.map((i) => i.clientId)

describe('claim records: each outbox row written once per drain', () => {
  it('the claim writes ONE claim record and no row; the outcomes write each row once and release the claim', async () => {
    await queueEvp(5)
    const writes = countRowWrites(db)
    const items = await claimBatch(db, 5, [], env)
    expect(items).toHaveLength(5)
    expect(writes.size).toBe(0)
    expect(await db.claims.count()).toBe(1)
    await applyOutcomes(
      db,
      items,
      items.map((i) => syncedOutcome(i)),
      env,
    )
    expect([...writes.values()]).toEqual([1, 1, 1, 1, 1])
    expect(new Set(writes.keys())).toEqual(new Set(ids(items)))
    expect(await db.claims.count()).toBe(0)
    expect((await db.outbox.bulkGet(ids(items))).map((e) => [e?.state, e?.attempts])).toEqual(items.map(() => ['synced', 1]))
    await expectExactCounts()
  })

  it('pipelining: batch k+1 claimed while k is held skips k; storing k leaves k+1 held', async () => {
    const entries = await queueEvp(5)
    const k = await claimBatch(db, 2, [], env)
    const next = await claimBatch(db, 2, [], env)
    expect(ids(k)).toEqual(ids(entries.slice(0, 2)))
    expect(ids(next)).toEqual(ids(entries.slice(2, 4)))
    await applyOutcomes(
      db,
      k,
      k.map((i) => syncedOutcome(i)),
      env,
    )
    expect([...(await heldEntries(db)).keys()]).toEqual(ids(next))
    expect(ids(await claimBatch(db, 10, [], env))).toEqual([entries[4]!.clientId])
    await applyOutcomes(
      db,
      next,
      next.map((i) => syncedOutcome(i)),
      env,
    )
    expect([...(await heldEntries(db)).keys()]).toEqual([entries[4]!.clientId])
    await expectExactCounts()
  })

  it('an entry held by a claim is refused to every other write: revise, cancel, any row write', async () => {
    const [entry] = await queueEvp(1)
    const items = await claimBatch(db, 1, [], env)
    await expect(reviseEntry(db, entry!.clientId, valid.evp({ quantite: '7' }), env)).rejects.toMatchObject({
      code: 'ETAT_INCOMPATIBLE',
      reason: 'ENVOI_EN_COURS',
    })
    await expect(cancelEntry(db, entry!.clientId, env)).rejects.toMatchObject({ reason: 'NON_ANNULABLE', params: { etat: 'sending' } })
    await expect(
      db.transaction('rw', db.outbox, db.counts, db.claims, () =>
        writeEntries(db, [{ before: entry, after: { ...entry!, state: 'cancelled' } }]),
      ),
    ).rejects.toBeInstanceOf(HeldEntryError)
    expect(await db.outbox.get(entry!.clientId)).toEqual(entry)
    // Once its outcome is stored, the clerk's writes apply again.
    await applyOutcomes(db, items, [{ ...syncedOutcome(items[0]!), result: 'rejected', serverId: null }], env)
    expect((await reviseEntry(db, entry!.clientId, valid.evp({ quantite: '7' }), env)).ok).toBe(true)
    await expectExactCounts()
  })

  it('shows held entries `sending`, rows and counts, per dossier', async () => {
    await queueEvp(2)
    await mustEnqueue({ kind: 'evp', payload: valid.evp({ siren: SIREN_2, matricule: 'D001' }) })
    const items = await claimBatch(db, 2, [], env)
    const rows = await db.outbox.toArray()
    const shown = asShown(rows, await heldEntries(db))
    expect(shown.filter((r) => r.state === 'sending').map((r) => r.clientId)).toEqual(expect.arrayContaining(ids(items)))
    expect(shown.filter((r) => r.state === 'sending')).toHaveLength(2)
    expect(shown.filter((r) => r.state === 'queued')).toHaveLength(1)
    expect((await shownCounts(db)).bySiren).toEqual({ [SIREN]: { sending: 2 }, [SIREN_2]: { queued: 1 } })
  })
})

describe('claim records: a crash at any point leaves the queue recoverable', () => {
  it('a crash between the batch claim and the outcomes: every claimed entry becomes unknown, reconciled, never resent blind', async () => {
    const entries = await queueEvp(3)
    const items = await claimBatch(db, 3, [], env)
    const claimedAt = (await db.claims.toArray())[0]!.claimedAt
    // The window dies with the push in flight: a new connection (the restarted app) takes the lock.
    db.close()
    const restarted = new PaieDb(db.name)
    const recovery = testEnv(env.ms() + 5_000)
    expect(await recoverInterrupted(restarted, recovery)).toBe(3)
    const rows = await restarted.outbox.bulkGet(ids(entries))
    for (const row of rows) {
      expect(row).toMatchObject({ state: 'unknown', interrupted: true, settleUntil: null, revision: 1 })
      expect(row?.sendWindow?.from).toBe(claimedAt)
      expect(row?.sendWindow?.to).toBe(row?.updatedAt)
    }
    expect(await restarted.claims.count()).toBe(0)
    expect(await recoverInterrupted(restarted, recovery)).toBe(0)
    // The lost answer arriving late changes nothing: the entries are no longer held.
    await expect(
      applyOutcomes(
        restarted,
        items,
        items.map((i) => syncedOutcome(i)),
        recovery,
      ),
    ).rejects.toThrow(/plus en cours d’envoi/)
    const again = await claimBatch(restarted, 10, [], recovery)
    expect(again.map((i) => [i.clientId, i.reconcile, i.interrupted])).toEqual(ids(entries).map((id) => [id, true, true]))
    expect(await countsBySiren(restarted)).toEqual(await countsExact(restarted))
    restarted.close()
  })

  it('a crash while reconciling an unknown entry: it stays unknown, its send window widened to the new claim', async () => {
    await queueEvp(1)
    const first = await claimBatch(db, 1, [], env)
    await applyOutcomes(db, first, [], env)
    const [reconciling] = await claimBatch(db, 1, [], env)
    expect(reconciling?.reconcile).toBe(true)
    const claimedAt = (await db.claims.toArray())[0]!.claimedAt
    expect(await recoverInterrupted(db, env)).toBe(1)
    const row = await db.outbox.get(reconciling!.clientId)
    expect(row).toMatchObject({ state: 'unknown', interrupted: true })
    expect(row?.sendWindow?.to).toBe(row?.updatedAt)
    expect(row!.sendWindow!.to >= claimedAt).toBe(true)
    await expectExactCounts()
  })

  it('a crash after the outcomes were stored recovers nothing (the claim went with them)', async () => {
    await queueEvp(2)
    const items = await claimBatch(db, 2, [], env)
    await applyOutcomes(
      db,
      items,
      items.map((i) => syncedOutcome(i)),
      env,
    )
    expect(await recoverInterrupted(db, env)).toBe(0)
    expect((await db.outbox.bulkGet(ids(items))).map((e) => e?.state)).toEqual(['synced', 'synced'])
  })

  it('rows left `sending` by a version before v18 are still recovered', async () => {
    const [entry] = await queueEvp(1)
    await db.transaction('rw', db.outbox, db.counts, db.claims, () =>
      writeEntries(db, [{ before: entry, after: { ...entry!, state: 'sending', updatedAt: env.now() } }]),
    )
    expect(await recoverInterrupted(db, env)).toBe(1)
    expect(await db.outbox.get(entry!.clientId)).toMatchObject({ state: 'unknown', interrupted: true })
    await expectExactCounts()
  })

  it('a push main never answered: settled without writing rows it left as they were; a reconciling entry stays unknown', async () => {
    await queueEvp(2)
    const first = await claimBatch(db, 1, [], env)
    await applyOutcomes(db, first, [], env)
    const batch = await claimBatch(db, 2, [], env)
    expect(batch.map((i) => i.reconcile)).toEqual([true, false])
    const writes = countRowWrites(db)
    await settleClaimed(
      db,
      batch.map((i) => ({ clientId: i.clientId, state: 'queued' as const })),
      env,
    )
    expect(writes.size).toBe(0)
    expect((await db.outbox.bulkGet(ids(batch))).map((e) => e?.state)).toEqual(['unknown', 'queued'])
    expect(await db.claims.count()).toBe(0)
    await expectExactCounts()
  })
})
