// @vitest-environment happy-dom
/**
 * Duplicates stopped at the keyboard (issue 14, point 2), as the clerk meets them: the spec-driven form (frais) and
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
    await w.get('[data-testid="field-type_frais"]').setValue('repas')
    await w.get('[data-testid="field-date"]').setValue('2026-11-05')
    await w.get('[data-testid="field-montant"]').setValue('20,7')
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

  it('another amount is another element: no warning, saved at once', async () => {
    app.api.records = (input) => ({ ok: true, value: recordsAnswer([{ kind: 'frais', record: frais() }], input) })
    wrapper = await mountAt(app, '/?matricule=M001', EntryFormView, { siren: SIREN, kind: 'frais' })
    await recordsLoaded()
    await wrapper.get('[data-testid="field-type_frais"]').setValue('repas')
    await wrapper.get('[data-testid="field-date"]').setValue('2026-11-05')
    await wrapper.get('[data-testid="field-montant"]').setValue('21')
    expect(wrapper.find('[data-testid="field-warning-type_frais"]').exists()).toBe(false)
    await wrapper.get('[data-testid="frais-form"]').trigger('submit')
    await until('saisie en file', async () => (await app.db.outbox.count()) === 1)
  })
})

describe('grille EVP : valeur identique à un EVP du service', () => {
  it('the cell shows the warning and saves nothing; a second Enter on it saves it', async () => {
    app.api.records = (input) => ({ ok: true, value: recordsAnswer([{ kind: 'evp', record: serviceEvp({ quantite: '3.5' }) }], input) })
    wrapper = await mountAt(app, '/?periode=2026-11', EvpGridView, { siren: SIREN })
    await recordsLoaded()
    const cell = wrapper.get('[data-testid="cell-M001-HS25"]')
    await cell.trigger('mousedown')
    await cell.trigger('keydown', { key: 'Enter' })
    const editor = wrapper.get<HTMLInputElement>('[data-testid="cell-editor"]')
    await editor.setValue('3,5')
    await editor.trigger('keydown', { key: 'Enter' })
    await flushPromises()

    const warned = wrapper.get('[data-testid="cell-M001-HS25"]')
    expect(warned.attributes('data-state')).toBe('identical')
    expect(warned.text()).toBe('3,5')
    expect(warned.attributes('title')).toMatch(/^Déjà sur le service \(saisi le 18\/11\/2026 \d\d:15\)/)
    expect(wrapper.get('[data-testid="grid-identical"]').text()).toContain('Appuyez de nouveau sur Entrée')
    expect(await app.db.outbox.count()).toBe(0)

    await warned.trigger('keydown', { key: 'Enter' })
    await until('saisie en file', async () => (await app.db.outbox.count()) === 1)
    expect((await app.db.outbox.toArray())[0]).toMatchObject({ kind: 'evp', payload: { code_evp: 'HS25', quantite: '3.5' } })
    expect(wrapper.find('[data-testid="grid-identical"]').exists()).toBe(false)
  })
})
