// @vitest-environment happy-dom
/**
 * Duplicates stopped at the keyboard (issue 14, points 2 and 5), as the clerk meets them: the spec-driven form (frais) and
 * the EVP grid warn when what is typed is identical to a record the service holds (its date said), queue nothing on
 * the first save, and queue it on a second explicit confirmation (« Enregistrer quand même », a second Enter).
 * Real stores on fake-indexeddb; the service's records come from a fake `records:refresh`.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import EntryFormView from '../../../src-renderer/features/entry-forms/EntryFormView.vue'
import EvpGridView from '../../../src-renderer/features/evp/EvpGridView.vue'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useServiceRecordsStore } from '../../../src-renderer/stores/serviceRecords'
import type { FraisProfessionnel } from '../../../src-shared/api/entries'
import { SIREN, valid } from '../support/fixtures'
import { mountAt, testApp, until, type TestApp } from '../support/mount'
import { CREATED, recordsAnswer, serviceEvp } from '../support/records'

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

function frais(): FraisProfessionnel {
  return {
    ...(valid.frais() as Pick<FraisProfessionnel, 'siren' | 'matricule' | 'periode' | 'date' | 'montant'>),
    type_frais: 'repas',
    kilometres: null,
    commentaire: 'saisi sur le portail employeur',
    id: crypto.randomUUID(),
    date_creation: CREATED,
    date_modification: CREATED,
    cree_par: null,
  }
}

/** Types a meal frais of 5 November for `montant` (French decimals) in the form. */
async function typeFrais(w: VueWrapper, montant: string): Promise<void> {
  await w.get('[data-testid="field-type_frais"]').setValue('repas')
  await w.get('[data-testid="field-date"]').setValue('2026-11-05')
  await w.get('[data-testid="field-montant"]').setValue(montant)
}

async function recordsLoaded(): Promise<void> {
  await until('éléments du service lus', () => useServiceRecordsStore().records.length > 0)
  await flushPromises()
}

describe('formulaire : élément identique à un élément du service', () => {
  it('warns on the field with the record’s date, queues nothing on the first save, queues on « Enregistrer quand même »', async () => {
    app.api.records = (input) => ({ ok: true, value: recordsAnswer([{ kind: 'frais', record: frais() }], input) })
    wrapper = await mountAt(app, '/?matricule=M001', EntryFormView, { siren: SIREN, kind: 'frais' })
    await recordsLoaded()
    const w = wrapper
    await typeFrais(w, '20,7')
    expect(w.get('[data-testid="field-warning-type_frais"]').text()).toMatch(
      /^Le service détient déjà un élément identique, saisi le 18\/11\/2026 \d\d:15\. Enregistrer quand même \?$/,
    )
    expect(w.get('[data-testid="field-type_frais"]').attributes('aria-describedby')).toContain('warning')

    await w.get('[data-testid="frais-form"]').trigger('submit')
    await flushPromises()
    expect(await app.db.outbox.count()).toBe(0)
    expect(w.get('[data-testid="submit"]').text()).toBe('Enregistrer quand même')

    await w.get('[data-testid="frais-form"]').trigger('submit')
    await until('saisie en file', async () => (await app.db.outbox.count()) === 1)
    expect((await app.db.outbox.toArray())[0]).toMatchObject({ kind: 'frais', state: 'queued', payload: { montant: '20.7' } })
  })

  it('submitted before the period’s records are read (a slow network): waits for them, then warns and queues nothing', async () => {
    let release = (): void => undefined
    app.api.recordsHeld = new Promise<void>((resolve) => {
      release = resolve
    })
    app.api.records = (input) => ({ ok: true, value: recordsAnswer([{ kind: 'frais', record: frais() }], input) })
    wrapper = await mountAt(app, '/?matricule=M001', EntryFormView, { siren: SIREN, kind: 'frais' })
    const w = wrapper
    await flushPromises()
    await typeFrais(w, '20,7')
    expect(w.find('[data-testid="field-warning-type_frais"]').exists()).toBe(false)
    await w.get('[data-testid="frais-form"]').trigger('submit')
    await flushPromises()
    expect(await app.db.outbox.count()).toBe(0)
    release()
    await until('avertissement affiché', async () => {
      await flushPromises()
      return w.find('[data-testid="field-warning-type_frais"]').exists()
    })
    expect(w.get('[data-testid="submit"]').text()).toBe('Enregistrer quand même')
    expect(await app.db.outbox.count()).toBe(0)
  })

  it('another amount is another element: no warning, saved at once', async () => {
    app.api.records = (input) => ({ ok: true, value: recordsAnswer([{ kind: 'frais', record: frais() }], input) })
    wrapper = await mountAt(app, '/?matricule=M001', EntryFormView, { siren: SIREN, kind: 'frais' })
    await recordsLoaded()
    await typeFrais(wrapper, '21')
    expect(wrapper.find('[data-testid="field-warning-type_frais"]').exists()).toBe(false)
    await wrapper.get('[data-testid="frais-form"]').trigger('submit')
    await until('saisie en file', async () => (await app.db.outbox.count()) === 1)
  })
})

describe('grille EVP : la valeur du service dans sa cellule (issue 14, point 5)', () => {
  it('shows the service’s EVP in its cell; the same value queues nothing, another one queues a PATCH of that record', async () => {
    const record = serviceEvp({ quantite: '3.5' })
    app.api.records = (input) => ({ ok: true, value: recordsAnswer([{ kind: 'evp', record }], input) })
    wrapper = await mountAt(app, '/?periode=2026-11', EvpGridView, { siren: SIREN })
    await recordsLoaded()
    const shown = wrapper.get('[data-testid="cell-M001-HS25"]')
    expect(shown.attributes('data-state')).toBe('service')
    expect(shown.text()).toBe('3,5')
    expect(shown.attributes('title')).toContain('Sur le service, saisi ailleurs')

    // The same value typed again: nothing is queued, the cell still shows the service's record.
    await shown.trigger('mousedown')
    await shown.trigger('keydown', { key: 'Enter' })
    await wrapper.get<HTMLInputElement>('[data-testid="cell-editor"]').setValue('3,5')
    await wrapper.get('[data-testid="cell-editor"]').trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(await app.db.outbox.count()).toBe(0)
    expect(wrapper.get('[data-testid="cell-M001-HS25"]').attributes('data-state')).toBe('service')

    // Another value: a PATCH of that record, carrying the record as read (its date_modification, #47).
    const cell = wrapper.get('[data-testid="cell-M001-HS25"]')
    await cell.trigger('mousedown')
    await cell.trigger('keydown', { key: 'Enter' })
    await wrapper.get<HTMLInputElement>('[data-testid="cell-editor"]').setValue('4')
    await wrapper.get('[data-testid="cell-editor"]').trigger('keydown', { key: 'Enter' })
    await until('modification en file', async () => (await app.db.outbox.count()) === 1)
    const [row] = await app.db.outbox.toArray()
    expect(row).toMatchObject({
      kind: 'evp',
      operation: 'update',
      targetServerId: record.id,
      state: 'queued',
      payload: { code_evp: 'HS25', quantite: '4' },
      targetRecord: { id: record.id, date_modification: record.date_modification },
    })
    await until('cellule en attente', async () => {
      await flushPromises()
      return wrapper?.get('[data-testid="cell-M001-HS25"]').attributes('data-state') === 'queued'
    })
  })

  it('emptying a service value queues the DELETE of that record', async () => {
    const record = serviceEvp({ quantite: '2' })
    app.api.records = (input) => ({ ok: true, value: recordsAnswer([{ kind: 'evp', record }], input) })
    wrapper = await mountAt(app, '/?periode=2026-11', EvpGridView, { siren: SIREN })
    await recordsLoaded()
    const cell = wrapper.get('[data-testid="cell-M001-HS25"]')
    expect(cell.attributes('data-state')).toBe('service')
    await cell.trigger('mousedown')
    await cell.trigger('keydown', { key: 'Delete' })
    await until('suppression en file', async () => (await app.db.outbox.count()) === 1)
    expect((await app.db.outbox.toArray())[0]).toMatchObject({ operation: 'delete', targetServerId: record.id, payload: null })
  })
})
