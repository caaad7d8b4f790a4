/**
 * Lists before the turn (docs/exactly-once.md): a push submitted behind another lists its scopes while the push ahead
 * writes, never a scope the push ahead writes to, and lists again a scope whose early list is too old. Against the real
 * sandbox (HTTP on 127.0.0.1), one request at a time so that the order of the answers tells what ran when.
 */
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { scopesWritten } from '../../../src-main/sync/early-lists'
import { scopeKey } from '../../../src-shared/domain/fingerprint'
import type { SyncItem } from '../../../src-shared/domain/sync-protocol'
import { BIG_SIREN, PERIODE, codesOf, connect, executorOf, itemOf, payloadOf, quietEmployees, startTestSandbox } from './helpers'

let sandbox: RunningSandbox | null = null

afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

/** EVP creates for employees `from`..`to` (exclusive) of the quiet ones, values varied by `n`. */
function evpOf(s: RunningSandbox, from: number, to: number, n: number): SyncItem[] {
  const codes = codesOf(s.store)
  return quietEmployees(s.store)
    .slice(from, to)
    .map((m) => itemOf('evp', payloadOf('evp', m, codes, n)))
}

/** Positions of the answers of `operation` in the order they came. */
function positions(responses: readonly { operation: string }[], operation: string): number[] {
  return responses.flatMap((r, i) => (r.operation === operation ? [i] : []))
}

/**
 * Six EVP of employees 0–5 pushed, and `second(s)` submitted behind them at once (pipelined), by one executor sending
 * one request at a time.
 * @returns both pushes' results, and the positions of the list and write answers among all answers
 */
async function pushBehind(
  second: (s: RunningSandbox) => SyncItem[],
  extra: { earlyListMaxAgeMs?: number; fetch?: typeof fetch; first?: (s: RunningSandbox) => SyncItem[] } = {},
) {
  const s = (sandbox = await startTestSandbox())
  const { fetch: through, first = (t: RunningSandbox) => evpOf(t, 0, 6, 1), ...options } = extra
  const { connection, responses } = connect(s, undefined, through === undefined ? {} : { fetch: through })
  const executor = executorOf(connection, { concurrency: 1, ...options })
  const items = { first: first(s), second: second(s) }
  const [a, b] = await Promise.all([executor.push(items.first), executor.push(items.second)])
  return {
    items,
    a,
    b,
    lists: positions(responses, 'listerEvp'),
    writes: positions(responses, 'creerEvp'),
    updates: positions(responses, 'modifierEvp'),
  }
}

describe('createSyncExecutor: lists before the turn', () => {
  it('lists a push submitted behind another while that one writes, and uses that list at its turn', async () => {
    const { items, a, b, lists, writes } = await pushBehind((s) => evpOf(s, 6, 12, 1))

    expect(a.outcomes.map((o) => o.result)).toEqual(items.first.map(() => 'synced'))
    expect(b.outcomes.map((o) => o.result)).toEqual(items.second.map(() => 'synced'))
    // One list per push: the second one answered before the first push's last write, and was not made again.
    expect(lists).toHaveLength(2)
    expect(writes).toHaveLength(12)
    expect(lists[0]!).toBeLessThan(writes[0]!)
    expect(lists[1]!).toBeLessThan(writes[5]!)
  })

  it('lists at its turn, after the writes ahead, the scopes the push ahead writes to', async () => {
    // Other EVP of the same six employees: the same scopes.
    const { items, a, b, lists, writes } = await pushBehind((s) => evpOf(s, 0, 6, 2))

    expect(a.outcomes.map((o) => o.result)).toEqual(items.first.map(() => 'synced'))
    expect(b.outcomes.map((o) => o.result)).toEqual(items.second.map(() => 'synced'))
    expect(lists).toHaveLength(2)
    expect(writes).toHaveLength(12)
    // The second list saw every record the first push created.
    expect(lists[1]!).toBeGreaterThan(writes[5]!)
    expect(lists[1]!).toBeLessThan(writes[6]!)
  })

  it('lists nothing early behind a push with a change of unknown scope (no read version): lists after its writes', async () => {
    const unread = itemOf(
      'evp',
      { quantite: '4' },
      {
        operation: 'update',
        targetServerId: randomUUID(),
        keyFields: { siren: BIG_SIREN, matricule: 'M1', periode: PERIODE, code_evp: 'HS25' },
        readVersion: null,
      },
    )
    const { items, a, b, lists, writes, updates } = await pushBehind((s) => evpOf(s, 6, 12, 1), {
      first: (s) => [...evpOf(s, 0, 6, 1), unread],
    })

    expect(a.outcomes.map((o) => o.result)).toEqual([...items.first.slice(0, 6).map(() => 'synced'), 'rejected'])
    expect(b.outcomes.map((o) => o.result)).toEqual(items.second.map(() => 'synced'))
    expect(lists).toHaveLength(2)
    expect(writes).toHaveLength(12)
    expect(updates).toHaveLength(1)
    // The record the change targets could be in any scope: the second push's list waits for every write ahead.
    expect(lists[1]!).toBeGreaterThan(Math.max(writes[5]!, updates[0]!))
    expect(lists[1]!).toBeLessThan(writes[6]!)
  })

  it('lists again at its turn a scope whose early list failed', async () => {
    let evpLists = 0
    /** Fails the second list of EVP (the second push's early one) as a dropped connection would. */
    const failSecondList: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET')
      if (method.toUpperCase() === 'GET' && new URL(url).pathname === '/api/evp' && ++evpLists === 2)
        return Promise.reject(new TypeError('fetch failed'))
      return fetch(input, init)
    }
    const { items, a, b, lists, writes } = await pushBehind((s) => evpOf(s, 6, 12, 1), { fetch: failSecondList })

    expect(evpLists).toBe(3)
    expect(a.outcomes.map((o) => o.result)).toEqual(items.first.map(() => 'synced'))
    expect(b.outcomes.map((o) => o.result)).toEqual(items.second.map(() => 'synced'))
    // The failed early list has no answer; the one made at the turn comes after the first push's writes.
    expect(lists).toHaveLength(2)
    expect(lists[1]!).toBeGreaterThan(writes[5]!)
    expect(lists[1]!).toBeLessThan(writes[6]!)
  })

  it('lists again at its turn a scope whose early list is older than allowed', async () => {
    const { items, b, lists, writes } = await pushBehind((s) => evpOf(s, 6, 12, 1), { earlyListMaxAgeMs: 0 })

    expect(b.outcomes.map((o) => o.result)).toEqual(items.second.map(() => 'synced'))
    // The first push's list, the second's early list, and the second's list again at its turn (after the first's writes).
    expect(lists).toHaveLength(3)
    expect(lists[1]!).toBeLessThan(writes[5]!)
    expect(lists[2]!).toBeGreaterThan(writes[5]!)
  })
})

describe('scopesWritten', () => {
  const payload = { siren: BIG_SIREN, matricule: 'M1', periode: PERIODE, code_evp: 'HS25', quantite: '2' }
  const scope = { kind: 'evp' as const, siren: BIG_SIREN, matricule: 'M1', periode: PERIODE }
  const readVersion = { dateModification: '2026-11-02T08:00:00Z', scope }
  const recordId = randomUUID()

  it('names the scope of each create and the scope each change was read in', () => {
    const create = itemOf('evp', payload)
    const update = itemOf('evp', { quantite: '3' }, { operation: 'update', targetServerId: recordId, keyFields: payload, readVersion })
    const remove = itemOf('evp', null, {
      operation: 'delete',
      targetServerId: randomUUID(),
      keyFields: payload,
      readVersion: { ...readVersion, scope: { ...scope, matricule: 'M2' } },
    })

    expect(scopesWritten([create, update, remove])).toEqual(new Set([scopeKey(scope), scopeKey({ ...scope, matricule: 'M2' })]))
  })

  it('is null when a change was not read (no read version) or moves its record (a scope field changed)', () => {
    const unread = itemOf(
      'evp',
      { quantite: '3' },
      { operation: 'update', targetServerId: recordId, keyFields: payload, readVersion: null },
    )
    const moved = itemOf('evp', { periode: '2026-12' }, { operation: 'update', targetServerId: recordId, keyFields: payload, readVersion })

    expect(scopesWritten([itemOf('evp', payload), unread])).toBeNull()
    expect(scopesWritten([moved])).toBeNull()
  })
})
