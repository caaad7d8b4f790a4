// @vitest-environment happy-dom
/**
 * Correcting and removing the service's records (issue 14 point 3), with the app's real stores over fake-indexeddb:
 * « Modifier » and « Supprimer » on the period's records (a record created by another client included), the form
 * prefilled with the record queuing a PATCH of the changed fields only with the record as read, a pending change
 * marked, and an update « à vérifier » because its record changed since it was read: three versions side by side and
 * « Appliquer ma modification » / « Garder la version du service », audited.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import PeriodRecords from '../../../src-renderer/components/PeriodRecords.vue'
import { enqueue } from '../../../src-renderer/db/outbox'
import { claimBatch } from '../../../src-renderer/db/outbox-sync'
import { applyOutcomes } from '../../../src-renderer/db/outbox-sync'
import type { StoredEntry } from '../../../src-renderer/db/schema'
import EntryFormView from '../../../src-renderer/features/entry-forms/EntryFormView.vue'
import EvpGridView from '../../../src-renderer/features/evp/EvpGridView.vue'
import { useServiceRecordsStore } from '../../../src-renderer/stores/serviceRecords'
import ToCheckPanel from '../../../src-renderer/features/entry/ToCheckPanel.vue'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import type { FraisProfessionnel, PrimeIndemnite } from '../../../src-shared/api/entries'
import type { CandidateRecord } from '../../../src-shared/domain/sync-protocol'
import type { IpcResult } from '../../../src-shared/ipc/contract'
import type { RecordsRefreshResult } from '../../../src-shared/domain/service-records'
import { SIREN, valid } from '../support/fixtures'
import { mountAt, mountIn, testApp, until, type TestApp } from '../support/mount'
import { CREATED, recordsAnswer, rowOf, serviceAcompte, serviceEvp } from '../support/records'
import { auditOfEntries } from '../../../src-renderer/db/audit'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore().load()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

/** A prime created on the service by another API client. */
function servicePrime(over: Partial<PrimeIndemnite> = {}): PrimeIndemnite {
  return {
    ...valid.prime(),
    numero_contrat: 'C1',
    prime_nette: false,
    libelle_bulletin: null,
    id: crypto.randomUUID(),
    date_creation: CREATED,
    date_modification: CREATED,
    cree_par: 'gestionnaire-2',
    ...over,
  }
}

function serviceFrais(over: Partial<FraisProfessionnel> = {}): FraisProfessionnel {
  return {
    ...valid.frais(),
    kilometres: null,
    commentaire: null,
    id: crypto.randomUUID(),
    date_creation: CREATED,
    date_modification: CREATED,
    cree_par: 'gestionnaire-2',
    ...over,
  } as FraisProfessionnel
}

function serve(answer: RecordsRefreshResult): void {
  app.api.records = (): IpcResult<RecordsRefreshResult> => ({ ok: true, value: answer })
}

describe('« Modifier » et « Supprimer » sur les éléments de la période', () => {
  it('each service record has both; « Supprimer » asks, then queues a DELETE with the record as read, and the line says so', async () => {
    const prime = servicePrime()
    const frais = serviceFrais()
    const evp = serviceEvp()
    const acompte = serviceAcompte()
    serve(
      recordsAnswer([
        { kind: 'prime', record: prime },
        { kind: 'frais', record: frais },
        { kind: 'evp', record: evp },
        { kind: 'acompte', record: acompte },
      ]),
    )
    wrapper = mountIn(app, PeriodRecords, { siren: SIREN, periode: '2026-11' })
    await vi.waitFor(() => {
      expect(wrapper?.find(`[data-testid="record-delete-${frais.id}"]`).exists()).toBe(true)
    })
    const edit = wrapper.get(`[data-testid="record-edit-${prime.id}"]`)
    expect(edit.attributes('href')).toBe(`/dossiers/${SIREN}/prime?record=${prime.id}&periode=2026-11`)
    expect(edit.attributes('aria-label')).toBe('Modifier Prime ou indemnité PREXC')
    // An EVP is typed in the grid (no form): « Supprimer » only; an acompte is read only.
    expect(wrapper.find(`[data-testid="record-delete-${evp.id}"]`).exists()).toBe(true)
    expect(wrapper.find(`[data-testid="record-edit-${evp.id}"]`).exists()).toBe(false)
    expect(wrapper.find(`[data-testid="period-record-service|acompte|${acompte.id}"]`).exists()).toBe(true)
    expect(wrapper.find(`[data-testid="record-delete-${acompte.id}"]`).exists()).toBe(false)
    expect(wrapper.find(`[data-testid="record-edit-${acompte.id}"]`).exists()).toBe(false)

    await wrapper.get(`[data-testid="record-delete-${frais.id}"]`).trigger('click')
    await flushPromises()
    expect((wrapper.get('[data-testid="confirm-dialog"]').element as HTMLDialogElement).open).toBe(true)
    // « Garder l'élément »: nothing queued.
    await wrapper.get('[data-testid="confirm-no"]').trigger('click')
    await flushPromises()
    expect(await app.db.outbox.count()).toBe(0)

    await wrapper.get(`[data-testid="record-delete-${frais.id}"]`).trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await until('suppression en file', async () => (await app.db.outbox.count()) === 1)
    const [row] = await app.db.outbox.toArray()
    expect(row).toMatchObject({ kind: 'frais', operation: 'delete', targetServerId: frais.id, state: 'queued', payload: null })
    expect(row?.targetRecord).toMatchObject({ id: frais.id, date_modification: CREATED, cree_par: 'gestionnaire-2' })
    await vi.waitFor(() => {
      expect(wrapper?.find(`[data-testid="record-pending-${frais.id}"]`).text()).toBe('suppression en attente')
    })
    expect(wrapper.find(`[data-testid="record-delete-${frais.id}"]`).exists()).toBe(false)
    expect(wrapper.find(`[data-testid="record-delete-${prime.id}"]`).exists()).toBe(true)
  })

  it('« Modifier » opens the form prefilled; only the changed field is queued as a PATCH, with the record as read', async () => {
    const prime = servicePrime({ montant: '250.00' })
    await app.db.serviceRecords.put(rowOf({ kind: 'prime', record: prime }))
    serve(recordsAnswer([{ kind: 'prime', record: prime }]))
    wrapper = await mountAt(app, `/?record=${prime.id}&periode=2026-11`, EntryFormView, { siren: SIREN, kind: 'prime' })
    await vi.waitFor(() => {
      expect(wrapper?.find<HTMLInputElement>('[data-testid="field-montant"]').element.value).toBe('250,00')
    })
    expect(wrapper.get('h1').text()).toBe('Modifier : Prime ou indemnité')
    expect(wrapper.get('[data-testid="record-edit-banner"]').text()).toContain('Seuls les champs changés seront envoyés.')
    expect(wrapper.get('[data-testid="submit"]').text()).toBe('Enregistrer la modification')

    await wrapper.get('[data-testid="field-montant"]').setValue('310,50')
    await wrapper.get('[data-testid="prime-form"]').trigger('submit')
    await until('modification en file', async () => (await app.db.outbox.count()) === 1)
    const [row] = await app.db.outbox.toArray()
    expect(row).toMatchObject({ kind: 'prime', operation: 'update', targetServerId: prime.id, payload: { montant: '310.50' } })
    expect(Object.keys(row?.payload ?? {})).toEqual(['montant'])
    expect(row?.targetRecord).toMatchObject({ date_modification: CREATED })
  })

  it('a record the cache no longer holds: the form says so and stays a new entry form', async () => {
    wrapper = await mountAt(app, `/?record=${crypto.randomUUID()}&periode=2026-11`, EntryFormView, { siren: SIREN, kind: 'prime' })
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="record-edit-missing"]').exists()).toBe(true)
    })
    expect(wrapper.find('[data-testid="record-edit-banner"]').exists()).toBe(false)
  })
})

/** An update of `prime` queued then answered `to_check` MODIFIE_DEPUIS_LECTURE with the service's version `now`. */
async function changedSinceRead(prime: PrimeIndemnite, now: CandidateRecord): Promise<StoredEntry> {
  const queued = await enqueue(
    app.db,
    { kind: 'prime', operation: 'update', payload: { montant: '300.00' }, targetServerId: prime.id, targetRecord: { ...prime } },
    app.env,
  )
  if (!queued.ok) throw new Error(JSON.stringify(queued.issues))
  const [item] = await claimBatch(app.db, 10, [], app.env)
  if (item === undefined) throw new Error('non réclamée')
  expect(item.readVersion).toEqual({
    dateModification: CREATED,
    scope: { kind: 'prime', siren: SIREN, matricule: 'M001', periode: '2026-11' },
  })
  await applyOutcomes(
    app.db,
    [item],
    [
      {
        clientId: item.clientId,
        revision: item.revision,
        result: 'to_check',
        serverId: null,
        error: { code: 'MODIFIE_DEPUIS_LECTURE', message: 'to check', status: null, champs: [] },
        attempts: [],
        candidates: [now],
      },
    ],
    app.env,
  )
  const row = await app.db.outbox.get(item.clientId)
  if (row === undefined) throw new Error('absente')
  return row
}

const MODIFIED = '2026-11-19T09:00:00.000Z'

/** The prime as the service holds it once someone changed its amount (the candidate of the change to check). */
function serviceNow(prime: PrimeIndemnite, creePar: string | null): CandidateRecord {
  return {
    id: prime.id,
    relation: 'meme_element',
    fields: { ...prime, montant: '275.00', date_modification: MODIFIED },
    date_creation: CREATED,
    date_modification: MODIFIED,
    cree_par: creePar,
  }
}

describe('ToCheckPanel : un changement d’un élément modifié depuis sa lecture', () => {
  it('shows the version read, the service’s now and mine, without « C’est le même »; « Appliquer ma modification » rebases and queues it', async () => {
    const prime = servicePrime()
    const entry = await changedSinceRead(prime, serviceNow(prime, 'gestionnaire-2'))
    wrapper = mountIn(app, ToCheckPanel, { entry })
    await flushPromises()
    expect(wrapper.get('[data-testid="to-check-reason"]').text()).toContain('modifié sur le service depuis que vous l’avez lu')
    expect(wrapper.get('[data-testid="compare-col-read"]').text()).toBe('Version lue')
    expect(wrapper.get('[data-testid="compare-table"] caption').text()).toContain('diffèrent de la version lue')
    expect(wrapper.get(`[data-testid="compare-col-${prime.id}"]`).text()).toBe('Version du service maintenant')
    expect(wrapper.get('[data-testid="compare-col-entry"]').text()).toBe('Ma modification')
    expect(wrapper.get('[data-testid="compare-cell-montant-read"]').text()).toBe('250,00')
    expect(wrapper.get(`[data-testid="compare-cell-montant-${prime.id}"]`).attributes('data-differs')).toBe('true')
    expect(wrapper.get('[data-testid="compare-cell-montant-entry"]').text()).toContain('300,00')
    expect(wrapper.findAll('[data-testid^="link-"]')).toHaveLength(0)
    expect(wrapper.get('[data-testid="send-anyway"]').text()).toBe('Appliquer ma modification')
    expect(wrapper.get('[data-testid="cancel-to-check"]').text()).toBe('Garder la version du service')

    await wrapper.get('[data-testid="send-anyway"]').trigger('click')
    await flushPromises()
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await until('remise en file', async () => (await app.db.outbox.get(entry.clientId))?.state === 'queued')
    const row = await app.db.outbox.get(entry.clientId)
    expect(row?.targetRecord).toMatchObject({ montant: '275.00', date_modification: MODIFIED })
    const [again] = await claimBatch(app.db, 10, [], app.env)
    expect(again?.readVersion?.dateModification).toBe(MODIFIED)
    const decision = (await auditOfEntries(app.db, [entry.clientId])).find((a) => a.method === 'DECISION')
    expect(decision).toMatchObject({ operation: 'decision:appliquer', result: 'send_anyway', errorBody: { candidats: [prime.id] } })
  })

  it('« Garder la version du service » cancels the change, audited', async () => {
    const prime = servicePrime()
    const entry = await changedSinceRead(prime, serviceNow(prime, null))
    wrapper = mountIn(app, ToCheckPanel, { entry })
    await flushPromises()
    await wrapper.get('[data-testid="cancel-to-check"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="confirm-dialog"]').text()).toContain('la version du service est gardée telle quelle')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await until('annulée', async () => (await app.db.outbox.get(entry.clientId))?.state === 'cancelled')
    const decision = (await auditOfEntries(app.db, [entry.clientId])).find((a) => a.method === 'DECISION')
    expect(decision).toMatchObject({ operation: 'decision:garder', result: 'cancelled' })
  })
})

describe('grille EVP : changer une valeur du service', () => {
  it('a change of a synced EVP carries the record as read (its date_modification), as the cache holds it', async () => {
    const mine = await enqueue(app.db, { kind: 'evp', payload: valid.evp() }, app.env)
    if (!mine.ok) throw new Error('saisie refusée')
    const record = serviceEvp({ date_modification: '2026-11-19T08:00:00.000Z' })
    await app.db.outbox.update(mine.entry.clientId, { state: 'synced', serverId: record.id })
    serve(recordsAnswer([{ kind: 'evp', record }]))
    wrapper = await mountAt(app, '/?periode=2026-11', EvpGridView, { siren: SIREN })
    await until('éléments du service lus', () => useServiceRecordsStore().records.length > 0)
    await flushPromises()
    const cell = wrapper.get('[data-testid="cell-M001-HS25"]')
    await cell.trigger('mousedown')
    await cell.trigger('keydown', { key: 'Enter' })
    const editor = wrapper.get<HTMLInputElement>('[data-testid="cell-editor"]')
    await editor.setValue('4')
    await editor.trigger('keydown', { key: 'Enter' })
    await until('modification en file', async () => (await app.db.outbox.count()) === 2)
    const change = (await app.db.outbox.toArray()).find((e) => e.operation === 'update')
    expect(change).toMatchObject({ targetServerId: record.id, payload: { quantite: '4' } })
    expect(change?.targetRecord).toMatchObject({ id: record.id, date_modification: '2026-11-19T08:00:00.000Z' })
  })
})
