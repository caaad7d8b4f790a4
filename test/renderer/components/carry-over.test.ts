// @vitest-environment happy-dom
/**
 * « Reprendre le mois précédent » on the EVP grid (CarryOverPanel.vue, issue 14 point 6), mounted with the app's real
 * stores over fake-indexeddb and a fake `window.api`: the previous period's EVP are read from the service and listed
 * as proposals; nothing reaches the outbox until the clerk confirms, and then only what he kept, as drafts or queued.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'

import CarryOverPanel from '../../../src-renderer/features/evp/CarryOverPanel.vue'
import { refreshServiceRecords } from '../../../src-renderer/services/records-cache'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import type { RecordsRefreshInput, RecordsRefreshResult } from '../../../src-shared/domain/service-records'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import { enqueue } from '../../../src-renderer/db/outbox'
import { SIREN, codesEvp, salaries, valid } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { recordsAnswer, serviceEvp } from '../support/records'

let app: TestApp | null = null
let wrapper: VueWrapper | null = null

afterEach(async () => {
  wrapper?.unmount()
  wrapper = null
  await app?.dispose()
  app = null
})

/** October holds M001's HS25 and M002's OBS; November holds M002's HS25 already. */
async function mounted(): Promise<{ t: TestApp; w: VueWrapper; calls: RecordsRefreshInput[] }> {
  const t = await testApp()
  app = t
  const calls: RecordsRefreshInput[] = []
  const october = [
    { kind: 'evp' as const, record: serviceEvp({ periode: '2026-10', quantite: '4.00' }) },
    {
      kind: 'evp' as const,
      record: serviceEvp({ periode: '2026-10', matricule: 'M002', code_evp: 'OBS', quantite: null, valeur_texte: 'Astreinte' }),
    },
    { kind: 'evp' as const, record: serviceEvp({ periode: '2026-10', matricule: 'M002', quantite: '2.00' }) },
  ]
  const november = [{ kind: 'evp' as const, record: serviceEvp({ matricule: 'M002', quantite: '1.00' }) }]
  t.api.records = (input): IpcResult<RecordsRefreshResult> => {
    calls.push(input)
    return { ok: true, value: recordsAnswer(input.periode === '2026-10' ? october : november, { periode: input.periode }) }
  }
  const w = mountIn(t, CarryOverPanel, {
    siren: SIREN,
    periode: '2026-11',
    salaries: salaries.filter((s) => s.siren === SIREN),
    codes: codesEvp,
  })
  await flushPromises()
  return { t, w, calls }
}

/** Clicks the button and waits for the proposals. */
async function propose(w: VueWrapper): Promise<void> {
  await w.get('[data-testid="carry-over-button"]').trigger('click')
  await vi.waitFor(() => {
    expect(w.find('[data-testid="carry-over"]').exists()).toBe(true)
  })
}

/** Clicks a confirmation and waits for its outcome. */
async function confirm(w: VueWrapper, testId: 'carry-over-drafts' | 'carry-over-queue'): Promise<void> {
  await w.get(`[data-testid="${testId}"]`).trigger('click')
  await vi.waitFor(() => {
    expect(w.find('[data-testid="carry-over-outcome"]').exists()).toBe(true)
  })
}

describe('CarryOverPanel', () => {
  it('lists the previous period’s EVP, without a cell already held, and writes nothing before the confirmation', async () => {
    const { t, w, calls } = await mounted()
    expect(w.find('[data-testid="carry-over"]').exists()).toBe(false)
    await propose(w)
    expect(calls).toEqual([
      { siren: SIREN, periode: '2026-10' },
      { siren: SIREN, periode: '2026-11' },
    ])
    const items = w.findAll('[data-testid^="carry-over-item-"]').map((i) => i.text())
    expect(items).toEqual(['DURAND Jeanne · HS25 : 4,00', 'BERNARD Paul · OBS : Astreinte'])
    expect(await t.db.outbox.count()).toBe(0)
    await w.get('[data-testid="carry-over-cancel"]').trigger('click')
    await flushPromises()
    expect(w.find('[data-testid="carry-over"]').exists()).toBe(false)
    expect(await t.db.outbox.count()).toBe(0)
  })

  it('saves only the ticked proposals, as drafts, for the current period', async () => {
    const { t, w } = await mounted()
    await propose(w)
    await w.get('[data-testid="carry-over-item-M002|OBS"] input').setValue(false)
    expect(await t.db.outbox.count()).toBe(0)
    await confirm(w, 'carry-over-drafts')
    const rows = await t.db.outbox.toArray()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      state: 'draft',
      matricule: 'M001',
      periode: '2026-11',
      payload: { code_evp: 'HS25', quantite: '4.00' },
    })
    expect(w.get('[data-testid="carry-over-outcome"]').text()).toBe('1 brouillon enregistré.')
  })

  it('queues them when the clerk chooses to send, and a second proposal skips what was just saved', async () => {
    const { t, w } = await mounted()
    await propose(w)
    await confirm(w, 'carry-over-queue')
    expect((await t.db.outbox.toArray()).map((r) => r.state)).toEqual(['queued', 'queued'])
    expect(w.get('[data-testid="carry-over-outcome"]').text()).toBe('2 éléments mis en file d’envoi.')
    await propose(w)
    expect(w.find('[data-testid="carry-over-empty"]').exists()).toBe(true)
    expect(await t.db.outbox.count()).toBe(2)
  })

  it('reads this workstation’s entries of the period only: an entry of another month holds nothing back', async () => {
    const { t, w } = await mounted()
    const december = await enqueue(t.db, { kind: 'evp', payload: valid.evp({ periode: '2026-12', quantite: '4' }) }, t.env)
    if (!december.ok) throw new Error('saisie refusée')
    const where = t.db.outbox.where.bind(t.db.outbox)
    const indexes: string[] = []
    vi.spyOn(t.db.outbox, 'where').mockImplementation(((index: string) => {
      indexes.push(index)
      return where(index)
    }) as typeof t.db.outbox.where)
    await propose(w)
    // M001's HS25 of October is proposed for November: December's entry of that cell is another month.
    expect(w.find('[data-testid="carry-over-item-M001|HS25"]').exists()).toBe(true)
    expect(indexes).toContain('[siren+periode]')
    expect(indexes).not.toContain('[siren+updatedAt+clientId]')
    vi.restoreAllMocks()
  })

  it('offline: proposes from the cached previous period without asking the service, and warns that this period was never read', async () => {
    const { t, w, calls } = await mounted()
    await refreshServiceRecords(t.db, t.api, SIREN, '2026-10')
    calls.length = 0
    useSyncStore().online = false
    await propose(w)
    expect(calls).toEqual([])
    expect(w.get('[data-testid="carry-over-unread"]').text()).toContain('Cette période n’a pas encore été lue sur le service')
    expect(w.findAll('[data-testid^="carry-over-item-"]')).toHaveLength(3)
    expect(await t.db.outbox.count()).toBe(0)
  })
})
