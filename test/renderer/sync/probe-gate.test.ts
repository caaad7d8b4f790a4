import '../support/db'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { countsByState } from '../../../src-renderer/db/counts'
import { getMeta } from '../../../src-renderer/db/meta'
import type { StoredPause } from '../../../src-renderer/db/meta'
import { enqueueMany } from '../../../src-renderer/db/outbox'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { createSyncCoordinator } from '../../../src-renderer/sync/coordinator'
import type { SyncCoordinator } from '../../../src-renderer/sync/coordinator'
import { UNREACHABLE_PAUSE_CODES, beforeClaim, isUnreachablePause } from '../../../src-renderer/sync/probe-gate'
import type { SyncItem, SyncOutcome } from '../../../src-shared/domain/sync-protocol'
import { dbWithReference, testEnv } from '../support/db'
import { ManualClock, acceptAll, fakeApi, fakeLockManager } from '../support/fakes'
import { valid } from '../support/fixtures'
import { allAuditRecords } from '../../../src-renderer/db/audit'

const OFFLINE_PAUSE: StoredPause = {
  code: 'RESEAU_INJOIGNABLE',
  message: 'Service de paie injoignable.',
  resumeAt: '2026-11-20T09:00:01.000Z',
  fromServer: false,
}

describe('probe avant de prendre un lot : la décision', () => {
  it('sans sonde, ou après une pause qui n’est pas réseau, prend le lot sans sonder', async () => {
    const probe = vi.fn(() => Promise.resolve(false))
    expect(await beforeClaim(OFFLINE_PAUSE, undefined)).toEqual({ claim: true })
    expect(await beforeClaim(null, probe)).toEqual({ claim: true })
    expect(await beforeClaim(undefined, probe)).toEqual({ claim: true })
    expect(await beforeClaim({ ...OFFLINE_PAUSE, code: 'ERREUR_SERVEUR' }, probe)).toEqual({ claim: true })
    expect(await beforeClaim({ ...OFFLINE_PAUSE, code: 'TROP_DE_REQUETES', fromServer: true }, probe)).toEqual({ claim: true })
    expect(probe).not.toHaveBeenCalled()
  })

  it('après une pause réseau, sonde : joignable → prend le lot ; injoignable ou sonde en échec → ne prend rien, même raison', async () => {
    expect([...UNREACHABLE_PAUSE_CODES].sort()).toEqual([
      'CONNEXION_ABSENTE',
      'CONNEXION_INTERROMPUE',
      'DELAI_DEPASSE',
      'IPC_INDISPONIBLE',
      'RESEAU_INJOIGNABLE',
    ])
    for (const code of UNREACHABLE_PAUSE_CODES) expect(isUnreachablePause({ code })).toBe(true)
    expect(isUnreachablePause({ code: 'AUCUN_PROGRES' })).toBe(false)
    expect(isUnreachablePause(null)).toBe(false)
    expect(await beforeClaim(OFFLINE_PAUSE, () => Promise.resolve(true))).toEqual({ claim: true })
    const refused = { claim: false, failure: { code: 'RESEAU_INJOIGNABLE', message: 'Service de paie injoignable.' } }
    expect(await beforeClaim(OFFLINE_PAUSE, () => Promise.resolve(false))).toEqual(refused)
    expect(await beforeClaim(OFFLINE_PAUSE, () => Promise.reject(new Error('IPC coupé')))).toEqual(refused)
  })
})

let db: PaieDb | null = null
const coordinators: SyncCoordinator[] = []

afterEach(async () => {
  for (const c of coordinators.splice(0)) c.stop()
  await db?.delete()
  db = null
})

/** Main's answer while the service is unreachable: nothing sent, each entry requeued with its failed attempt, a network pause. */
function unreachable(items: SyncItem[]) {
  const outcomes = items.map((i): SyncOutcome => ({
    clientId: i.clientId,
    revision: i.revision,
    result: 'requeue',
    serverId: null,
    error: null,
    attempts: [
      {
        at: '2026-11-20T09:00:00.000Z',
        operation: 'creer',
        method: 'POST',
        status: null,
        serverId: null,
        errorCode: 'RESEAU_INJOIGNABLE',
        errorBody: null,
        payloadHash: 'ab'.repeat(32),
        durationMs: 3,
      },
    ],
  }))
  return {
    ok: true as const,
    value: {
      outcomes,
      pause: { code: 'RESEAU_INJOIGNABLE', message: 'Service de paie injoignable.', retryAfterMs: null },
      categoryPauses: [],
    },
  }
}

describe('coordinateur avec sonde : hors ligne, aucun lot pris à chaque recul', () => {
  it('N fins de pause sans service : zéro lot pris, zéro ligne d’audit, aucune écriture dans la file ; le service revient : la file part', async () => {
    const database = (db = await dbWithReference())
    const clock = new ManualClock()
    const api = fakeApi(unreachable)
    let probes = 0
    const probe = async (): Promise<boolean> => {
      probes += 1
      const result = await api['connection:probe']({})
      return result.ok && result.value.online
    }
    const coordinator = createSyncCoordinator({
      db: database,
      api,
      locks: fakeLockManager(),
      timers: clock,
      now: clock.now,
      random: () => 0.5,
      probe,
    })
    coordinators.push(coordinator)
    const { saved } = await enqueueMany(
      database,
      Array.from({ length: 450 }, (_, i) => ({
        kind: 'evp',
        payload: valid.evp({ matricule: `G${String(i % 20).padStart(3, '0')}`, quantite: `${(i % 9) + 1}` }),
      })),
      testEnv(),
    )
    expect(saved).toBe(450)
    api.probe = { ...api.probe, online: false, version: null, message: 'Service de paie injoignable.' }

    // The first push finds the road broken (nothing said so before): one batch claimed and requeued, its attempts audited.
    await coordinator.start()
    expect(api.pushes.map((b) => b.length)).toEqual([200])
    expect(probes).toBe(0)
    const audited = (await allAuditRecords(database)).length
    expect(audited).toBe(200)
    const rows = await database.outbox.toArray()
    expect(await countsByState(database)).toMatchObject({ queued: 450, sending: 0 })

    // Every backoff tick from now on probes first and claims nothing.
    const TICKS = 8
    for (let tick = 1; tick <= TICKS; tick++) {
      const [wake] = clock.pending()
      expect(wake).toBeDefined()
      clock.advance((wake ?? clock.ms) - clock.ms)
      await vi.waitFor(() => {
        expect(probes).toBe(tick)
      })
      await coordinator.drain()
      expect(coordinator.status().pause?.code).toBe('RESEAU_INJOIGNABLE')
    }
    expect(api.pushes).toHaveLength(1)
    expect(await allAuditRecords(database)).toHaveLength(audited)
    expect(await database.outbox.toArray()).toEqual(rows) // not one row rewritten (no queued → sending → queued churn)
    expect(await countsByState(database)).toMatchObject({ queued: 450, sending: 0 })
    // Each tick counted as a failure: the backoff keeps growing (0.5 × 2^n s with this jitter).
    expect(await getMeta(database, 'sync.failures')).toBe(TICKS + 1)
    const pauseMs = Date.parse(coordinator.status().pause?.resumeAt ?? '') - clock.ms
    expect(pauseMs).toBe(0.5 * 1_000 * 2 ** TICKS)

    // The service answers again: the next tick's probe says so, the whole queue leaves.
    api.probe = { ...api.probe, online: true, version: '1.13.0', message: 'Service de paie joignable.' }
    api.push = acceptAll
    clock.advance(pauseMs)
    await vi.waitFor(
      () => {
        expect(api.pushes).toHaveLength(4)
      },
      { timeout: 15_000 },
    )
    await coordinator.drain()
    expect(api.pushes.slice(1).map((b) => b.length)).toEqual([200, 200, 50])
    expect(probes).toBe(TICKS + 1) // once the first batch went through the pause is lifted: no probe per batch
    expect(await countsByState(database)).toMatchObject({ synced: 450, queued: 0, sending: 0 })
    expect(coordinator.status().pause).toBeNull()
    expect(await getMeta(database, 'sync.failures')).toBe(0)
  })

  it('sans dépendance `probe`, le comportement d’avant : chaque fin de pause reprend un lot', async () => {
    const database = (db = await dbWithReference())
    const clock = new ManualClock()
    const api = fakeApi(unreachable)
    const coordinator = createSyncCoordinator({
      db: database,
      api,
      locks: fakeLockManager(),
      timers: clock,
      now: clock.now,
      random: () => 0.5,
    })
    coordinators.push(coordinator)
    await enqueueMany(database, [{ kind: 'evp', payload: valid.evp({ matricule: 'G001' }) }], testEnv())
    await coordinator.start()
    clock.advance(500)
    await vi.waitFor(() => {
      expect(api.pushes).toHaveLength(2)
    })
    await coordinator.drain()
    expect(await database.audit.count()).toBe(2)
  })
})

describe('coordinateur : pause déjà finie quand l’état est relu (gigue proche de 0)', () => {
  it('se réveille quand même à la fin de la pause sur laquelle il s’est arrêté, au lieu de rester inerte', async () => {
    const database = (db = await dbWithReference())
    const clock = new ManualClock()
    const api = fakeApi(unreachable)
    // random 0: full jitter gives a pause of 0 ms, over before the status is read (what a short jitter does on a busy machine).
    const coordinator = createSyncCoordinator({
      db: database,
      api,
      locks: fakeLockManager(),
      timers: clock,
      now: clock.now,
      random: () => 0,
    })
    coordinators.push(coordinator)
    await enqueueMany(database, [{ kind: 'evp', payload: valid.evp({ matricule: 'G001' }) }], testEnv())
    await coordinator.start()
    expect(api.pushes).toHaveLength(1)
    expect(coordinator.status().pause).toBeNull() // already over
    expect(clock.pending()).toEqual([clock.ms]) // ...yet a wake is set: the queue is not left without a trigger
    api.push = acceptAll
    clock.advance(0)
    await vi.waitFor(() => {
      expect(api.pushes).toHaveLength(2)
    })
    await coordinator.drain()
    expect(await countsByState(database)).toMatchObject({ synced: 1, queued: 0 })
    expect(clock.pending()).toEqual([]) // nothing failed: no wake left
  })
})
