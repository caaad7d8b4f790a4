/**
 * Exactly once against other writers, late commits and profile switches (issue 12): one test per scenario, its
 * title starting with its id, against the sandbox over HTTP with the real outbox, coordinator and main handlers
 * (harness.ts). Each asserts the outcome on the service (its records) and in the outbox (states, audit).
 */
import 'fake-indexeddb/auto'

import { afterEach, describe, expect, it } from 'vitest'
import { AbsenceCreateDto, EvpCreateDto, PrimeIndemniteCreateDto } from '../../src-shared/api/entries'
import type { EntryKind } from '../../src-shared/domain/entry-kinds'
import { fingerprintsMatch, recordFingerprintOf } from '../../src-shared/domain/fingerprint'
import { decideToCheck, deleteDuplicate } from '../../src-renderer/db/to-check'
import type { StoredEntry } from '../../src-renderer/db/schema'
import { codesOf, payloadOf, quietEmployees, recordsOf } from '../main/sync/helpers'
import { BIG_SIREN, PERIODE, connectionReset, startWorkstation, type Workstation } from './harness'
import { auditOfEntries } from '../../src-renderer/db/audit'

let ws: Workstation | null = null

afterEach(async () => {
  await ws?.stop()
  ws = null
})

async function workstation(options: Parameters<typeof startWorkstation>[0] = {}): Promise<Workstation> {
  ws = await startWorkstation(options)
  return ws
}

/** Records on the service holding what `entry` sends (its fingerprint). */
function copies(w: Workstation, entry: StoredEntry): { id: string }[] {
  return recordsOf(w.sandbox.store, entry.kind).filter((r) =>
    fingerprintsMatch(entry.fingerprint, recordFingerprintOf(entry.kind, r as unknown as Record<string, unknown>)),
  )
}

/** Audit records of an entry. */
function auditOf(w: Workstation, entry: StoredEntry) {
  return auditOfEntries(w.db, [entry.clientId])
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

function evpOf(w: Workstation, i = 0, n = 1): Record<string, unknown> {
  const m = quietEmployees(w.sandbox.store)[i]
  if (m === undefined) throw new Error('aucun salarié disponible')
  return payloadOf('evp', m, codesOf(w.sandbox.store), n)
}

/** Waits until `check` holds (polling the outbox), or fails after `ms`. */
async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition jamais atteinte')
    await sleep(50)
  }
}

describe('exactly once against other writers', () => {
  it('EO-1 another writer’s identical record, before the first send → à vérifier, nothing sent', async () => {
    const w = await workstation()
    const payload = evpOf(w)
    const entry = await w.enqueue({ kind: 'evp', payload })
    await w.other().call('creerEvp', { body: EvpCreateDto.parse(payload) })

    await w.coordinator.drain()

    const row = await w.entry(entry.clientId)
    expect(row).toMatchObject({ state: 'to_check', serverId: null, error: { code: 'IDENTIQUE_EXISTANT' } })
    expect(row.candidates).toHaveLength(1)
    expect(row.candidates?.[0]).toMatchObject({ relation: 'identique', cree_par: 'gestionnaire-restreint' })
    expect(w.wire.writes('/api/evp')).toEqual([])
    expect(copies(w, row)).toHaveLength(1)
  })

  it('EO-2 same after a lost answer → à vérifier, not linked', async () => {
    const w = await workstation({ timeoutMs: 500, settleMarginMs: 300 })
    const payload = evpOf(w)
    const entry = await w.enqueue({ kind: 'evp', payload })
    let cut = false
    w.wire.interceptor = async (req, forward) => {
      if (req.method === 'POST' && req.path === '/api/evp' && !cut) {
        cut = true
        // The request left; while it is lost on the way, someone enters the same element on the vendor's screens.
        await w.other().call('creerEvp', { body: EvpCreateDto.parse(payload) })
        throw connectionReset()
      }
      return forward()
    }

    await w.settle()

    const row = await w.entry(entry.clientId)
    expect(row).toMatchObject({ state: 'to_check', serverId: null, error: { code: 'CREATEUR_DIFFERENT' } })
    expect(copies(w, row)).toHaveLength(1)
    expect(w.wire.writes('/api/evp')).toHaveLength(1)
  })

  it('EO-3 write committed 900 ms after a 300 ms client timeout → exactly one record, entry synced to it', async () => {
    const w = await workstation({ timeoutMs: 300, settleMarginMs: 1_000 })
    w.sandbox.faults.set({ commitLateRate: 1, commitLateMs: 900 })
    const entry = await w.enqueue({ kind: 'evp', payload: evpOf(w) })

    await w.coordinator.drain()
    expect(await w.entry(entry.clientId)).toMatchObject({ state: 'unknown' })
    await w.settle()

    const row = await w.entry(entry.clientId)
    const records = copies(w, row)
    expect(records).toHaveLength(1)
    expect(row).toMatchObject({ state: 'synced', serverId: records[0]?.id })
    expect(w.wire.writes('/api/evp')).toHaveLength(1)
    expect((await auditOf(w, row)).map((a) => `${a.method}:${a.result}`)).toEqual(['POST:unknown', 'GET:synced'])
  })

  it('EO-4 profile A → B → A during A’s push → never two pushes of A at once, no duplicate', async () => {
    const w = await workstation({ timeoutMs: 3_000, settleMarginMs: 300 })
    const entries: StoredEntry[] = []
    for (let i = 0; i < 12; i++) entries.push(await w.enqueue({ kind: 'evp', payload: evpOf(w, i) }))
    // A slow service: each write takes 150 ms.
    w.wire.interceptor = async (req, forward) => {
      if (req.method === 'POST' && req.path === '/api/evp') await sleep(150)
      return forward()
    }
    const firstDrain = w.coordinator.drain()
    await until(async () => w.wire.writes('/api/evp').length > 0 || (await w.db.claims.count()) > 0)
    // The clerk switches to profile B, then back to A: each activation makes a new connection, and reloads the window.
    w.activate('b')
    w.activate('demo')
    await w.reload()
    await firstDrain.catch(() => undefined)
    await w.settle(20_000)

    // The first push ran on connection 1, the pushes after the switch on connection 3: none of them started before
    // the first push's last request had ended. (Waiting in A's lane, they find the first push's answers — lost with
    // the window — in A's memory: entries that push synced are synced again without any request.)
    const first = w.wire.events.filter((e) => e.connection === 1 && !e.path.endsWith('/auth/token'))
    const later = w.wire.events.filter((e) => e.connection === 3 && !e.path.endsWith('/auth/token'))
    expect(first.length).toBeGreaterThan(0)
    const firstEnded = Math.max(...first.map((e) => e.endedAt))
    for (const e of later) expect(e.startedAt).toBeGreaterThanOrEqual(firstEnded)
    expect(w.wire.events.filter((e) => e.connection === 2)).toEqual([])
    for (const entry of entries) {
      const row = await w.entry(entry.clientId)
      expect(row.error?.code ?? null).toBeNull()
      expect(row.state).toBe('synced')
      expect(copies(w, row).map((r) => r.id)).toEqual([row.serverId])
    }
  })

  it('EO-5 two entries differing only in numero_contrat (and two only in prime_nette) → two records each', async () => {
    const w = await workstation({ timeoutMs: 1_000, settleMarginMs: 300 })
    const store = w.sandbox.store
    const twoContracts = store.salaries.find(
      (s) =>
        s.siren === BIG_SIREN &&
        store.contrats.filter(
          (c) =>
            c.siren === BIG_SIREN &&
            c.matricule === s.matricule &&
            c.date_debut <= `${PERIODE}-01` &&
            (c.date_fin === null || c.date_fin >= `${PERIODE}-30`),
        ).length === 2,
    )
    if (twoContracts === undefined) throw new Error('aucun salarié à deux contrats')
    const [c1, c2] = store.contrats
      .filter((c) => c.siren === BIG_SIREN && c.matricule === twoContracts.matricule)
      .map((c) => c.numero_contrat)
    const base = { ...payloadOf('evp', twoContracts.matricule, codesOf(store)) }
    const prime = payloadOf('prime', quietEmployees(store)[0] ?? '', codesOf(store))
    const entries = [
      await w.enqueue({ kind: 'evp', payload: { ...base, numero_contrat: c1 } }),
      await w.enqueue({ kind: 'evp', payload: { ...base, numero_contrat: c2 } }),
      await w.enqueue({ kind: 'prime', payload: { ...prime, prime_nette: true } }),
      await w.enqueue({ kind: 'prime', payload: { ...prime, prime_nette: false } }),
    ]
    // Every write commits, and every answer is lost: the four are reconciled from the lists alone.
    w.wire.interceptor = async (req, forward) => {
      const res = await forward()
      if (req.method === 'POST' && !req.path.endsWith('/auth/token')) throw connectionReset()
      return res
    }
    await w.coordinator.drain()
    w.wire.interceptor = null
    await w.settle()

    const ids = new Set<string>()
    for (const entry of entries) {
      const row = await w.entry(entry.clientId)
      expect(row.state).toBe('synced')
      expect(copies(w, row).map((r) => r.id)).toContain(row.serverId)
      ids.add(row.serverId ?? '')
    }
    expect(ids.size).toBe(4)
    expect(
      store.evp
        .filter((r) => r.matricule === twoContracts.matricule && r.code_evp === base['code_evp'])
        .map((r) => r.numero_contrat)
        .sort(),
    ).toEqual([c1, c2].sort())
    expect(w.wire.writes().length).toBe(4)
  })

  it('EO-6 record created by a lost write then modified on the server → à vérifier, not resent', async () => {
    const w = await workstation({ timeoutMs: 1_000, settleMarginMs: 300 })
    const entry = await w.enqueue({ kind: 'evp', payload: evpOf(w) })
    w.wire.interceptor = async (req, forward) => {
      const res = await forward()
      if (req.method === 'POST' && req.path === '/api/evp') {
        const created = (await res.clone().json()) as { id: string }
        await w.other().call('modifierEvp', { params: { id: created.id }, body: { quantite: '9' } })
        throw connectionReset()
      }
      return res
    }

    await w.settle()

    const row = await w.entry(entry.clientId)
    expect(row).toMatchObject({ state: 'to_check', serverId: null, error: { code: 'VALEURS_DIFFERENTES' } })
    expect(row.candidates?.[0]).toMatchObject({ relation: 'meme_element', fields: { quantite: '9' } })
    expect(w.wire.writes('/api/evp')).toHaveLength(1)
    expect(w.sandbox.store.evp.filter((r) => r.id === row.candidates?.[0]?.id)).toHaveLength(1)
  })

  it('EO-7 500 after commit → reconciled, one record', async () => {
    const w = await workstation({ timeoutMs: 1_000, settleMarginMs: 300 })
    w.sandbox.faults.set({ commitThen500Rate: 1 })
    w.wire.interceptor = async (req, forward) => {
      const res = await forward()
      if (req.method === 'POST' && req.path === '/api/evp') w.sandbox.faults.set({ commitThen500Rate: 0 })
      return res
    }
    const entry = await w.enqueue({ kind: 'evp', payload: evpOf(w) })

    await w.settle()

    const row = await w.entry(entry.clientId)
    expect(copies(w, row)).toHaveLength(1)
    expect(row).toMatchObject({ state: 'synced', serverId: copies(w, row)[0]?.id })
    expect(w.wire.writes('/api/evp').map((e) => e.status)).toEqual([500])
  })

  it('EO-8 DELETE answered 404 for a dossier the user is not assigned to → not done', async () => {
    const w = await workstation({ timeoutMs: 1_000, settleMarginMs: 300 })
    const created = await w.enqueue({ kind: 'evp', payload: evpOf(w) })
    await w.settle()
    const synced = await w.entry(created.clientId)
    expect(synced.state).toBe('synced')
    const removal = await w.enqueue({ kind: 'evp', operation: 'delete', payload: null, targetServerId: synced.serverId })
    // The DELETE's answer is lost; before it is sent again, the clerk's assignment to the dossier ends.
    let cut = false
    w.wire.interceptor = async (req, forward) => {
      if (req.method === 'DELETE' && !cut) {
        cut = true
        throw connectionReset()
      }
      return forward()
    }
    await w.coordinator.drain()
    expect(await w.entry(removal.clientId)).toMatchObject({ state: 'unknown' })
    const yesterday = '2026-11-15'
    for (const a of w.sandbox.store.affectations) if (a.siren === BIG_SIREN && a.matricule_utilisateur === 'GP001') a.date_fin = yesterday
    await w.settle()

    const row = await w.entry(removal.clientId)
    expect(row).toMatchObject({ state: 'rejected', error: { status: 404 } })
    expect(row.error?.code).not.toBe('ELEMENT_INTROUVABLE')
    expect(w.sandbox.store.evp.some((r) => r.id === synced.serverId)).toBe(true)
  })

  it('EO-9 token request fails → entry queued, no write in its audit', async () => {
    const w = await workstation()
    const entry = await w.enqueue({ kind: 'evp', payload: evpOf(w) })
    // A fresh connection (no token yet). The first token (for the pre-send list) is short-lived, so the write needs a
    // second one: that token request is cut.
    w.activate('demo')
    let tokens = 0
    w.wire.interceptor = async (req, forward) => {
      if (!req.path.endsWith('/auth/token')) return forward()
      tokens += 1
      if (tokens > 1) throw connectionReset()
      const answer = (await (await forward()).json()) as Record<string, unknown>
      return Response.json({ ...answer, expires_in: 30 })
    }

    await w.coordinator.drain()

    const row = await w.entry(entry.clientId)
    expect(row.state).toBe('queued')
    expect((await auditOf(w, row)).filter((a) => a.method !== 'GET')).toEqual([])
    expect(w.wire.writes('/api/evp')).toEqual([])
    expect(w.wire.events.filter((e) => e.method === 'GET' && e.path === '/api/evp')).toHaveLength(1)
    expect(tokens).toBe(2)
    expect(w.coordinator.status().pause).not.toBeNull()
  })

  it('EO-10 a resend racing a late commit → doublon probable flagged, the extra record deletable in one click', async () => {
    const w = await workstation({ timeoutMs: 300, settleMarginMs: 600 })
    w.sandbox.faults.set({ commitLateRate: 1, commitLateMs: 1_300 })
    let first = true
    w.wire.interceptor = async (req, forward) => {
      const answer = forward()
      if (req.method === 'POST' && req.path === '/api/evp' && first) {
        first = false
        await sleep(50)
        // Only the first write is held: the resend commits at once.
        w.sandbox.faults.set({ commitLateRate: 0 })
      }
      return answer
    }
    const entry = await w.enqueue({ kind: 'evp', payload: evpOf(w) })

    await w.settle(20_000)

    const row = await w.entry(entry.clientId)
    expect(row.state).toBe('synced')
    const records = copies(w, row)
    expect(records).toHaveLength(2)
    expect(row.duplicates?.map((d) => d.id)).toEqual(records.map((r) => r.id).filter((id) => id !== row.serverId))
    const [extra] = row.duplicates ?? []
    if (extra === undefined) throw new Error('pas de doublon signalé')

    const removal = await deleteDuplicate(w.db, row.clientId, extra.id, 'Profil Démo')
    expect(removal.ok).toBe(true)
    await w.settle()
    expect(copies(w, row).map((r) => r.id)).toEqual([row.serverId])
    expect((await w.entry(row.clientId)).duplicates).toBeNull()
  })

  it('EO-11 the clerk’s three decisions on an à vérifier entry, each audited', async () => {
    const w = await workstation()
    const kinds: EntryKind[] = ['evp', 'evp', 'absence']
    const payloads = [evpOf(w, 0), evpOf(w, 1), payloadOf('absence', quietEmployees(w.sandbox.store)[2] ?? '', codesOf(w.sandbox.store), 5)]
    const entries: StoredEntry[] = []
    for (const [i, payload] of payloads.entries()) entries.push(await w.enqueue({ kind: kinds[i] ?? 'evp', payload }))
    const other = w.other()
    const theirs = [
      await other.call('creerEvp', { body: EvpCreateDto.parse(payloads[0]) }),
      await other.call('creerEvp', { body: EvpCreateDto.parse(payloads[1]) }),
      await other.call('creerAbsence', { body: AbsenceCreateDto.parse(payloads[2]) }),
    ]
    await w.coordinator.drain()
    const [link, anyway, cancel] = entries
    if (link === undefined || anyway === undefined || cancel === undefined) throw new Error('saisies manquantes')
    for (const e of entries) expect((await w.entry(e.clientId)).state).toBe('to_check')

    await decideToCheck(w.db, link.clientId, { type: 'link', serverId: theirs[0]?.id ?? '' }, 'Claire Martin')
    await decideToCheck(w.db, anyway.clientId, { type: 'send_anyway' }, 'Claire Martin')
    await decideToCheck(w.db, cancel.clientId, { type: 'cancel' }, 'Claire Martin')
    await w.settle()

    expect(await w.entry(link.clientId)).toMatchObject({ state: 'synced', serverId: theirs[0]?.id })
    expect(copies(w, await w.entry(link.clientId))).toHaveLength(1)
    const sent = await w.entry(anyway.clientId)
    expect(sent.state).toBe('synced')
    expect(
      copies(w, sent)
        .map((r) => r.id)
        .sort(),
    ).toEqual([theirs[1]?.id, sent.serverId].sort())
    expect(await w.entry(cancel.clientId)).toMatchObject({ state: 'cancelled' })
    expect(copies(w, await w.entry(cancel.clientId))).toHaveLength(1)
    const decisions = await Promise.all(entries.map(async (e) => (await auditOf(w, e)).filter((a) => a.method === 'DECISION')))
    expect(decisions.map((d) => d.map((a) => [a.operation, (a.errorBody as { utilisateur: string }).utilisateur]))).toEqual([
      [['decision:lier', 'Claire Martin']],
      [['decision:envoyer', 'Claire Martin']],
      [['decision:annuler', 'Claire Martin']],
    ])
    for (const d of decisions) expect(Date.parse(d[0]?.at ?? '')).not.toBeNaN()
  })

  it('EO-12 a second client changes a record after the clerk read it → à vérifier with both versions; « Appliquer ma modification » applied and audited', async () => {
    const w = await workstation()
    const [m, n] = quietEmployees(w.sandbox.store)
    const codes = codesOf(w.sandbox.store)
    const other = w.other()
    const theirs = await other.call('creerPrimeIndemnite', { body: PrimeIndemniteCreateDto.parse(payloadOf('prime', m ?? '', codes)) })
    const kept = await other.call('creerPrimeIndemnite', { body: PrimeIndemniteCreateDto.parse(payloadOf('prime', n ?? '', codes, 2)) })
    // The clerk reads both records (as records:refresh lists them), then edits the first one and edits the second one.
    const read = { ...theirs }
    const readKept = { ...kept }
    await sleep(5)
    const change = await w.enqueue({
      kind: 'prime',
      operation: 'update',
      payload: { montant: '321.00' },
      targetServerId: theirs.id,
      targetRecord: read,
    })
    const untouched = await w.enqueue({
      kind: 'prime',
      operation: 'update',
      payload: { montant: '77.00' },
      targetServerId: kept.id,
      targetRecord: readKept,
    })
    const changedElsewhere = await other.call('modifierPrimeIndemnite', { params: { id: theirs.id }, body: { montant: '555.00' } })
    expect(changedElsewhere.date_modification).not.toBe(read.date_modification)

    await w.coordinator.drain()

    const row = await w.entry(change.clientId)
    expect(row).toMatchObject({ state: 'to_check', error: { code: 'MODIFIE_DEPUIS_LECTURE' } })
    expect(row.targetRecord).toMatchObject({ montant: read.montant, date_modification: read.date_modification })
    expect(row.candidates).toEqual([
      expect.objectContaining({ id: theirs.id, fields: expect.objectContaining({ montant: '555.00' }) as Record<string, unknown> }),
    ])
    expect(w.wire.writes(`/api/primes-indemnites/${theirs.id}`)).toHaveLength(0) // this workstation wrote nothing over it
    expect(w.sandbox.store.primesIndemnites.find((p) => p.id === theirs.id)?.montant).toBe('555.00')
    expect(await w.entry(untouched.clientId)).toMatchObject({ state: 'synced', serverId: kept.id })
    expect(w.sandbox.store.primesIndemnites.find((p) => p.id === kept.id)?.montant).toBe('77.00')

    await decideToCheck(w.db, change.clientId, { type: 'send_anyway' }, 'Claire Martin')
    await w.settle()

    expect(await w.entry(change.clientId)).toMatchObject({ state: 'synced', serverId: theirs.id })
    expect(w.sandbox.store.primesIndemnites.find((p) => p.id === theirs.id)?.montant).toBe('321.00')
    const audit = await auditOf(w, row)
    expect(audit.filter((a) => a.method === 'DECISION').map((a) => [a.operation, a.result])).toEqual([
      ['decision:appliquer', 'send_anyway'],
    ])
    expect(audit.filter((a) => a.method === 'PATCH').map((a) => a.status)).toEqual([200])
  })

  it('EO-13 a record already gone: its delete is synced without a DELETE, its update refused (ELEMENT_DISPARU)', async () => {
    const w = await workstation()
    const [m] = quietEmployees(w.sandbox.store)
    const other = w.other()
    const theirs = await other.call('creerPrimeIndemnite', {
      body: PrimeIndemniteCreateDto.parse(payloadOf('prime', m ?? '', codesOf(w.sandbox.store))),
    })
    const read = { ...theirs }
    const removal = await w.enqueue({ kind: 'prime', operation: 'delete', payload: null, targetServerId: theirs.id, targetRecord: read })
    const change = await w.enqueue({
      kind: 'prime',
      operation: 'update',
      payload: { montant: '12.00' },
      targetServerId: theirs.id,
      targetRecord: read,
    })
    await other.call('supprimerPrimeIndemnite', { params: { id: theirs.id } })

    await w.settle()

    expect(await w.entry(removal.clientId)).toMatchObject({ state: 'synced', serverId: theirs.id })
    expect(await w.entry(change.clientId)).toMatchObject({ state: 'rejected', error: { code: 'ELEMENT_DISPARU' } })
    expect(w.wire.writes(`/api/primes-indemnites/${theirs.id}`)).toHaveLength(0) // no DELETE, no PATCH from this workstation
    const removalAudit = await auditOf(w, removal)
    expect(removalAudit.map((a) => [a.method, a.result])).toEqual([['GET', 'synced']])
  })

  it('EO-14 a PATCH and a DELETE whose answers were lost → read again once settled: synced, never sent twice', async () => {
    const w = await workstation({ timeoutMs: 1_000, settleMarginMs: 300 })
    const [m, n] = quietEmployees(w.sandbox.store)
    const codes = codesOf(w.sandbox.store)
    const other = w.other()
    const changed = await other.call('creerPrimeIndemnite', { body: PrimeIndemniteCreateDto.parse(payloadOf('prime', m ?? '', codes)) })
    const removed = await other.call('creerPrimeIndemnite', { body: PrimeIndemniteCreateDto.parse(payloadOf('prime', n ?? '', codes, 2)) })
    const change = await w.enqueue({
      kind: 'prime',
      operation: 'update',
      payload: { montant: '321.00' },
      targetServerId: changed.id,
      targetRecord: { ...changed },
    })
    const removal = await w.enqueue({
      kind: 'prime',
      operation: 'delete',
      payload: null,
      targetServerId: removed.id,
      targetRecord: { ...removed },
    })
    // Each write commits, then its answer is cut.
    const cut = new Set<string>()
    w.wire.interceptor = async (req, forward) => {
      const res = await forward()
      if ((req.method === 'PATCH' || req.method === 'DELETE') && !cut.has(req.method)) {
        cut.add(req.method)
        throw connectionReset()
      }
      return res
    }
    await w.coordinator.drain()
    expect((await w.entry(change.clientId)).state).toBe('unknown')
    expect((await w.entry(removal.clientId)).state).toBe('unknown')

    await w.settle()

    expect(await w.entry(change.clientId)).toMatchObject({ state: 'synced', serverId: changed.id })
    expect(await w.entry(removal.clientId)).toMatchObject({ state: 'synced', serverId: removed.id })
    expect(w.wire.writes(`/api/primes-indemnites/${changed.id}`).map((e) => e.method)).toEqual(['PATCH'])
    expect(w.wire.writes(`/api/primes-indemnites/${removed.id}`).map((e) => e.method)).toEqual(['DELETE'])
    expect(w.sandbox.store.primesIndemnites.find((p) => p.id === changed.id)?.montant).toBe('321.00')
    expect(w.sandbox.store.primesIndemnites.some((p) => p.id === removed.id)).toBe(false)
  })
})
