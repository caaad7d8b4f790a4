/**
 * The pre-read of updates and deletes (docs/api-assumptions.md #47): the rule alone (decidePreRead), then the
 * executor against the real sandbox with a second API client changing records between the clerk's read and the sync.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { fingerprintOf, scopeOf, type KeyFields } from '../../../src-shared/domain/fingerprint'
import type { SyncItem } from '../../../src-shared/domain/sync-protocol'
import { decidePreRead, sameInstant, type PreReadEntry } from '../../../src-main/sync/pre-read'
import { codesOf, connect, executorOf, itemOf, payloadOf, quietEmployees, startTestSandbox } from './helpers'

let sandbox: RunningSandbox | null = null

afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

const ID = '11111111-1111-4111-8111-111111111111'
const READ = '2026-03-02T10:00:00.000Z'
const base: KeyFields = { id: ID, siren: '123456789', matricule: 'M1', periode: '2026-03', code_prime: 'P01', montant: '100.00' }

function entryOf(extra: Partial<PreReadEntry> = {}): PreReadEntry {
  return {
    kind: 'prime',
    operation: 'update',
    targetServerId: ID,
    readModification: READ,
    fingerprint: fingerprintOf('prime', { ...base, montant: '150.00' }),
    reconcile: false,
    ...extra,
  }
}

const never = (): boolean => false

describe('decidePreRead', () => {
  it('writes when the record is as read (same instant, whatever its spelling)', () => {
    expect(decidePreRead(entryOf(), [{ ...base, date_modification: READ }], never)).toEqual({ type: 'write' })
    expect(decidePreRead(entryOf(), [{ ...base, date_modification: '2026-03-02T10:00:00Z' }], never)).toEqual({ type: 'write' })
    expect(sameInstant(READ, null)).toBe(false)
  })

  it('does not write over a change made since the read: to_check with the service version', () => {
    const now = { ...base, montant: '120.00', date_modification: '2026-03-02T11:00:00.000Z' }
    const decision = decidePreRead(entryOf(), [now], never)
    expect(decision).toMatchObject({ type: 'to_check', record: { id: ID, fields: now } })
    // The same instant left by this profile's own PATCH is not someone else's work.
    expect(decidePreRead(entryOf(), [now], (id, at) => id === ID && at === now.date_modification)).toEqual({ type: 'write' })
  })

  it('a record gone: a delete is synced, an update is refused', () => {
    const other = { ...base, id: '22222222-2222-4222-8222-222222222222', date_modification: READ }
    expect(decidePreRead(entryOf({ operation: 'delete' }), [other], never)).toEqual({ type: 'synced' })
    expect(decidePreRead(entryOf(), [other], never)).toEqual({ type: 'gone' })
  })

  it('a reconciled update already applied is synced; one not applied and unchanged is written again', () => {
    const applied = { ...base, montant: '150.00', date_modification: '2026-03-02T11:00:00.000Z' }
    expect(decidePreRead(entryOf({ reconcile: true }), [applied], never)).toEqual({ type: 'synced' })
    expect(decidePreRead(entryOf({ reconcile: true }), [{ ...base, date_modification: READ }], never)).toEqual({ type: 'write' })
    expect(decidePreRead(entryOf({ reconcile: false }), [applied], never)).toMatchObject({ type: 'to_check' })
  })
})

/** The listed record of `id` as the clerk read it (every field, as the API lists it). */
function readRecord(s: RunningSandbox, id: string): KeyFields {
  const record = s.store.primesIndemnites.find((p) => p.id === id)
  if (record === undefined) throw new Error(`prime ${id} absente`)
  return { ...record }
}

function change(record: KeyFields, operation: 'update' | 'delete', patch: KeyFields | null, extra: Partial<SyncItem> = {}): SyncItem {
  const fields = { ...record, ...(patch ?? {}) }
  return itemOf('prime', patch, {
    operation,
    targetServerId: record['id'],
    keyFields: fields,
    readVersion: { dateModification: record['date_modification'], scope: scopeOf('prime', record) },
    ...extra,
  })
}

/** A sandbox where another API client created two primes: the clerk's executor, the other one's, the primes' ids. */
async function twoPrimesOfAnother() {
  const s = (sandbox = await startTestSandbox())
  const executor = executorOf(connect(s).connection)
  const other = executorOf(connect(s, 'gestionnaire-restreint').connection)
  const [m, n] = quietEmployees(s.store)
  const codes = codesOf(s.store)
  const made = await other.push([itemOf('prime', payloadOf('prime', m!, codes)), itemOf('prime', payloadOf('prime', n!, codes))])
  return { s, executor, other, ids: made.outcomes.map((o) => o.serverId!) }
}

const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

describe('createSyncExecutor: updates and deletes read first', () => {
  it('writes a record unchanged since the read, and not one another client changed since (to_check, no PATCH)', async () => {
    const { s, executor, other, ids } = await twoPrimesOfAnother()
    const [first, second] = ids
    const readFirst = readRecord(s, first!)
    const readSecond = readRecord(s, second!)
    await pause(5)
    // The second client changes the second record after the clerk read it.
    const changedElsewhere = await other.push([
      itemOf('prime', { montant: '999.00' }, { operation: 'update', targetServerId: second, keyFields: readSecond }),
    ])
    expect(changedElsewhere.outcomes[0]?.result).toBe('synced')

    const result = await executor.push([
      change(readFirst, 'update', { montant: '150.00' }),
      change(readSecond, 'update', { montant: '150.00' }),
    ])

    expect(result.outcomes[0]).toMatchObject({ result: 'synced', serverId: first })
    expect(result.outcomes[0]?.attempts.map((a) => a.method)).toEqual(['GET', 'PATCH'])
    expect(s.store.primesIndemnites.find((p) => p.id === first)?.montant).toBe('150.00')
    expect(result.outcomes[1]).toMatchObject({ result: 'to_check', error: { code: 'MODIFIE_DEPUIS_LECTURE' } })
    expect(result.outcomes[1]?.attempts.map((a) => a.method)).toEqual(['GET'])
    expect(result.outcomes[1]?.candidates).toEqual([
      expect.objectContaining({
        id: second,
        relation: 'meme_element',
        fields: expect.objectContaining({ montant: '999.00' }) as Record<string, unknown>,
      }),
    ])
    expect(s.store.primesIndemnites.find((p) => p.id === second)?.montant).toBe('999.00')
  })

  it('a record gone: its delete is synced without a DELETE, its update refused; two changes of one record go in order', async () => {
    const { s, executor, other, ids } = await twoPrimesOfAnother()
    const [gone, kept] = ids
    const readGone = readRecord(s, gone!)
    const readKept = readRecord(s, kept!)
    const removed = await other.push([itemOf('prime', null, { operation: 'delete', targetServerId: gone, keyFields: readGone })])
    expect(removed.outcomes[0]?.result).toBe('synced')
    await pause(5)

    const result = await executor.push([
      change(readGone, 'delete', null),
      change(readGone, 'update', { montant: '1.00' }),
      change(readKept, 'update', { montant: '201.00' }),
      change(readKept, 'update', { montant: '202.00' }),
    ])

    expect(result.outcomes.map((o) => o.result)).toEqual(['synced', 'rejected', 'synced', 'synced'])
    expect(result.outcomes[0]?.attempts.map((a) => a.method)).toEqual(['GET'])
    expect(result.outcomes[1]?.error).toMatchObject({ code: 'ELEMENT_DISPARU' })
    // The second change met the date_modification the first one left: ours, not someone else's.
    expect(result.outcomes[3]?.attempts.map((a) => a.method)).toEqual(['GET', 'PATCH'])
    expect(s.store.primesIndemnites.find((p) => p.id === kept)?.montant).toBe('202.00')
  })

  it('an update whose answer was lost and that the service holds is synced without a second PATCH', async () => {
    const s = (sandbox = await startTestSandbox())
    const executor = executorOf(connect(s).connection)
    const [m] = quietEmployees(s.store)
    const made = await executor.push([itemOf('prime', payloadOf('prime', m!, codesOf(s.store)))])
    const id = made.outcomes[0]!.serverId!
    const read = readRecord(s, id)
    await pause(5)
    // The lost PATCH committed (played by a write the executor did not see).
    await executorOf(connect(s).connection).push([
      itemOf('prime', { montant: '333.00' }, { operation: 'update', targetServerId: id, keyFields: read }),
    ])
    const result = await executor.push([change(read, 'update', { montant: '333.00' }, { reconcile: true })])
    expect(result.outcomes[0]).toMatchObject({ result: 'synced', serverId: id })
    expect(result.outcomes[0]?.attempts.map((a) => a.method)).toEqual(['GET'])
  })
})
