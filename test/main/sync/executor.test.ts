/**
 * The sync executor against the real sandbox (HTTP on 127.0.0.1): outcomes, pauses, audit attempts, exactly-once
 * reconciliation, bounded concurrency and the rate budget.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { log } from '../../../src-main/log'
import { ENTRY_KINDS, type EntryKind } from '../../../src-shared/domain/entry-kinds'
import { fingerprintsMatch, recordFingerprintOf } from '../../../src-shared/domain/fingerprint'
import { SyncPushResult, type SyncItem, type SyncProgress } from '../../../src-shared/domain/sync-protocol'
import {
  codesOf,
  connect,
  entryCount,
  executorOf,
  itemOf,
  payloadOf,
  peakConcurrency,
  quietEmployees,
  recordsOf,
  serverCopies,
  startTestSandbox,
} from './helpers'

let sandbox: RunningSandbox | null = null

afterEach(async () => {
  await sandbox?.close()
  sandbox = null
})

async function start(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<RunningSandbox> {
  sandbox = await startTestSandbox(options)
  return sandbox
}

/** One create of each kind per employee, `perKind` employees. */
function batch(s: RunningSandbox, perKind: number, kinds: readonly EntryKind[] = ENTRY_KINDS, n = 1): SyncItem[] {
  const codes = codesOf(s.store)
  const employees = quietEmployees(s.store)
  if (employees.length < perKind) throw new Error(`seulement ${employees.length} salariés disponibles`)
  return employees.slice(0, perKind).flatMap((m) => kinds.map((kind) => itemOf(kind, payloadOf(kind, m, codes, n))))
}

describe('createSyncExecutor: outcomes', () => {
  it('sends 300 creates of every kind on the big dossier, each exactly once, with audit attempts and progress', async () => {
    const s = await start()
    const { connection, count } = connect(s)
    const progress: SyncProgress[] = []
    const executor = executorOf(connection, { onProgress: (p) => progress.push(p) })
    const items = batch(s, 60)
    expect(items).toHaveLength(300)
    const before = entryCount(s.store)

    const result = await executor.push(items)

    expect(SyncPushResult.parse(result)).toEqual(result)
    expect(result.pause).toBeNull()
    expect(result.categoryPauses).toEqual([])
    expect(result.outcomes.map((o) => o.result)).toEqual(items.map(() => 'synced'))
    expect(result.outcomes.map((o) => o.clientId)).toEqual(items.map((i) => i.clientId))
    expect(entryCount(s.store) - before).toBe(300)
    items.forEach((item, i) => {
      const outcome = result.outcomes[i]!
      expect(recordsOf(s.store, item.kind).filter((r) => r.id === outcome.serverId)).toHaveLength(1)
      expect(serverCopies(s.store, item)).toBe(1)
      expect(outcome.attempts).toHaveLength(1)
      const [attempt] = outcome.attempts
      expect(attempt).toMatchObject({ method: 'POST', status: 201, serverId: outcome.serverId, errorCode: null, errorBody: null })
      expect(attempt!.payloadHash).toMatch(/^[0-9a-f]{64}$/)
    })
    const creates = ENTRY_KINDS.map(
      (k) =>
        ({
          evp: 'creerEvp',
          absence: 'creerAbsence',
          frais: 'creerFraisProfessionnel',
          prime: 'creerPrimeIndemnite',
          avantage: 'creerAvantageNature',
        })[k],
    )
    expect(creates.reduce((sum, op) => sum + count(op), 0)).toBe(300)
    expect(progress).toHaveLength(300)
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1))
    expect(new Set(progress.map((p) => p.clientId)).size).toBe(300)
    expect(progress.every((p) => p.total === 300 && p.result === 'synced')).toBe(true)
  })

  it('rejects record-level refusals with the rule code and the field, and goes on with the rest', async () => {
    const s = await start()
    const { connection } = connect(s)
    const executor = executorOf(connection)
    const codes = codesOf(s.store)
    const [m1, m2, m3] = quietEmployees(s.store)
    const good = itemOf('evp', payloadOf('evp', m1!, codes))
    const badEvp = itemOf('evp', { ...payloadOf('evp', m2!, codes), code_evp: 'ZZZZ' })
    const badAbsence = itemOf('absence', { ...payloadOf('absence', m2!, codes), code_absence: 'ZZZZ' })
    const firstAbsence = itemOf('absence', { ...payloadOf('absence', m3!, codes, 3), date_fin: '2026-11-05' })

    const first = await executor.push([good, badEvp, badAbsence, firstAbsence])
    const overlapping = itemOf('absence', payloadOf('absence', m3!, codes, 4))
    const second = await executor.push([overlapping])

    expect(first.outcomes.map((o) => o.result)).toEqual(['synced', 'rejected', 'rejected', 'synced'])
    expect(first.outcomes[1]!.error).toMatchObject({ code: 'CODE_INCONNU', status: 422, champs: [{ champ: 'code_evp' }] })
    expect(first.outcomes[1]!.error!.message).toContain('ZZZZ')
    expect(first.outcomes[1]!.attempts[0]).toMatchObject({ method: 'POST', status: 422, errorCode: 'CODE_INCONNU', serverId: null })
    expect(first.outcomes[1]!.attempts[0]!.errorBody).toMatchObject({ code: 'REGLE_METIER', erreurs: [{ chemin: 'body.code_evp' }] })
    expect(first.outcomes[2]!.error).toMatchObject({ code: 'CODE_INDISPONIBLE', status: 422, champs: [{ champ: 'code_absence' }] })
    expect(second.outcomes[0]).toMatchObject({
      result: 'rejected',
      serverId: null,
      error: { code: 'CHEVAUCHEMENT', status: 422, champs: [{ champ: 'date_debut' }] },
    })
    expect(first.pause).toBeNull()
  })

  it('updates and deletes synced records; a DELETE answered 404 ELEMENT_INTROUVABLE is synced (the record is gone)', async () => {
    const s = await start()
    const { connection } = connect(s)
    const executor = executorOf(connection)
    const codes = codesOf(s.store)
    const [m] = quietEmployees(s.store)
    const created = await executor.push([itemOf('evp', payloadOf('evp', m!, codes)), itemOf('absence', payloadOf('absence', m!, codes, 9))])
    const evpId = created.outcomes[0]!.serverId!
    const absenceId = created.outcomes[1]!.serverId!

    const changed = await executor.push([
      itemOf('evp', { quantite: '7.25' }, { operation: 'update', targetServerId: evpId, keyFields: payloadOf('evp', m!, codes) }),
      itemOf(
        'absence',
        { commentaire: 'Justificatif reçu' },
        { operation: 'update', targetServerId: absenceId, keyFields: payloadOf('absence', m!, codes, 9) },
      ),
    ])
    expect(changed.outcomes.map((o) => [o.result, o.serverId])).toEqual([
      ['synced', evpId],
      ['synced', absenceId],
    ])
    expect(changed.outcomes[0]!.attempts[0]).toMatchObject({ method: 'PATCH', status: 200 })
    expect(s.store.evp.find((e) => e.id === evpId)?.quantite).toBe('7.25')

    const removed = await executor.push([
      itemOf('absence', null, { operation: 'delete', targetServerId: absenceId, keyFields: payloadOf('absence', m!, codes, 9) }),
    ])
    expect(removed.outcomes[0]).toMatchObject({
      result: 'synced',
      serverId: absenceId,
      attempts: [{ method: 'DELETE', status: 204, payloadHash: null }],
    })
    expect(s.store.absences.some((a) => a.id === absenceId)).toBe(false)

    const deleteAgain = (reconcile: boolean) =>
      itemOf('absence', null, { operation: 'delete', targetServerId: absenceId, reconcile, keyFields: payloadOf('absence', m!, codes, 9) })
    const retried = await executor.push([deleteAgain(true), deleteAgain(false)])
    expect(retried.outcomes[0]).toMatchObject({
      result: 'synced',
      serverId: absenceId,
      attempts: [{ status: 404, errorCode: 'ELEMENT_INTROUVABLE' }],
    })
    expect(retried.outcomes[1]).toMatchObject({
      result: 'synced',
      serverId: absenceId,
      attempts: [{ status: 404, errorCode: 'ELEMENT_INTROUVABLE' }],
    })
    // A PATCH of a record that no longer exists is refused, with the service's reason.
    const patchGone = await executor.push([
      itemOf(
        'absence',
        { commentaire: 'trop tard' },
        { operation: 'update', targetServerId: absenceId, keyFields: payloadOf('absence', m!, codes, 9) },
      ),
    ])
    expect(patchGone.outcomes[0]).toMatchObject({ result: 'rejected', error: { code: 'ELEMENT_INTROUVABLE', status: 404 } })
  })
})

describe('createSyncExecutor: pauses', () => {
  it('pauses on a global failure (5xx) of the pre-send list: every entry goes back to the queue, nothing is written', async () => {
    const s = await start({ faults: { errorRate: 1 } })
    const { connection, responses } = connect(s)
    const progress: SyncProgress[] = []
    const executor = executorOf(connection, { concurrency: 2, onProgress: (p) => progress.push(p) })
    const items = batch(s, 4, ['evp', 'prime', 'avantage'])
    const before = entryCount(s.store)

    const result = await executor.push(items)

    expect(result.outcomes.map((o) => o.result)).toEqual(items.map(() => 'requeue'))
    expect(result.pause).not.toBeNull()
    expect(result.pause!.code).toMatch(/ERREUR_SERVEUR|SERVICE_INDISPONIBLE|HTTP_50\d/)
    expect(result.pause!.message).toMatch(/service de paie/)
    expect(entryCount(s.store)).toBe(before)
    // The scopes are listed before any write: the lists failed (each tried twice at most), no write left.
    expect(responses.filter((r) => r.operation.startsWith('creer'))).toEqual([])
    expect(responses.filter((r) => r.operation.startsWith('lister')).length).toBeLessThanOrEqual(6)
    expect(result.outcomes.every((o) => o.attempts.length === 0)).toBe(true)
    expect(result.outcomes.some((o) => o.error !== null)).toBe(true)
    expect(progress).toHaveLength(items.length)
  })

  it('tries a write answered 503 + Retry-After once more (nothing committed); a write answered 500 or 502 is unknown, never resent', async () => {
    const s = await start({ faults: { errorRate: 0.3 } })
    const { connection } = connect(s)
    const executor = executorOf(connection, { concurrency: 1 })
    const items = batch(s, 12, ['evp', 'prime', 'avantage'])
    const before = entryCount(s.store)

    const result = await executor.push(items)

    const synced = result.outcomes.filter((o) => o.result === 'synced')
    const writes = (o: (typeof result.outcomes)[number]) => o.attempts.filter((a) => a.method === 'POST')
    const retriedThenSynced = synced.filter((o) => writes(o).length === 2)
    for (const o of retriedThenSynced) {
      expect(writes(o)[0]!.status).toBe(503)
      expect(writes(o)[1]!.status).toBe(201)
    }
    // A 500 or 502 on a write proves nothing: the entry is unknown (reconciled later), never tried again at once.
    const unknownAfter5xx = result.outcomes.filter((o) => o.result === 'unknown')
    expect(unknownAfter5xx.length + retriedThenSynced.length).toBeGreaterThan(0)
    for (const o of unknownAfter5xx) {
      expect(writes(o)).toHaveLength(1)
      expect([500, 502]).toContain(writes(o)[0]!.status)
      expect(o.settleUntil).not.toBeNull()
    }
    for (const o of result.outcomes) if (writes(o).length === 2) expect(writes(o)[0]!.status).toBe(503)
    // Only what the outcomes say reached the server (the injected 5xx come before the service commits).
    expect(entryCount(s.store)).toBe(before + synced.length)
  })

  it('pauses on a 429 with the server’s Retry-After', async () => {
    const s = await start({ faults: { burst429: 1, burstRetryAfterSeconds: 3 } })
    const { connection, count } = connect(s)
    const executor = executorOf(connection, { concurrency: 1 })
    const items = batch(s, 3, ['evp'])

    const result = await executor.push(items)

    expect(result.pause).toMatchObject({ code: 'TROP_DE_REQUETES', retryAfterMs: 3000 })
    expect(result.pause!.message).toMatch(/^TROP_DE_REQUETES \(HTTP 429\)/)
    expect(result.outcomes.map((o) => o.result)).toEqual(['requeue', 'requeue', 'requeue'])
    // The first request (the token, then the pre-send list) met the 429: nothing was written.
    expect(result.outcomes[0]!.error).toMatchObject({ code: 'TROP_DE_REQUETES', status: 429 })
    expect(count('creerEvp')).toBe(0)
    // The budget now holds further requests until the server's delay is over.
    expect(connection.budget.state().left).toBe(0)
    expect(connection.budget.state().resetAt).toBeGreaterThan(Date.now() + 2000)
  })

  it('answers a push submitted behind one that met a global pause with that pause: nothing of it is sent', async () => {
    const s = await start({ faults: { burst429: 1, burstRetryAfterSeconds: 3 } })
    const { connection, responses } = connect(s)
    const executor = executorOf(connection, { concurrency: 1 })
    const first = batch(s, 3, ['evp'], 1)
    const second = batch(s, 3, ['evp', 'prime'], 2)

    // Pipelined: the second batch is submitted while the first is in flight (it waits in the profile's lane).
    const [a, b] = await Promise.all([executor.push(first), executor.push(second)])

    expect(a.pause).toMatchObject({ code: 'TROP_DE_REQUETES' })
    const requestsOfFirst = responses.length
    expect(b.pause).toEqual(a.pause)
    expect(b.outcomes.map((o) => o.result)).toEqual(second.map(() => 'requeue'))
    expect(b.outcomes.every((o) => o.attempts.length === 0)).toBe(true)
    expect(responses.length).toBe(requestsOfFirst)

    // A push submitted once the lane is idle is not held by a past pause: it tries the service again.
    s.faults.set({ burst429: 0 })
    await new Promise((r) => setTimeout(r, 3_100))
    const third = await executor.push(second)
    expect(third.pause).toBeNull()
    expect(third.outcomes.map((o) => o.result)).toEqual(second.map(() => 'synced'))
  })

  it('leaves out of a push submitted behind another the categories that push paused (403), and sends the rest', async () => {
    const s = await start()
    const { connection, count } = connect(s, 'gestionnaire-restreint')
    const executor = executorOf(connection, { concurrency: 1 })
    const second = batch(s, 2, ['frais', 'evp'], 2)
    const [a, b] = await Promise.all([executor.push(batch(s, 2, ['frais'], 1)), executor.push(second)])

    expect(a.categoryPauses.map((p) => p.category)).toEqual(['frais_professionnels'])
    expect(b.categoryPauses.map((p) => p.category)).toEqual(['frais_professionnels'])
    expect(count('listerFraisProfessionnels')).toBe(1)
    expect(b.outcomes.filter((o) => o.result === 'requeue').every((o) => o.attempts.length === 0)).toBe(true)
    second.forEach((item, i) => {
      expect(b.outcomes[i]!.result).toBe(item.kind === 'frais' ? 'requeue' : 'synced')
    })
  })

  it('refreshes an expired token transparently', async () => {
    const s = await start()
    const { connection, count } = connect(s)
    const executor = executorOf(connection)
    const [a, b] = [batch(s, 2, ['evp'], 1), batch(s, 2, ['evp'], 2)]

    expect((await executor.push(a)).outcomes.every((o) => o.result === 'synced')).toBe(true)
    s.faults.expireTokens()
    const result = await executor.push(b)

    expect(result.outcomes.map((o) => o.result)).toEqual(['synced', 'synced'])
    expect(result.pause).toBeNull()
    expect(count('obtenirJeton')).toBe(2)
  })

  it('pauses only the category whose right is missing (403 DROIT_MANQUANT); other categories go on', async () => {
    const s = await start()
    const { connection, count } = connect(s, 'gestionnaire-restreint')
    const executor = executorOf(connection, { concurrency: 1 })
    const items = batch(s, 3, ['frais', 'evp'])

    const result = await executor.push(items)

    expect(result.pause).toBeNull()
    expect(result.categoryPauses).toHaveLength(1)
    expect(result.categoryPauses[0]!.category).toBe('frais_professionnels')
    expect(result.categoryPauses[0]!.message).toBe('missing right: frais_professionnels')
    items.forEach((item, i) => {
      expect(result.outcomes[i]!.result).toBe(item.kind === 'frais' ? 'requeue' : 'synced')
    })
    // The expenses' pre-send list was refused: none was written, the EVP went on.
    expect(count('listerFraisProfessionnels')).toBe(1)
    expect(count('creerFraisProfessionnel')).toBe(0)
    expect(count('creerEvp')).toBe(3)
    expect(result.outcomes[0]).toMatchObject({ error: { code: 'DROIT_MANQUANT', status: 403 }, attempts: [] })
  })
})

describe('createSyncExecutor: exactly once', () => {
  it('reconciles unknown creates to the records the server committed, with one list per kind, dossier and period, and no duplicate', async () => {
    const s = await start({ faults: { dropAfterCommitRate: 1 } })
    const { connection, count } = connect(s)
    const executor = executorOf(connection)
    const codes = codesOf(s.store)
    const [m1, m2] = quietEmployees(s.store)
    // Two scopes of EVP (two employees), one scope of absences (two absences of one employee), one of avantages.
    const items = [
      itemOf('evp', payloadOf('evp', m1!, codes, 1)),
      itemOf('evp', payloadOf('evp', m1!, codes, 2)),
      itemOf('evp', payloadOf('evp', m2!, codes, 1)),
      itemOf('absence', payloadOf('absence', m1!, codes, 10)),
      itemOf('absence', payloadOf('absence', m1!, codes, 12)),
      itemOf('avantage', payloadOf('avantage', m2!, codes, 1)),
    ]
    const before = entryCount(s.store)
    const idsBefore = new Set(ENTRY_KINDS.flatMap((k) => recordsOf(s.store, k).map((r) => r.id)))

    const lost = await executor.push(items)

    expect(lost.outcomes.map((o) => o.result)).toEqual(items.map(() => 'unknown'))
    expect(lost.outcomes.every((o) => o.serverId === null && o.attempts[0]!.status === null)).toBe(true)
    expect(entryCount(s.store) - before).toBe(items.length)
    const committed = items.map(
      (item) =>
        recordsOf(s.store, item.kind).find(
          (r) =>
            !idsBefore.has(r.id) &&
            fingerprintsMatch(item.fingerprint, recordFingerprintOf(item.kind, r as unknown as Record<string, unknown>)),
        )?.id,
    )
    expect(committed.every((id) => id !== undefined)).toBe(true)

    s.faults.set({ dropAfterCommitRate: 0 })
    const listsBefore = count('listerEvp') + count('listerAbsences') + count('listerAvantagesNature')
    const again = await executor.push(items.map((item) => ({ ...item, reconcile: true })))

    expect(again.outcomes.map((o) => o.result)).toEqual(items.map(() => 'synced'))
    expect(again.outcomes.map((o) => o.serverId)).toEqual(committed)
    expect(new Set(again.outcomes.map((o) => o.serverId)).size).toBe(items.length)
    expect(entryCount(s.store) - before).toBe(items.length)
    for (const item of items) expect(serverCopies(s.store, item)).toBe(1)
    // One list request per kind, dossier and period (the two employees' EVP in one request): 3 for 4 scopes.
    expect(count('listerEvp') + count('listerAbsences') + count('listerAvantagesNature') - listsBefore).toBe(3)
    expect(again.outcomes[0]!.attempts).toEqual([
      expect.objectContaining({ operation: 'listerEvp', method: 'GET', status: 200, serverId: committed[0], payloadHash: null }),
    ])
  })

  it('never matches a record held by another entry: two identical entries, the server has one → one matched, one sent', async () => {
    const s = await start()
    const { connection, count } = connect(s)
    const executor = executorOf(connection)
    const codes = codesOf(s.store)
    const [m] = quietEmployees(s.store)
    const payload = payloadOf('prime', m!, codes)
    // The record is written by a push this executor's memory never saw (its answer lost with a previous process).
    const first = await executorOf(connection).push([itemOf('prime', payload)])
    const existing = first.outcomes[0]!.serverId!

    // Two unknown twins whose lost writes were around the first push: the one record is provably theirs.
    const sendWindow = { from: new Date(Date.now() - 5_000).toISOString(), to: new Date().toISOString() }
    const twins = [itemOf('prime', payload, { reconcile: true, sendWindow }), itemOf('prime', payload, { reconcile: true, sendWindow })]
    const listsBefore = count('listerPrimesIndemnites')
    const result = await executor.push(twins)

    expect(result.outcomes.map((o) => o.result)).toEqual(['synced', 'synced'])
    expect(result.outcomes[0]!.serverId).toBe(existing)
    expect(result.outcomes[1]!.serverId).not.toBe(existing)
    expect(result.outcomes[1]!.attempts.map((a) => a.method)).toEqual(['GET', 'POST'])
    expect(serverCopies(s.store, twins[0]!)).toBe(2)
    expect(count('listerPrimesIndemnites') - listsBefore).toBe(1)

    // The existing record is held by a synced local entry: an unknown twin must not take it, it is sent.
    const claimed = await executor.push([
      itemOf('prime', payload, { reconcile: true, sendWindow, claimedServerIds: [existing, result.outcomes[1]!.serverId!] }),
    ])
    expect(claimed.outcomes[0]!.result).toBe('synced')
    expect([existing, result.outcomes[1]!.serverId]).not.toContain(claimed.outcomes[0]!.serverId)
    expect(serverCopies(s.store, twins[0]!)).toBe(3)
  })

  it('never lets another entry take a record this profile synced, even before the renderer stored that outcome (pipelined claim)', async () => {
    const s = await start()
    const { connection, count } = connect(s)
    const executor = executorOf(connection)
    const codes = codesOf(s.store)
    const [m] = quietEmployees(s.store)
    const payload = payloadOf('prime', m!, codes)
    const first = await executor.push([itemOf('prime', payload)])
    const held = first.outcomes[0]!.serverId!

    // A twin entered by the clerk, claimed before the first outcome was stored: its claimedServerIds cannot name the
    // record. It is neither taken for « identique existant » nor linked: it is sent.
    const twin = await executor.push([itemOf('prime', payload)])
    expect(twin.outcomes[0]!.result).toBe('synced')
    expect(twin.outcomes[0]!.serverId).not.toBe(held)
    // The same twin, unknown with a window around the first write: the record is provably from this client but is
    // held by the first entry, so it is not taken either.
    const sendWindow = { from: new Date(Date.now() - 5_000).toISOString(), to: new Date().toISOString() }
    const lost = await executor.push([itemOf('prime', payload, { reconcile: true, sendWindow })])
    expect(lost.outcomes[0]!.serverId).not.toBe(held)
    expect(count('creerPrimeIndemnite')).toBeGreaterThanOrEqual(2)
  })

  it('gives back the attempts of a push whose answer was lost when its entries come back interrupted', async () => {
    const s = await start()
    const { connection } = connect(s)
    const executor = executorOf(connection)
    const codes = codesOf(s.store)
    const [m1, m2] = quietEmployees(s.store)
    const lostItem = itemOf('evp', payloadOf('evp', m1!, codes, 1))
    const deliveredItem = itemOf('evp', payloadOf('evp', m2!, codes, 1))

    // First push: its answer never reaches the renderer (window reloaded), which keeps both entries `sending`.
    const first = await executor.push([lostItem, deliveredItem])
    expect(first.outcomes.map((o) => o.result)).toEqual(['synced', 'synced'])
    const post = first.outcomes[0]!.attempts
    expect(post).toMatchObject([{ method: 'POST', status: 201 }])

    // Back interrupted: main holds the lost answer (201 naming the record), so it is synced again to that record
    // without any request, and the lost POST is its audit trail.
    const again = await executor.push([
      { ...lostItem, reconcile: true, interrupted: true },
      { ...deliveredItem, reconcile: true },
    ])
    expect(again.outcomes[0]).toMatchObject({ result: 'synced', serverId: first.outcomes[0]!.serverId })
    expect(again.outcomes[0]!.attempts.map((a) => `${a.method} ${a.status}`)).toEqual(['POST 201'])
    expect(again.outcomes[0]!.attempts[0]).toEqual(post[0])
    // Not interrupted: its attempts were delivered, nothing is repeated.
    expect(again.outcomes[1]!.attempts.map((a) => `${a.method} ${a.status}`)).toEqual(['GET 200'])
  })

  it('syncs an interrupted entry to the record its lost push was answered with, even when a sibling of the same element is still unknown', async () => {
    const s = await start()
    const { connection, count } = connect(s)
    const executor = executorOf(connection)
    const codes = codesOf(s.store)
    const [m] = quietEmployees(s.store)
    // Two entries of ONE element (same EVP code, employee and period) with different quantities, sent in one push.
    const a = itemOf('evp', { ...payloadOf('evp', m!, codes, 1), quantite: '1.25' })
    const b = itemOf('evp', { ...payloadOf('evp', m!, codes, 1), quantite: '2.5' })
    const first = await executor.push([a, b])
    expect(first.outcomes.map((o) => o.result)).toEqual(['synced', 'synced'])
    // The window reloaded: both answers were lost. A comes back first (B is not claimed yet: its record is held by
    // no local entry, so reconciling A against a listing would see B's record as a doubt: « à vérifier »).
    const lists = count('listerEvp')
    const again = await executor.push([{ ...a, reconcile: true, interrupted: true }])
    expect(again.outcomes[0]).toMatchObject({ result: 'synced', serverId: first.outcomes[0]!.serverId, error: null })
    expect(again.outcomes[0]!.attempts).toEqual(first.outcomes[0]!.attempts)
    expect(count('listerEvp')).toBe(lists)
    // An entry back NOT interrupted is reconciled as before (main only trusts an answer it knows the renderer lost);
    // A is synced locally by now, so its record is claimed.
    const listed = await executor.push([{ ...b, reconcile: true, claimedServerIds: [first.outcomes[0]!.serverId!] }])
    expect(listed.outcomes[0]).toMatchObject({ result: 'synced', serverId: first.outcomes[1]!.serverId })
    expect(count('listerEvp')).toBe(lists + 1)
  })

  it('keeps an entry to reconcile unknown when its list request fails (never requeued for a blind resend)', async () => {
    const s = await start()
    const { connection } = connect(s)
    const executor = executorOf(connection)
    const codes = codesOf(s.store)
    const [m] = quietEmployees(s.store)
    s.faults.set({ errorRate: 1 })

    const result = await executor.push([
      itemOf('evp', payloadOf('evp', m!, codes), { reconcile: true }),
      itemOf('prime', payloadOf('prime', m!, codes)),
    ])

    expect(result.outcomes.map((o) => o.result)).toEqual(['unknown', 'requeue'])
    expect(result.pause).not.toBeNull()
    expect(result.outcomes[0]!.attempts[0]).toMatchObject({ operation: 'listerEvp', method: 'GET' })
  })
})

describe('createSyncExecutor: concurrency and rate', () => {
  it('never has more requests in flight than its bound, and runs one push at a time', async () => {
    const s = await start({ faults: { latencyMs: 20 } })
    // The client's `fetch` option is not honoured by ofetch.create (reported), so overlap is computed from the answers.
    const { connection, responses } = connect(s)
    const order: string[] = []
    const executor = executorOf(connection, { concurrency: 3, onProgress: (p) => order.push(p.clientId!) })
    const first = batch(s, 6, ['evp', 'prime'], 1)
    const second = batch(s, 6, ['evp', 'prime'], 2)

    const [a, b] = await Promise.all([executor.push(first), executor.push(second)])

    expect([...a.outcomes, ...b.outcomes].every((o) => o.result === 'synced')).toBe(true)
    expect(peakConcurrency(responses)).toBe(3)
    expect(new Set(order.slice(0, 12))).toEqual(new Set(first.map((i) => i.clientId)))
    expect(new Set(order.slice(12))).toEqual(new Set(second.map((i) => i.clientId)))
  })

  it('drains 100 entries under a 20-per-second limit with at most one 429 per window', async () => {
    const s = await start({ rateLimit: { limit: 20, windowMs: 1000 }, faults: { latencyMs: 5, latencyJitterMs: 60 } })
    const { connection, responses } = connect(s)
    const executor = executorOf(connection)
    let pending = batch(s, 50, ['evp', 'prime'])
    expect(pending).toHaveLength(100)
    const started = Date.now()
    const synced: string[] = []

    for (let round = 0; round < 10 && pending.length > 0; round++) {
      const result = await executor.push(pending)
      synced.push(...result.outcomes.filter((o) => o.result === 'synced').map((o) => o.clientId))
      const left = new Set(result.outcomes.filter((o) => o.result === 'requeue').map((o) => o.clientId))
      expect(result.outcomes.every((o) => o.result === 'synced' || o.result === 'requeue')).toBe(true)
      pending = pending.filter((i) => left.has(i.clientId))
    }

    const elapsed = Date.now() - started
    const windows = Math.ceil(elapsed / 1000) + 1
    const tooMany = responses.filter((r) => r.status === 429).length
    expect(synced).toHaveLength(100)
    expect(tooMany).toBeLessThanOrEqual(windows)
    expect(tooMany).toBeLessThanOrEqual(1)
    expect(entryCount(s.store)).toBeGreaterThanOrEqual(100)
  }, 40_000)
})

describe('createSyncExecutor: the age of the pre-send lists', () => {
  /** The fields of each push's summary line, in order. */
  let summaries: Record<string, unknown>[] = []
  beforeEach(() => {
    summaries = []
    vi.spyOn(log, 'info').mockImplementation((message, fields) => {
      if (message === 'Synchronisation : lot traité' && fields !== undefined) summaries.push({ ...fields })
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('logs, with the push, the longest time from a create’s list to one of its writes', async () => {
    // 60 ms an answer, one request at a time: 6 creates of one group leave one after the other after their list.
    const s = await start({ faults: { latencyMs: 60 } })
    const { connection } = connect(s)
    const executor = executorOf(connection, { concurrency: 1 })
    const items = batch(s, 6, ['evp'])
    const started = Date.now()
    const result = await executor.push(items)
    const pushMs = Date.now() - started
    expect(result.outcomes.map((o) => o.result)).toEqual(items.map(() => 'synced'))
    expect(summaries).toHaveLength(1)
    const age = summaries[0]!['listeAgeMaxMs']
    expect(Number.isInteger(age)).toBe(true)
    // The last write leaves after the 5 before it (60 ms each at least), and before the push ends.
    expect(age).toBeGreaterThanOrEqual(5 * 60)
    expect(age).toBeLessThanOrEqual(pushMs)
    expect(summaries[0]!['listesTropAnciennes']).toBe(0)
  })

  it('sends no create whose list has grown older than listMaxAgeAtWriteMs: it goes back to the queue, and is sent once after a new list', async () => {
    const s = await start({ faults: { latencyMs: 60 } })
    const { connection } = connect(s)
    const executor = executorOf(connection, { concurrency: 1, listMaxAgeAtWriteMs: 150 })
    const items = batch(s, 8, ['evp'])
    const before = entryCount(s.store)

    const first = await executor.push(items)
    const sent = first.outcomes.filter((o) => o.result === 'synced').length
    // One request at a time, 60 ms each: the first writes leave within 150 ms of the list, the later ones would not.
    expect(sent).toBeGreaterThanOrEqual(1)
    expect(sent).toBeLessThan(items.length)
    expect(first.outcomes.map((o) => o.result)).toEqual(items.map((_, i) => (i < sent ? 'synced' : 'requeue')))
    first.outcomes.slice(sent).forEach((o) => {
      expect(o.attempts).toEqual([])
    })
    expect(entryCount(s.store) - before).toBe(sent)
    expect(summaries[0]).toMatchObject({ listesTropAnciennes: items.length - sent })
    expect(Number(summaries[0]!['listeAgeMaxMs'])).toBeLessThanOrEqual(150 + 20)

    // The next push lists their scope again: each is sent once, never twice, and the ones sent before are not.
    const rest = items.slice(sent)
    let pushes = 1
    let left = rest
    while (left.length > 0 && pushes < 10) {
      const again = await executor.push(left)
      left = left.filter((_, i) => again.outcomes[i]!.result === 'requeue')
      pushes += 1
    }
    expect(left).toEqual([])
    expect(entryCount(s.store) - before).toBe(items.length)
    for (const item of items) expect(serverCopies(s.store, item)).toBe(1)
  })
})
