import '../support/db'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { shownCounts } from '../../../src-renderer/db/claims'
import { countsByState } from '../../../src-renderer/db/counts'
import { getMeta, setMeta } from '../../../src-renderer/db/meta'
import { enqueueMany } from '../../../src-renderer/db/outbox'
import type { NewEntryInput } from '../../../src-renderer/db/outbox'
import { claimBatch } from '../../../src-renderer/db/outbox-sync'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { createSyncCoordinator } from '../../../src-renderer/sync/coordinator'
import type { OnlineEvents, SyncCoordinator, SyncCoordinatorDeps } from '../../../src-renderer/sync/coordinator'
import { CATEGORIES } from '../../../src-shared/api/categories'
import type { SyncItem, SyncOutcome } from '../../../src-shared/domain/sync-protocol'
import { dbWithReference, testEnv } from '../support/db'
import { ManualClock, acceptAll, fakeApi, fakeLockManager, syncedOutcome } from '../support/fakes'
import type { FakeApi } from '../support/fakes'
import { valid } from '../support/fixtures'
import { allAuditRecords } from '../../../src-renderer/db/audit'

let db: PaieDb
const coordinators: SyncCoordinator[] = []

afterEach(async () => {
  for (const c of coordinators.splice(0)) c.stop()
  await db.delete()
})

interface Harness {
  readonly clock: ManualClock
  readonly api: FakeApi
  readonly coordinator: SyncCoordinator
}

async function harness(overrides: Partial<SyncCoordinatorDeps> = {}): Promise<Harness> {
  db = await dbWithReference()
  const clock = new ManualClock()
  const api = fakeApi()
  const coordinator = createSyncCoordinator({
    db,
    api,
    locks: fakeLockManager(),
    timers: clock,
    now: clock.now,
    random: () => 0.5,
    ...overrides,
  })
  coordinators.push(coordinator)
  return { clock, api, coordinator }
}

async function queue(
  n: number,
  make: (i: number) => NewEntryInput = (i) => ({
    kind: 'evp',
    payload: valid.evp({ matricule: `G${String(i % 20).padStart(3, '0')}`, quantite: `${(i % 9) + 1}` }),
  }),
): Promise<void> {
  const { saved } = await enqueueMany(
    db,
    Array.from({ length: n }, (_, i) => make(i)),
    testEnv(),
  )
  expect(saved).toBe(n)
}

function requeue(item: SyncItem): SyncOutcome {
  return { clientId: item.clientId, revision: item.revision, result: 'requeue', serverId: null, error: null, attempts: [] }
}

function unknown(item: SyncItem): SyncOutcome {
  return { ...requeue(item), result: 'unknown' }
}

describe('coordinateur de synchronisation', () => {
  it('envoie toute la file par lots de 200 et note la dernière synchronisation', async () => {
    const { api, coordinator, clock } = await harness()
    await queue(450)
    await coordinator.start()
    expect(api.pushes.map((b) => b.length)).toEqual([200, 200, 50])
    expect(new Set(api.pushes.flat().map((i) => i.clientId)).size).toBe(450)
    expect(await countsByState(db)).toMatchObject({ synced: 450, queued: 0, sending: 0 })
    expect(coordinator.status()).toMatchObject({
      running: false,
      pause: null,
      lastSyncAt: new Date(clock.ms).toISOString(),
      lastError: null,
      progress: null,
    })
    // One audit record per entry, held in one row per push (schema v21).
    expect(await allAuditRecords(db)).toHaveLength(450)
    expect(await db.audit.count()).toBe(3)
  })

  it('se met en pause sur une erreur globale, reprend à l’heure du Retry-After', async () => {
    const { api, coordinator, clock } = await harness()
    await queue(30)
    api.push = (items) => ({
      ok: true,
      value: {
        outcomes: items.map((i, n) => (n < 10 ? syncedOutcome(i) : requeue(i))),
        pause: { code: 'TROP_DE_REQUETES', message: 'Trop de requêtes : le service demande d’attendre.', retryAfterMs: 30_000 },
        categoryPauses: [],
      },
    })
    const start = clock.ms
    await coordinator.start()
    expect(api.pushes).toHaveLength(1)
    const resumeAt = new Date(start + 30_000).toISOString()
    expect(coordinator.status().pause).toEqual({
      code: 'TROP_DE_REQUETES',
      message: 'Trop de requêtes : le service demande d’attendre.',
      resumeAt,
    })
    expect(await getMeta(db, 'sync.pause')).toMatchObject({ resumeAt, fromServer: true })
    expect(await countsByState(db)).toMatchObject({ synced: 10, queued: 20 })
    expect(clock.pending()).toEqual([start + 30_000])

    api.push = acceptAll
    await coordinator.drain() // a trigger during the pause sends nothing
    expect(api.pushes).toHaveLength(1)
    clock.advance(29_999)
    await coordinator.drain()
    expect(api.pushes).toHaveLength(1)
    clock.advance(1) // the backoff timer fires
    await vi.waitFor(() => {
      expect(api.pushes).toHaveLength(2)
    })
    await coordinator.drain()
    expect(await countsByState(db)).toMatchObject({ synced: 30, queued: 0 })
    expect(coordinator.status().pause).toBeNull()
    expect(await getMeta(db, 'sync.failures')).toBe(0)
  })

  it('sans Retry-After, attend selon le backoff exponentiel à gigue complète', async () => {
    const { api, coordinator, clock } = await harness({ random: () => 0.5 })
    await queue(3)
    api.push = (items) => ({
      ok: true,
      value: {
        outcomes: items.map(requeue),
        pause: { code: 'HORS_LIGNE', message: 'Service injoignable.', retryAfterMs: null },
        categoryPauses: [],
      },
    })
    const start = clock.ms
    await coordinator.start()
    expect(coordinator.status().pause?.resumeAt).toBe(new Date(start + 500).toISOString()) // 0.5 × 1 s
    clock.advance(500)
    await vi.waitFor(() => {
      expect(api.pushes).toHaveLength(2)
    })
    await coordinator.drain()
    expect(coordinator.status().pause?.resumeAt).toBe(new Date(start + 500 + 1_000).toISOString()) // 0.5 × 2 s
    expect(await getMeta(db, 'sync.failures')).toBe(2)
  })

  it('un lot qui a avancé puis rencontré une erreur repart du délai de base, sans doubler (trouvé par le chaos)', async () => {
    const { api, coordinator, clock } = await harness({ random: () => 0.5 })
    await queue(30)
    // Each push: 5 entries go through, then a 500 pauses the rest (a service failing on 10% of requests).
    api.push = (items) => ({
      ok: true,
      value: {
        outcomes: items.map((i, n) => (n < 5 ? syncedOutcome(i) : requeue(i))),
        pause: { code: 'ERREUR_SERVEUR', message: 'Erreur interne du service de paie.', retryAfterMs: null },
        categoryPauses: [],
      },
    })
    let start = clock.ms
    await coordinator.start()
    for (let push = 1; push <= 4; push++) {
      // Always 0.5 × 1 s: the progress of the push reset the failure count before its pause was counted.
      expect(coordinator.status().pause?.resumeAt).toBe(new Date(start + 500).toISOString())
      expect(await getMeta(db, 'sync.failures')).toBe(1)
      clock.advance(500)
      start = clock.ms
      await vi.waitFor(() => {
        expect(api.pushes).toHaveLength(push + 1)
      })
      await coordinator.drain()
    }
    expect(await countsByState(db)).toMatchObject({ synced: 25 })
  })

  it('une pause de catégorie laisse passer les autres catégories, et se lève quand le droit revient', async () => {
    const { api, coordinator, clock } = await harness()
    await queue(20, (i) =>
      i % 2 === 0
        ? { kind: 'evp', payload: valid.evp({ matricule: `G${String(i).padStart(3, '0')}` }) }
        : { kind: 'absence', payload: valid.absence({ matricule: `G${String(i).padStart(3, '0')}` }) },
    )
    api.push = (items) => ({
      ok: true,
      value: {
        outcomes: items.map((i) => (i.kind === 'evp' ? requeue(i) : syncedOutcome(i))),
        pause: null,
        categoryPauses: items.some((i) => i.kind === 'evp')
          ? [{ category: 'elements_variables', message: 'Droit « éléments variables » manquant.' }]
          : [],
      },
    })
    await coordinator.start()
    expect(await countsByState(db)).toMatchObject({ synced: 10, queued: 10 })
    expect(coordinator.status().categoryPauses).toEqual([
      {
        category: 'elements_variables',
        message: 'Droit « éléments variables » manquant.',
        resumeAt: new Date(clock.ms + 5 * 60_000).toISOString(),
      },
    ])
    expect(coordinator.status().pause).toBeNull()

    // New absences still flow; EVP wait.
    await queue(3, (i) => ({
      kind: 'absence',
      payload: valid.absence({ matricule: 'M002', date_debut: `2026-11-1${i}`, date_fin: `2026-11-1${i}` }),
    }))
    await coordinator.drain()
    expect(api.pushes.at(-1)?.map((i) => i.kind)).toEqual(['absence', 'absence', 'absence'])
    expect(await countsByState(db)).toMatchObject({ synced: 13, queued: 10 })

    api.push = acceptAll
    await coordinator.rightsRefreshed(['elements_variables'])
    expect(coordinator.status().categoryPauses).toEqual([])
    expect(await countsByState(db)).toMatchObject({ synced: 23, queued: 0 })
  })

  it('les éléments d’une catégorie que /api/moi refuse attendent dans la file sans être envoyés, puis partent quand le droit arrive', async () => {
    const { api, coordinator } = await harness()
    await setMeta(
      db,
      'reference.droits',
      CATEGORIES.filter((c) => c !== 'absences'),
    )
    await queue(6, (i) =>
      i % 2 === 0
        ? { kind: 'evp', payload: valid.evp({ matricule: `G${String(i).padStart(3, '0')}` }) }
        : { kind: 'absence', payload: valid.absence({ matricule: `G${String(i).padStart(3, '0')}` }) },
    )

    await coordinator.start()

    expect(api.pushes.flat().map((i) => i.kind)).toEqual(['evp', 'evp', 'evp'])
    expect(await countsByState(db)).toMatchObject({ synced: 3, queued: 3, rejected: 0 })

    await setMeta(db, 'reference.droits', [...CATEGORIES])
    await coordinator.rightsRefreshed([...CATEGORIES])
    expect(api.pushes.at(-1)?.map((i) => i.kind)).toEqual(['absence', 'absence', 'absence'])
    expect(await countsByState(db)).toMatchObject({ synced: 6, queued: 0 })
  })

  it('pipeline : le premier lot part seul ; ensuite le lot k+1 est pris et soumis pendant que le lot k est en vol', async () => {
    const { api, coordinator } = await harness()
    await queue(650)
    const answers: (() => void)[] = []
    api.push = async (items) => {
      await new Promise<void>((resolve) => answers.push(resolve))
      return acceptAll(items)
    }
    const started = coordinator.start()
    await vi.waitFor(
      () => {
        expect(answers).toHaveLength(1)
      },
      { timeout: 15_000 },
    )
    // While the first batch is in flight, nothing else is claimed (the road is not known to work yet).
    await new Promise((r) => setTimeout(r, 50))
    expect(api.pushes).toHaveLength(1)
    expect((await shownCounts(db)).byState).toMatchObject({ sending: 200, queued: 450 })
    answers[0]!()
    // The first went through: the second is submitted, and the third with it, before the second's answer.
    await vi.waitFor(
      () => {
        expect(answers).toHaveLength(3)
      },
      { timeout: 15_000 },
    )
    expect((await shownCounts(db)).byState).toMatchObject({ synced: 200, sending: 400, queued: 50 })
    answers[1]!()
    await vi.waitFor(
      () => {
        expect(answers).toHaveLength(4)
      },
      { timeout: 15_000 },
    )
    answers[2]!()
    answers[3]!()
    await started
    expect(api.pushes.map((b) => b.length)).toEqual([200, 200, 200, 50])
    expect(new Set(api.pushes.flat().map((i) => i.clientId)).size).toBe(650)
    expect((await shownCounts(db)).byState).toMatchObject({ synced: 650, sending: 0, queued: 0 })
  })

  it('pipeline : un lot en vol derrière un lot qui met la file en pause est rangé, sans compter la pause deux fois', async () => {
    const { api, coordinator } = await harness()
    await queue(650)
    let round = 0
    const pause = { code: 'TROP_DE_REQUETES', message: 'Le service de paie limite le nombre de requêtes.', retryAfterMs: 2_000 }
    api.push = (items) => {
      round += 1
      // Round 2 meets a 429 after its first half; round 3 was submitted behind it: main answers it with the same pause.
      if (round === 2)
        return { ok: true, value: { outcomes: items.map((i, n) => (n < 100 ? syncedOutcome(i) : requeue(i))), pause, categoryPauses: [] } }
      if (round === 3) return { ok: true, value: { outcomes: items.map((i) => requeue(i)), pause, categoryPauses: [] } }
      return acceptAll(items)
    }
    await coordinator.start()
    expect(api.pushes.map((b) => b.length)).toEqual([200, 200, 200])
    expect(await countsByState(db)).toMatchObject({ synced: 300, queued: 350, sending: 0 })
    expect(coordinator.status().pause?.code).toBe('TROP_DE_REQUETES')
    expect(await getMeta(db, 'sync.failures')).toBe(1)
  })

  it('un seul pilote à la fois entre fenêtres : deux coordinateurs, un seul verrou', async () => {
    db = await dbWithReference()
    const clock = new ManualClock()
    const api = fakeApi()
    const locks = fakeLockManager()
    const make = (): SyncCoordinator => createSyncCoordinator({ db, api, locks, timers: clock, now: clock.now, random: () => 0.5 })
    const [a, b] = [make(), make()]
    coordinators.push(a, b)
    await queue(450)
    await Promise.all([a.start(), b.start(), a.drain(), b.drain()])
    // One driver: at most its two pipelined batches at once (one running in main, one waiting in its lane).
    expect(api.maxConcurrentPushes).toBeLessThanOrEqual(2)
    expect(locks.maxHolders).toBe(1)
    const sent = api.pushes.flat().map((i) => i.clientId)
    expect(sent).toHaveLength(450)
    expect(new Set(sent).size).toBe(450)
    expect(await countsByState(db)).toMatchObject({ synced: 450, sending: 0 })
  })

  it('attend 1,5 s sans nouvelle saisie avant d’envoyer (anti-rebond)', async () => {
    const { api, coordinator, clock } = await harness()
    await coordinator.start()
    for (let i = 0; i < 3; i++) {
      await queue(1)
      coordinator.notifyNewEntries()
      clock.advance(1_000)
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(api.pushes).toHaveLength(0)
    clock.advance(500)
    await vi.waitFor(() => {
      expect(api.pushes).toHaveLength(1)
    })
    await coordinator.drain()
    expect(api.pushes[0]).toHaveLength(3)
  })

  it('renvoie les saisies « à vérifier » avec reconcile au lot suivant', async () => {
    const { api, coordinator } = await harness()
    await queue(3)
    let round = 0
    api.push = (items) => {
      round += 1
      return {
        ok: true,
        value: { outcomes: items.map((i, n) => (round === 1 && n === 2 ? unknown(i) : syncedOutcome(i))), pause: null, categoryPauses: [] },
      }
    }
    await coordinator.start()
    expect(api.pushes.map((b) => b.map((i) => i.reconcile))).toEqual([[false, false, false], [true]])
    expect(api.pushes[1]?.[0]?.clientId).toBe(api.pushes[0]?.[2]?.clientId)
    expect(await countsByState(db)).toMatchObject({ synced: 3, unknown: 0 })
  })

  it('attend la fin du délai de stabilisation d’une saisie sans réponse avant de la réconcilier, sans retenir les autres', async () => {
    const { api, coordinator, clock } = await harness()
    await queue(1)
    const settleUntil = new Date(clock.now() + 45_000).toISOString()
    api.push = (items) => ({
      ok: true,
      value: { outcomes: items.map((i) => ({ ...unknown(i), settleUntil })), pause: null, categoryPauses: [] },
    })
    await coordinator.start()
    expect(api.pushes).toHaveLength(1)
    expect(await countsByState(db)).toMatchObject({ unknown: 1 })
    // Other entries keep draining meanwhile (once the clerk lifts the short pause of a push without progress); the
    // unsettled one is not claimed.
    api.push = acceptAll
    await queue(2, (i) => ({ kind: 'evp', payload: valid.evp({ matricule: 'G001', quantite: `${i + 5}` }) }))
    await coordinator.syncNow()
    expect(api.pushes[1]?.map((i) => i.reconcile)).toEqual([false, false])
    expect(clock.pending()).toContain(Date.parse(settleUntil))
    clock.advance(45_000)
    await vi.waitFor(() => {
      expect(api.pushes).toHaveLength(3)
    })
    await coordinator.drain()
    expect(api.pushes[2]?.map((i) => i.reconcile)).toEqual([true])
    expect(await countsByState(db)).toMatchObject({ synced: 3, unknown: 0 })
  })

  it('contrôle les doublons probables d’une saisie renvoyée une fois le renvoi stabilisé, et les signale', async () => {
    const { api, coordinator, clock } = await harness()
    await queue(1)
    const verifyAfter = new Date(clock.now() + 45_000).toISOString()
    api.push = (items) => ({
      ok: true,
      value: {
        outcomes: items.map((i) => ({ ...syncedOutcome(i), sendWindow: { from: verifyAfter, to: verifyAfter }, verifyAfter })),
        pause: null,
        categoryPauses: [],
      },
    })
    const verified: string[] = []
    const duplicate = {
      id: '22222222-2222-4222-8222-222222222222',
      relation: 'identique' as const,
      fields: {},
      date_creation: null,
      date_modification: null,
      cree_par: null,
    }
    api.verify = (items) => {
      verified.push(...items.map((i) => i.clientId))
      return {
        ok: true,
        value: {
          results: items.map((i) => ({
            clientId: i.clientId,
            revision: i.revision,
            status: 'done' as const,
            duplicates: [duplicate],
            attempts: [],
          })),
          pause: null,
        },
      }
    }
    await coordinator.start()
    expect(verified).toEqual([])
    clock.advance(45_000)
    await vi.waitFor(() => {
      expect(verified).toHaveLength(1)
    })
    await coordinator.drain()
    const [row] = await db.outbox.toArray()
    expect(row).toMatchObject({ state: 'synced', verifyAfter: null, duplicates: [{ id: duplicate.id }] })
  })

  it('au démarrage, reprend les saisies laissées « en cours d’envoi » en réconciliation', async () => {
    const { api, coordinator } = await harness()
    await queue(2)
    await claimBatch(db, 10, [], testEnv()) // a crash left them `sending`
    await coordinator.start()
    expect(api.pushes).toHaveLength(1)
    expect(api.pushes[0]?.every((i) => i.reconcile)).toBe(true)
  })

  it('refus IPC avant l’envoi : remet en attente et se met en pause', async () => {
    const { api, coordinator } = await harness()
    await queue(4)
    api.push = () => ({
      ok: false,
      error: { code: 'EXPEDITEUR_REFUSE', message: 'Demande refusée : elle ne vient pas de la fenêtre de l’application.' },
    })
    await coordinator.start()
    expect(await countsByState(db)).toMatchObject({ queued: 4, sending: 0, unknown: 0 })
    expect(coordinator.status()).toMatchObject({
      pause: { code: 'EXPEDITEUR_REFUSE' },
      lastError: expect.stringContaining('Demande refusée') as unknown,
    })
  })

  it('ENTREE_INVALIDE nommant une saisie : elle seule est refusée, les autres repartent', async () => {
    const { api, coordinator } = await harness()
    await queue(3)
    let round = 0
    api.push = (items) => {
      round += 1
      if (round === 1) {
        return {
          ok: false,
          error: {
            code: 'ENTREE_INVALIDE',
            message: 'Les données transmises sont invalides.',
            details: [{ code: 'custom', path: ['items', 1, 'payload', 'quantite'], message: 'Quantité illisible' }],
          },
        }
      }
      return acceptAll(items)
    }
    await coordinator.start()
    expect(api.pushes.map((b) => b.length)).toEqual([3, 2])
    const rejected = await db.outbox.get(api.pushes[0]![1]!.clientId)
    expect(rejected).toMatchObject({
      state: 'rejected',
      error: { code: 'ENVOI_INVALIDE', champs: [{ champ: 'quantite', message: 'Quantité illisible' }] },
    })
    expect(coordinator.status().pause).toBeNull()
  })

  it('erreur interne de main ou appel IPC cassé : les saisies deviennent « à vérifier », jamais renvoyées à l’aveugle', async () => {
    const { api, coordinator, clock } = await harness()
    await queue(2)
    api.push = () => ({ ok: false, error: { code: 'ERREUR_INTERNE', message: 'Une erreur inattendue est survenue.' } })
    await coordinator.start()
    expect(await countsByState(db)).toMatchObject({ unknown: 2, queued: 0 })
    expect(coordinator.status().pause?.code).toBe('ERREUR_INTERNE')

    api.push = () => Promise.reject(new Error('canal fermé'))
    clock.advance(60_000)
    await vi.waitFor(() => {
      expect(api.pushes).toHaveLength(2)
    })
    await coordinator.drain()
    expect(api.pushes[1]?.every((i) => i.reconcile)).toBe(true)
    expect(await countsByState(db)).toMatchObject({ unknown: 2 })
    expect(coordinator.status().pause?.code).toBe('IPC_INDISPONIBLE')
  })

  it('« Synchroniser maintenant » lève la pause globale et envoie aussitôt', async () => {
    const { api, coordinator } = await harness()
    await queue(2)
    api.push = (items) => ({
      ok: true,
      value: {
        outcomes: items.map(requeue),
        pause: { code: 'TROP_DE_REQUETES', message: 'Attendez.', retryAfterMs: 120_000 },
        categoryPauses: [],
      },
    })
    await coordinator.start()
    expect(coordinator.status().pause).not.toBeNull()
    api.push = acceptAll
    await coordinator.syncNow()
    expect(coordinator.status().pause).toBeNull()
    expect(await countsByState(db)).toMatchObject({ synced: 2 })
  })

  it('retour en ligne : lève une pause réseau, garde une pause demandée par le serveur', async () => {
    let listener: (() => void) | null = null
    const events: OnlineEvents = {
      addEventListener: (_type, l) => {
        listener = l
      },
      removeEventListener: () => {
        listener = null
      },
    }
    let networkUp = false
    const { api, coordinator } = await harness({ events, isOnline: () => networkUp })
    await queue(2)
    await coordinator.start()
    expect(api.pushes).toHaveLength(0) // navigator.onLine false: nothing tried

    networkUp = true
    api.push = (items) => ({
      ok: true,
      value: {
        outcomes: items.map(requeue),
        pause: { code: 'HORS_LIGNE', message: 'Service injoignable.', retryAfterMs: null },
        categoryPauses: [],
      },
    })
    await coordinator.drain()
    expect(coordinator.status().pause?.code).toBe('HORS_LIGNE')
    api.push = acceptAll
    listener!()
    await vi.waitFor(async () => {
      expect(await countsByState(db)).toMatchObject({ synced: 2 })
    })

    await queue(1)
    api.push = (items) => ({
      ok: true,
      value: {
        outcomes: items.map(requeue),
        pause: { code: 'TROP_DE_REQUETES', message: 'Attendez.', retryAfterMs: 60_000 },
        categoryPauses: [],
      },
    })
    await coordinator.drain()
    const pushes = api.pushes.length
    listener!()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await coordinator.drain()
    expect(api.pushes).toHaveLength(pushes)
    expect(coordinator.status().pause?.code).toBe('TROP_DE_REQUETES')
  })

  it('un lot sans aucun progrès ni raison donnée : recul exponentiel plutôt qu’une boucle', async () => {
    const { api, coordinator } = await harness()
    await queue(2)
    api.push = (items) => ({ ok: true, value: { outcomes: items.map(unknown), pause: null, categoryPauses: [] } })
    await coordinator.start()
    expect(api.pushes).toHaveLength(1)
    expect(coordinator.status().pause?.code).toBe('AUCUN_PROGRES')
    expect(await countsByState(db)).toMatchObject({ unknown: 2 })
  })

  it('relaie la progression de l’envoi en cours', async () => {
    const { api, coordinator } = await harness()
    await queue(2)
    const seen: ({ done: number; total: number } | null)[] = []
    coordinator.subscribe((s) => seen.push(s.progress))
    api.push = (items) => {
      api.emitProgress({ done: 1, total: 2, clientId: items[0]!.clientId, result: 'synced' })
      return acceptAll(items)
    }
    await coordinator.start()
    expect(seen).toContainEqual({ done: 0, total: 2 })
    expect(seen).toContainEqual({ done: 1, total: 2 })
    expect(coordinator.status().progress).toBeNull()
  })
})
