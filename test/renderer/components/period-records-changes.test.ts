// @vitest-environment happy-dom
/**
 * The period's records (PeriodRecords.vue) once this workstation changed a record it had synced, mounted with the
 * app's real stores over fake-indexeddb and a fake `window.api`: a deletion queued shows the record once, « suppression
 * en attente »; a synced deletion shows what was deleted (struck through), never the record as live; a refused one
 * leaves the record live and says so; a synced update shows the new values once.
 */
import '../support/db'

import type { VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'

import PeriodRecords from '../../../src-renderer/components/PeriodRecords.vue'
import { enqueue } from '../../../src-renderer/db/outbox'
import { refreshServiceRecords } from '../../../src-renderer/services/records-cache'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import type { EntryState } from '../../../src-shared/domain/states'
import { SIREN, valid } from '../support/fixtures'
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

/** The EVP HS25 quantity 4 of M001 this workstation created and synced. */
const record = serviceEvp({ quantite: '4.00', cree_par: 'demo-gestionnaire' })

/**
 * A workstation whose outbox holds the EVP's create (synced) and then `change` of it in `state`, the cache read from
 * a service holding `held` (none: the record is gone); the list mounted for the dossier and period.
 */
async function mounted(change: { quantite?: string }, state: EntryState, held: readonly (typeof record)[]): Promise<VueWrapper> {
  const t = await testApp()
  app = t
  const created = await enqueue(t.db, { kind: 'evp', payload: valid.evp({ quantite: '4' }) }, t.env)
  if (!created.ok) throw new Error('saisie refusée')
  await t.db.outbox.update(created.entry.clientId, { state: 'synced', serverId: record.id })
  const changed = await enqueue(
    t.db,
    change.quantite === undefined
      ? { kind: 'evp', operation: 'delete', payload: null, targetServerId: record.id, targetRecord: { ...record } }
      : {
          kind: 'evp',
          operation: 'update',
          payload: { quantite: change.quantite },
          targetServerId: record.id,
          targetRecord: { ...record },
        },
    t.env,
  )
  if (!changed.ok) throw new Error('changement refusé')
  await t.db.outbox.update(changed.entry.clientId, { state, serverId: state === 'synced' ? record.id : null })
  t.api.records = (input) => ({
    ok: true,
    value: recordsAnswer(
      held.map((r) => ({ kind: 'evp' as const, record: r })),
      input,
    ),
  })
  await refreshServiceRecords(t.db, t.api, SIREN, '2026-11')
  await useReferenceStore().load()
  return mountIn(t, PeriodRecords, { siren: SIREN, periode: '2026-11' })
}

/** The rows of the list. */
function rows(w: VueWrapper): ReturnType<VueWrapper['findAll']> {
  return w.findAll('[data-testid^="period-record-"]')
}

describe('PeriodRecords, a record this workstation deleted or changed', () => {
  it('deletion queued: one line, the deletion with the EVP’s values, « suppression en attente », no « Supprimer »', async () => {
    wrapper = await mounted({}, 'queued', [record])
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(1)
    })
    const [line] = rows(wrapper)
    expect(line?.attributes()).toMatchObject({ 'data-origin': 'queued', 'data-operation': 'delete' })
    expect(line?.text()).toMatch(/Durand Jeanne.*HS25.*quantité 4,00.*Ce poste.*En attente.*Suppression.*suppression en attente/s)
    expect(wrapper.get(`[data-testid="record-pending-${record.id}"]`).text()).toBe('suppression en attente')
    expect(wrapper.find(`[data-testid="record-delete-${record.id}"]`).exists()).toBe(false)
  })

  it('deletion synced, the service read again: one line saying what was deleted (struck through), the EVP not live', async () => {
    wrapper = await mounted({}, 'synced', [])
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(1)
    })
    const [line] = rows(wrapper)
    expect(line?.attributes()).toMatchObject({ 'data-origin': 'synced', 'data-operation': 'delete' })
    expect(line?.text()).toMatch(/Durand Jeanne.*HS25.*quantité 4,00.*Ce poste.*Synchronisé.*Suppression/s)
    expect(line?.find('td.removed').text()).toBe('quantité 4,00')
    expect(wrapper.find('[data-testid^="record-pending-"]').exists()).toBe(false)
    expect(wrapper.find(`[data-testid="record-delete-${record.id}"]`).exists()).toBe(false)
  })

  it('deletion refused: the EVP stays live, marked « suppression refusée », beside the refused deletion', async () => {
    wrapper = await mounted({}, 'rejected', [record])
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(2)
    })
    const texts = rows(wrapper).map((r) => `${r.attributes('data-origin') ?? ''} ${r.attributes('data-operation') ?? ''}: ${r.text()}`)
    expect(texts.some((t) => /^rejected delete: .*HS25.*quantité 4,00.*Refusé.*Suppression/s.test(t))).toBe(true)
    expect(texts.some((t) => /^synced create: .*HS25.*quantité 4,00.*Synchronisé/s.test(t))).toBe(true)
    expect(wrapper.get(`[data-testid="record-pending-${record.id}"]`).text()).toBe('suppression refusée : à corriger')
    expect(wrapper.find('td.removed').exists()).toBe(false)
  })

  it('update synced, the service not read since: one line with the new quantity', async () => {
    wrapper = await mounted({ quantite: '6' }, 'synced', [record])
    // The service still answers the old record: the cache is its word (one line, the record's values).
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(1)
    })
    expect(rows(wrapper)[0]?.attributes()).toMatchObject({ 'data-origin': 'synced', 'data-operation': 'update' })
    wrapper.unmount()
    await app?.dispose()
    wrapper = await mounted({ quantite: '6' }, 'synced', [])
    await vi.waitFor(() => {
      expect(rows(wrapper as VueWrapper)).toHaveLength(1)
    })
    expect(rows(wrapper)[0]?.text()).toMatch(/HS25.*quantité 6.*Synchronisé.*Modification/s)
  })
})
