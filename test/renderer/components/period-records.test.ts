// @vitest-environment happy-dom
/**
 * The period's records beside an entry screen (PeriodRecords.vue, issue 14 point 1), mounted with the app's real
 * stores over fake-indexeddb and a fake `window.api`: what the service holds and what this workstation entered, one
 * line each with its origin; the cache's age; offline, the cache without a request; after a sync batch that touched
 * the dossier, a new read; over 100 lines, the lines in view only, following a burst of writes with fewer merges.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { WhereClause } from 'dexie'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { watch } from 'vue'

import PeriodRecords from '../../../src-renderer/components/PeriodRecords.vue'
import type { StoredEntry } from '../../../src-renderer/db/schema'
import { enqueue, enqueueMany } from '../../../src-renderer/db/outbox'
import { refreshServiceRecords } from '../../../src-renderer/services/records-cache'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useServiceRecordsStore } from '../../../src-renderer/stores/serviceRecords'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { RecordsRefreshInput, RecordsRefreshResult } from '../../../src-shared/domain/service-records'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { SIREN, SIREN_2, valid } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { recordsAnswer, serviceAcompte, serviceEvp } from '../support/records'

let app: TestApp | null = null
let wrapper: VueWrapper | null = null

afterEach(async () => {
  wrapper?.unmount()
  wrapper = null
  await app?.dispose()
  app = null
})

/** Counts the `records:refresh` calls and answers `answer`. */
function serve(t: TestApp, answer: (input: RecordsRefreshInput) => RecordsRefreshResult): RecordsRefreshInput[] {
  const calls: RecordsRefreshInput[] = []
  t.api.records = (input): IpcResult<RecordsRefreshResult> => {
    calls.push(input)
    return { ok: true, value: answer(input) }
  }
  return calls
}

/**
 * Watches every array read of the outbox's rows through a `between` (the dossier's rows by `updatedAt`): its lower
 * bound's second key ('' reads the dossier from its first row) and the rows it gave (a `last()` gives one).
 */
function watchDossierReads(t: TestApp): { lower: string; rows: number }[] {
  const reads: { lower: string; rows: number }[] = []
  const table = t.db.outbox
  const where = table.where.bind(table) as (index: string) => WhereClause<StoredEntry, string>
  const spy = (index: string): WhereClause<StoredEntry, string> => {
    const clause = where(index)
    const between = clause.between.bind(clause)
    clause.between = (lower, upper, includeLower, includeUpper) => {
      const collection = between(lower, upper, includeLower, includeUpper)
      const toArray = collection.toArray.bind(collection)
      collection.toArray = (async (then?: (rows: StoredEntry[]) => unknown) => {
        const rows = await toArray()
        reads.push({ lower: String((lower as unknown[])[1]), rows: rows.length })
        return then === undefined ? rows : then(rows)
      }) as typeof collection.toArray
      return collection
    }
    return clause
  }
  vi.spyOn(table, 'where').mockImplementation(spy as unknown as typeof table.where)
  return reads
}

function origins(w: VueWrapper): string[] {
  return w.findAll('[data-testid^="period-record-"]').map((r) => `${r.attributes('data-origin') ?? ''}: ${r.text()}`)
}

describe('PeriodRecords', () => {
  it('lists the service’s records and this workstation’s entries with their origin; a synced entry and its record once', async () => {
    app = await testApp()
    const queued = await enqueue(app.db, { kind: 'evp', payload: valid.evp({ matricule: 'M002', quantite: '1' }) }, app.env)
    const mine = await enqueue(app.db, { kind: 'evp', payload: valid.evp() }, app.env)
    if (!queued.ok || !mine.ok) throw new Error('saisie refusée')
    const record = serviceEvp({ cree_par: 'demo-gestionnaire' })
    await app.db.outbox.update(mine.entry.clientId, { state: 'synced', serverId: record.id })
    const other = serviceEvp({ matricule: 'M002', code_evp: 'PRIME', quantite: null, montant: '120.00' })
    serve(app, () =>
      recordsAnswer([
        { kind: 'evp', record },
        { kind: 'evp', record: other },
        { kind: 'acompte', record: serviceAcompte() },
      ]),
    )
    await useReferenceStore().load()
    wrapper = mountIn(app, PeriodRecords, { siren: SIREN, periode: '2026-11' })
    await vi.waitFor(() => {
      expect(origins(wrapper as VueWrapper)).toHaveLength(4)
    })
    const lines = origins(wrapper)
    expect(lines.filter((l) => l.startsWith('synced: ') && l.includes('HS25'))).toHaveLength(1)
    expect(lines.some((l) => l.startsWith('queued: ') && l.includes('Bernard') && l.includes('HS25') && l.includes('En attente'))).toBe(
      true,
    )
    expect(lines.some((l) => l.startsWith('service: ') && l.includes('PRIME') && l.includes('120,00'))).toBe(true)
    expect(lines.some((l) => l.startsWith('service: ') && l.includes('Acompte') && l.includes('lecture seule'))).toBe(true)
    expect(wrapper.get('[data-testid="period-records-age"]').text()).toMatch(/^Lus sur le service le 20\/11\/2026 \d\d:00 \(il y a 3 h\)$/)
  })

  it('offline: the cached records with their age, and no request', async () => {
    app = await testApp()
    const calls = serve(app, (input) => recordsAnswer([{ kind: 'evp', record: serviceEvp() }], input))
    await refreshServiceRecords(app.db, app.api, SIREN, '2026-11')
    calls.length = 0
    useSyncStore().online = false
    await useReferenceStore().load()
    wrapper = mountIn(app, PeriodRecords, { siren: SIREN, periode: '2026-11', matricule: 'M001' })
    await vi.waitFor(() => {
      expect(origins(wrapper as VueWrapper)).toHaveLength(1)
    })
    expect(calls).toEqual([])
    expect(wrapper.get('[data-testid="period-records-age"]').text()).toContain('il y a 3 h')
    expect(wrapper.text()).toContain('Déjà sur la période novembre 2026 pour Durand Jeanne')
  })

  it('a kind refused for a missing right is said, the others are listed', async () => {
    app = await testApp()
    serve(app, (input) =>
      recordsAnswer([{ kind: 'acompte', record: serviceAcompte() }], { ...input, refused: { frais: 'frais_professionnels' } }),
    )
    wrapper = mountIn(app, PeriodRecords, { siren: SIREN, periode: '2026-11' })
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="period-records-refused"]').exists()).toBe(true)
    })
    expect(wrapper.get('[data-testid="period-records-refused"]').text()).toBe(
      'Frais professionnels : non lus, le droit « Frais professionnels » manque à votre accès API.',
    )
    expect(origins(wrapper)).toHaveLength(1)
  })

  it('never read and nothing local: says so; after a sync batch that touched the dossier, the records are read again', async () => {
    app = await testApp()
    const calls = serve(app, (input) => recordsAnswer([], input))
    useSyncStore().online = false
    wrapper = mountIn(app, PeriodRecords, { siren: SIREN, periode: '2026-11' })
    await flushPromises()
    expect(wrapper.get('[data-testid="period-records-age"]').text()).toBe(
      'Pas encore lus sur le service : ils le seront à la prochaine connexion.',
    )
    expect(wrapper.find('[data-testid="period-records-empty"]').exists()).toBe(true)
    useSyncStore().online = true
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1)
    }) // back online: read at once

    const queued = await enqueue(app.db, { kind: 'evp', payload: valid.evp() }, app.env)
    if (!queued.ok) throw new Error('saisie refusée')
    await app.coordinator.start()
    await app.coordinator.drain()
    await vi.waitFor(() => {
      expect(calls).toHaveLength(2)
    })
    await vi.waitFor(() => {
      expect(origins(wrapper as VueWrapper)).toEqual([expect.stringMatching(/^synced: /)])
    })
  })
})

describe('PeriodRecords, a dossier with other periods (issue 19, schema v20)', () => {
  it('reads the period shown and the rows a batch changed, never every row of the dossier; a batch of another dossier reads nothing again', async () => {
    app = await testApp()
    const calls = serve(app, (input) => recordsAnswer([], input))
    // The dossier's December, and one November entry: the list shows November's only.
    const december = Array.from({ length: 30 }, (_, i) => ({
      kind: 'evp' as const,
      payload: valid.evp({ periode: '2026-12', quantite: `${String(i + 1)}.00` }),
    }))
    expect(await enqueueMany(app.db, december, app.env)).toMatchObject({ saved: 30 })
    const november = await enqueue(app.db, { kind: 'evp', payload: valid.evp() }, app.env)
    if (!november.ok) throw new Error('saisie refusée')
    await app.coordinator.start()
    await app.coordinator.drain()
    expect((await app.db.outbox.toArray()).filter((e) => e.state === 'synced')).toHaveLength(31)
    const reads = watchDossierReads(app)

    wrapper = mountIn(app, PeriodRecords, { siren: SIREN, periode: '2026-11' })
    const store = useServiceRecordsStore()
    await vi.waitFor(() => {
      expect(calls).toHaveLength(1)
      expect(store.refreshing).toBe(false)
    })
    expect(store.entries.map((e) => e.clientId)).toEqual([november.entry.clientId])

    // A batch of another dossier: nothing of this one changed, no new read of the service.
    const other = await enqueue(app.db, { kind: 'evp', payload: valid.evp({ siren: SIREN_2, matricule: 'D001' }) }, app.env)
    if (!other.ok) throw new Error('saisie refusée')
    await app.coordinator.drain()
    expect((await app.db.outbox.get(other.entry.clientId))?.state).toBe('synced')
    await flushPromises()
    expect(calls).toHaveLength(1)

    // A batch that settles a new November entry of this dossier: read again.
    const second = await enqueue(app.db, { kind: 'evp', payload: valid.evp({ matricule: 'M002' }) }, app.env)
    if (!second.ok) throw new Error('saisie refusée')
    await app.coordinator.drain()
    await vi.waitFor(() => {
      expect(calls).toHaveLength(2)
    })
    await vi.waitFor(() => {
      expect(origins(wrapper as VueWrapper)).toEqual([expect.stringMatching(/^synced: /), expect.stringMatching(/^synced: /)])
    })
    expect(reads.filter((r) => r.lower !== '').length).toBeGreaterThan(0)
    expect(reads.filter((r) => r.rows > 1 && r.lower === '')).toEqual([])
  })
})

describe('PeriodRecords, a pasted block (issue 19, point 3)', () => {
  /** `count` EVP of the period, quantities 0.01, 0.02… (one element each). */
  function evps(count: number, from = 0) {
    return Array.from({ length: count }, (_, i) => ({
      kind: 'evp' as const,
      payload: valid.evp({
        matricule: i % 2 === 0 ? 'M001' : 'M002',
        quantite: (from + i + 1)
          .toString()
          .padStart(3, '0')
          .replace(/^(\d)(\d\d)$/, '$1.$2'),
      }),
    }))
  }

  it('over 100 lines renders those in view only; the entries follow each write, named or not, without a new read of the dossier', async () => {
    app = await testApp()
    serve(app, (input) => recordsAnswer([], input))
    const first = await enqueueMany(app.db, evps(150), app.env)
    expect(first.saved).toBe(150)
    await useReferenceStore().load()
    wrapper = mountIn(app, PeriodRecords, { siren: SIREN, periode: '2026-11' })
    const store = useServiceRecordsStore()
    await vi.waitFor(() => {
      expect(store.entries).toHaveLength(150)
    })
    await flushPromises()
    const shown = wrapper.findAll('[data-testid^="period-record-"]')
    expect(shown.length).toBeGreaterThan(10)
    expect(shown.length).toBeLessThan(100)
    expect(wrapper.get('[data-testid="period-records-scroll"]').classes()).toContain('records-scroll')
    expect(wrapper.get('table').attributes('aria-rowcount')).toBe('151')

    await vi.waitFor(() => {
      expect(store.read).not.toBeNull() // the records read from the service (open), then the dossier's entries again
      expect(store.refreshing).toBe(false)
    })
    await flushPromises()
    // Each read of the dossier's rows by `updatedAt`, by its lower bound: '' reads them all.
    const reads = watchDossierReads(app)
    // One entry, then 60 in one chunk: the app's writes name their rows (write.ts NAMED_PUT), read again by key.
    const one = await enqueue(app.db, { kind: 'evp', payload: valid.evp({ matricule: 'M002', quantite: '9.99' }) }, app.env)
    if (!one.ok) throw new Error('saisie refusée')
    await vi.waitFor(() => {
      expect(store.entries).toHaveLength(151)
    })
    expect(await enqueueMany(app.db, evps(60, 150), app.env)).toMatchObject({ saved: 60 })
    await vi.waitFor(() => {
      expect(store.entries).toHaveLength(211)
    })
    await flushPromises()
    expect(reads).toEqual([])
    // A write Dexie does not name (one call of 50 rows or more, as another window's might be): the rows changed since
    // the latest change seen are read.
    const later = new Date(Date.parse(one.entry.updatedAt) + 1000).toISOString()
    const rows = await app.db.outbox.toArray()
    expect(rows.length).toBeGreaterThanOrEqual(50)
    await app.db.outbox.bulkPut(rows.map((r) => (r.clientId === one.entry.clientId ? { ...r, state: 'rejected', updatedAt: later } : r)))
    await vi.waitFor(() => {
      expect(store.entries.find((e) => e.clientId === one.entry.clientId)?.state).toBe('rejected')
    })
    // No read of every entry of the dossier: only the rows changed since the latest change seen.
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.filter((r) => r.lower === '')).toEqual([])
  })

  it('a change that makes it a virtual list is merged and rendered in a task of its own, not in the one that read it', async () => {
    app = await testApp()
    serve(app, (input) => recordsAnswer([], input))
    expect((await enqueueMany(app.db, evps(20), app.env)).saved).toBe(20)
    await useReferenceStore().load()
    wrapper = mountIn(app, PeriodRecords, { siren: SIREN, periode: '2026-11' })
    const table = (): string | undefined => wrapper?.get('table').attributes('aria-rowcount')
    await vi.waitFor(() => {
      expect(table()).toBe('21')
    })
    const store = useServiceRecordsStore()
    // What the table showed when the store's entries passed 100, once Vue had flushed that change (same task).
    const seen: (string | undefined)[] = []
    const stop = watch(
      () => store.entries.length,
      (n) => {
        if (n > 100) seen.push(table())
      },
      { flush: 'post' },
    )
    try {
      expect((await enqueueMany(app.db, evps(130, 20), app.env)).saved).toBe(130)
      await vi.waitFor(() => {
        expect(table()).toBe('151')
      })
      // The first change past 100 left the table as it was in its own task (on the old code: '121' at once).
      expect(seen[0]).toBe('21')
      expect(wrapper.get('[data-testid="period-records-scroll"]').classes()).toContain('records-scroll')
    } finally {
      stop()
    }
  })

  it('over 100 lines follows a burst of writes with fewer merges than writes, then shows them all', async () => {
    app = await testApp()
    serve(app, (input) => recordsAnswer([], input))
    expect((await enqueueMany(app.db, evps(150), app.env)).saved).toBe(150)
    await useReferenceStore().load()
    wrapper = mountIn(app, PeriodRecords, { siren: SIREN, periode: '2026-11' })
    const table = (): string | undefined => wrapper?.get('table').attributes('aria-rowcount')
    await vi.waitFor(() => {
      expect(table()).toBe('151')
    })
    const counts: (string | null)[] = []
    const observer = new MutationObserver(() => counts.push(wrapper?.get('table').element.getAttribute('aria-rowcount') ?? null))
    observer.observe(wrapper.get('table').element, { attributes: true, attributeFilter: ['aria-rowcount'] })
    try {
      for (let i = 0; i < 8; i += 1) {
        const saved = await enqueue(
          app.db,
          { kind: 'evp', payload: valid.evp({ matricule: 'M002', quantite: `${String(i + 1)}.5` }) },
          app.env,
        )
        expect(saved.ok).toBe(true)
      }
      await vi.waitFor(() => {
        expect(table()).toBe('159')
      })
      expect(counts.length).toBeGreaterThan(0)
      expect(counts.length).toBeLessThan(8)
    } finally {
      observer.disconnect()
    }
  })
})
