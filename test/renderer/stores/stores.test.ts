import '../support/db'

import { createPinia, disposePinia, setActivePinia } from 'pinia'
import type { Pinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { recordClaim } from '../../../src-renderer/db/claims'
import { getMeta, setMeta } from '../../../src-renderer/db/meta'
import { writeEntries } from '../../../src-renderer/db/write'
import { OutboxError } from '../../../src-renderer/db/outbox'
import type { PaieDb } from '../../../src-renderer/db/schema'
import { configureServices } from '../../../src-renderer/services/app-services'
import { useOutboxStore } from '../../../src-renderer/stores/outbox'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import { createSyncCoordinator } from '../../../src-renderer/sync/coordinator'
import type { SyncCoordinator } from '../../../src-renderer/sync/coordinator'
import { dbWithReference, freshDb, testEnv } from '../support/db'
import { ManualClock, acceptAll, fakeApi, fakeLockManager } from '../support/fakes'
import type { FakeApi } from '../support/fakes'
import { SIREN, SIREN_2, valid } from '../support/fixtures'
import { testCsvWords } from '../support/words'

let db: PaieDb
let api: FakeApi
let clock: ManualClock
let coordinator: SyncCoordinator
let pinia: Pinia

function wire(database: PaieDb): void {
  db = database
  clock = new ManualClock()
  api = fakeApi()
  coordinator = createSyncCoordinator({ db, api, locks: fakeLockManager(), timers: clock, now: clock.now, random: () => 0.5 })
  configureServices({ db, api, coordinator, now: clock.now, outboxEnv: testEnv(), networkOnline: () => true })
  pinia = createPinia()
  setActivePinia(pinia)
}

afterEach(async () => {
  coordinator.stop()
  disposePinia(pinia)
  await db.delete()
})

describe('useOutboxStore', () => {
  beforeEach(async () => {
    wire(await dbWithReference())
  })

  it('enqueue : compteurs à jour au retour ; saisie invalide : problèmes en français, rien d’écrit', async () => {
    const outbox = useOutboxStore()
    const ok = await outbox.enqueue({ kind: 'evp', payload: valid.evp() })
    expect(ok.ok).toBe(true)
    expect(outbox.countsByState.queued).toBe(1)
    expect(outbox.countsBySiren).toEqual({ [SIREN]: { queued: 1 } })
    const bad = await outbox.enqueue({ kind: 'evp', payload: valid.evp({ quantite: 'trois' }) })
    expect(bad).toMatchObject({ ok: false, issues: [{ champ: 'quantite', message: expect.stringMatching(/Quantité/) as unknown }] })
    expect(outbox.countsByState.queued).toBe(1)
  })

  it('enqueueMany, queryAfter, count, get, history, revise, cancel', async () => {
    const outbox = useOutboxStore()
    const { saved, results } = await outbox.enqueueMany([
      { kind: 'evp', payload: valid.evp() },
      { kind: 'prime', payload: valid.prime() },
      { kind: 'evp', payload: valid.evp({ siren: SIREN_2, matricule: 'D001' }) },
      { kind: 'evp', payload: valid.evp({ code_evp: '???' }) },
    ])
    expect(saved).toBe(3)
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false])
    expect(outbox.countsBySiren).toEqual({ [SIREN]: { queued: 2 }, [SIREN_2]: { queued: 1 } })
    expect(await outbox.count({ siren: SIREN })).toBe(2)
    expect(await outbox.count({ kind: 'prime' })).toBe(1)
    const page = await outbox.queryAfter({ state: 'queued' }, null, 2)
    expect(page).toHaveLength(2)
    const first = results[0]
    if (!first?.ok) throw new Error('attendu valide')
    expect(await outbox.get(first.entry.clientId)).toMatchObject({ kind: 'evp' })
    expect(await outbox.revise(first.entry.clientId, valid.evp({ quantite: '7' }))).toMatchObject({
      ok: true,
      entry: { payload: { quantite: '7' } },
    })
    expect((await outbox.cancel(first.entry.clientId)).state).toBe('cancelled')
    expect(outbox.countsByState).toMatchObject({ queued: 2, cancelled: 1 })
    await expect(outbox.cancel(first.entry.clientId)).rejects.toBeInstanceOf(OutboxError)
    expect(await outbox.history(first.entry.clientId)).toMatchObject({ entry: { state: 'cancelled' }, revisions: [], audit: [] })
    const csv = await outbox.exportQueueCsv(testCsvWords(), { siren: SIREN })
    expect(csv.split('\r\n')).toHaveLength(3)
    expect((await outbox.exportAuditCsv(testCsvWords())).startsWith('\uFEFFHorodatage;')).toBe(true)
  })

  it('listPeriod : les saisies du dossier et de la période en une lecture, dans l’ordre de la file, réservations appliquées', async () => {
    const outbox = useOutboxStore()
    const inputs = Array.from({ length: 36 }, (_, i) =>
      i % 4 === 0
        ? { kind: 'prime' as const, payload: valid.prime({ montant: `${i + 1}.00` }) }
        : i % 5 === 0
          ? { kind: 'evp' as const, payload: valid.evp({ siren: SIREN_2, matricule: 'D001', quantite: `${i}` }) }
          : i % 3 === 0
            ? { kind: 'evp' as const, payload: valid.evp({ periode: '2026-12', quantite: `${i}` }) }
            : { kind: 'evp' as const, payload: valid.evp({ quantite: `${i}` }) },
    )
    // An absence belongs to the month it starts in (its scope's period): one spanning November and December to
    // November, one starting in December to December.
    const absences = [
      { kind: 'absence' as const, payload: valid.absence({ date_debut: '2026-11-30', date_fin: '2026-12-02' }) },
      { kind: 'absence' as const, payload: valid.absence({ date_debut: '2026-12-14', date_fin: '2026-12-15' }) },
    ]
    expect((await outbox.enqueueMany([...inputs, ...absences])).saved).toBe(inputs.length + 2)
    // Ten rows of the period changed by one write at one instant: the order between them is the client id's.
    const tied = (await db.outbox.toArray()).filter((e) => e.siren === SIREN && e.periode === '2026-11').slice(0, 10)
    const at = '2026-11-20T10:00:00.000Z'
    await db.transaction('rw', db.outbox, db.counts, db.claims, () =>
      writeEntries(
        db,
        tied.map((before) => ({ before, after: { ...before, updatedAt: at } })),
      ),
    )
    const claimed = (await db.outbox.toArray()).find((e) => e.siren === SIREN && e.periode === '2026-11')
    if (claimed === undefined) throw new Error('attendu : une saisie de la période')
    await recordClaim(db, [claimed])

    const listed = await outbox.listPeriod(SIREN, '2026-11')
    expect(listed.filter((e) => e.updatedAt === at)).toHaveLength(10)
    const paged = (await outbox.queryAfter({ siren: SIREN }, null, 1_000)).filter((e) => e.periode === '2026-11')
    expect(listed.map((e) => e.clientId)).toEqual(paged.map((e) => e.clientId))
    expect(listed.length).toBe(inputs.filter((i) => i.payload.siren === SIREN && i.payload.periode === '2026-11').length + 1)
    expect(listed.every((e) => e.siren === SIREN && e.periode === '2026-11')).toBe(true)
    expect(new Set(listed.map((e) => e.kind))).toEqual(new Set(['evp', 'prime', 'absence']))
    expect(listed.find((e) => e.clientId === claimed.clientId)?.state).toBe('sending')
    expect(listed.filter((e) => e.state === 'sending')).toHaveLength(1)
    const december = await outbox.listPeriod(SIREN, '2026-12')
    expect(december.map((e) => e.kind).sort()).toEqual(['absence', ...Array<string>(december.length - 1).fill('evp')])
    expect(december.length).toBe(1 + inputs.filter((i) => i.payload.periode === '2026-12' && i.payload.siren === SIREN).length)
    expect(await outbox.listPeriod('999999999', '2026-11')).toEqual([])
  })

  it('une nouvelle saisie déclenche l’envoi après l’anti-rebond ; les compteurs suivent la synchronisation (liveQuery)', async () => {
    const outbox = useOutboxStore()
    await useSyncStore().start()
    await outbox.enqueue({ kind: 'evp', payload: valid.evp() })
    expect(api.pushes).toHaveLength(0)
    clock.advance(1_500)
    await vi.waitFor(() => {
      expect(api.pushes).toHaveLength(1)
    })
    await vi.waitFor(() => {
      expect(outbox.countsByState).toMatchObject({ queued: 0, synced: 1 })
    })
  })
})

describe('useReferenceStore', () => {
  beforeEach(() => {
    wire(freshDb())
  })

  it('vide avant la première actualisation, puis dossiers, salariés, codes, droits et âge du cache', async () => {
    const reference = useReferenceStore()
    await reference.load()
    expect(reference.fetchedAt).toBeNull()
    expect(reference.ageMinutes).toBeNull()
    expect(await reference.refresh()).toBe(true)
    expect(reference.refreshing).toBe(false)
    expect(reference.error).toBeNull()
    expect(reference.dossiers.map((d) => d.siren)).toEqual([SIREN_2, SIREN])
    expect(reference.dossier(SIREN)?.raison_sociale).toBe('Boulangerie Martin')
    expect(reference.salaries(SIREN)).toHaveLength(22)
    expect(reference.salarie(SIREN, 'M001')?.prenom).toBe('Jeanne')
    expect(reference.salarie(SIREN, 'X')).toBeUndefined()
    expect(reference.codesEvp[SIREN]?.map((c) => c.code)).toEqual(['HS25', 'OBS'])
    expect(reference.codesAbsences[SIREN]).toHaveLength(2)
    expect(reference.codesPrimes[SIREN]).toHaveLength(1)
    expect(reference.droits).toContain('elements_variables')
    expect(reference.fetchedAt).toBe('2026-11-20T08:00:00.000Z')
    expect(reference.ageMinutes).toBe(60)
  })

  it('au démarrage, par étapes : les dossiers de l’accueil, puis les codes, puis les salariés', async () => {
    const reference = useReferenceStore()
    expect(await reference.refresh()).toBe(true)
    // A new start: a fresh Pinia on the same database (the refreshed one disposed).
    disposePinia(pinia)
    pinia = createPinia()
    setActivePinia(pinia)
    const started = useReferenceStore()
    await started.loadHead()
    expect(started.dossiers.map((d) => d.siren)).toEqual([SIREN_2, SIREN])
    expect(started.fetchedAt).toBe('2026-11-20T08:00:00.000Z')
    expect(started.codesEvp[SIREN]).toBeUndefined()
    expect(started.salaries(SIREN)).toHaveLength(0)
    await started.loadCodes()
    expect(started.codesEvp[SIREN]?.map((c) => c.code)).toEqual(['HS25', 'OBS'])
    expect(started.salaries(SIREN)).toHaveLength(0)
    await started.loadPeople()
    expect(started.salaries(SIREN)).toHaveLength(22)
  })

  it('échec d’actualisation : message de main, cache gardé', async () => {
    const reference = useReferenceStore()
    await reference.refresh()
    api.reference = () => ({ ok: false, error: { code: 'HORS_LIGNE', message: 'Service de paie injoignable.' } })
    expect(await reference.refresh()).toBe(false)
    expect(reference.error).toEqual({ code: 'HORS_LIGNE', message: 'Service de paie injoignable.' })
    expect(reference.dossiers).toHaveLength(2)
  })

  it('une actualisation qui rend le droit lève la pause de sa catégorie', async () => {
    const sync = useSyncStore()
    await sync.start()
    await setMeta(db, 'sync.categoryPauses', [
      { category: 'elements_variables', message: 'Droit manquant.', resumeAt: new Date(clock.ms + 300_000).toISOString() },
    ])
    await coordinator.drain()
    expect(sync.categoryPauses.map((p) => p.category)).toEqual(['elements_variables'])
    await useReferenceStore().refresh()
    expect(sync.categoryPauses).toEqual([])
    expect(await getMeta(db, 'sync.categoryPauses')).toEqual([])
  })
})

describe('useSyncStore', () => {
  beforeEach(async () => {
    wire(await dbWithReference())
  })

  it('reflète l’état du coordinateur : pause, dernière synchro, erreurs', async () => {
    const sync = useSyncStore()
    await useOutboxStore().enqueue({ kind: 'evp', payload: valid.evp() })
    api.push = (items) => ({
      ok: true,
      value: {
        outcomes: items.map((i) => ({
          clientId: i.clientId,
          revision: i.revision,
          result: 'requeue' as const,
          serverId: null,
          error: null,
          attempts: [],
        })),
        pause: { code: 'TROP_DE_REQUETES', message: 'Attendez.', retryAfterMs: 10_000 },
        categoryPauses: [],
      },
    })
    await sync.start()
    expect(sync.online).toBe(true)
    expect(sync.running).toBe(false)
    expect(sync.pause).toEqual({ code: 'TROP_DE_REQUETES', message: 'Attendez.', resumeAt: new Date(clock.ms + 10_000).toISOString() })
    expect(sync.lastSyncAt).toBeNull()
    api.push = acceptAll
    await sync.syncNow()
    expect(sync.pause).toBeNull()
    expect(sync.lastSyncAt).toBe(new Date(clock.ms).toISOString())
  })

  it('probe : hors ligne quand le service ne répond pas, reprise quand il revient', async () => {
    const sync = useSyncStore()
    api.probe = { online: false, version: null, checkedAt: '2026-11-20T09:00:00.000Z', message: 'Service de paie injoignable.' }
    await sync.start()
    expect(sync.online).toBe(false)
    await useOutboxStore().enqueue({ kind: 'evp', payload: valid.evp() })
    api.probe = { ...api.probe, online: true, version: '1.13.0' }
    await sync.probe()
    expect(sync.online).toBe(true)
    expect(api.pushes).toHaveLength(1)
  })
})
