// @vitest-environment happy-dom
/**
 * The period's records beside an entry screen (PeriodRecords.vue, issue 14 point 1), mounted with the app's real
 * stores over fake-indexeddb and a fake `window.api`: what the service holds and what this workstation entered, one
 * line each with its origin; the cache's age; offline, the cache without a request; after a sync batch that touched
 * the dossier, a new read.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'

import PeriodRecords from '../../../src-renderer/components/PeriodRecords.vue'
import { enqueue } from '../../../src-renderer/db/outbox'
import { refreshServiceRecords } from '../../../src-renderer/services/records-cache'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { RecordsRefreshInput, RecordsRefreshResult } from '../../../src-shared/domain/service-records'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { SIREN, valid } from '../support/fixtures'
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
