// @vitest-environment happy-dom
/**
 * The writes of the employee sheet (SheetWrites.vue and its forms, issue 16 points 2 and 5): bank details checked
 * offline (a wrong IBAN refused on the field in French, nothing queued; a right one queued, shown masked), sent when
 * online and a refusal shown with the service's message; « Modifier » queues only the fields changed; « Activer le
 * coffre »; a note added offline shown waiting, then synced; once a write is synced, its dossier's reference is read
 * again (the payslip's « Envoyer au coffre-fort » reads the safe's state there), not when it is refused.
 */
import '../support/db'

import { flushPromises } from '@vue/test-utils'
import type { VueWrapper } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import SalarieSheetView from '../../../src-renderer/features/people/SalarieSheetView.vue'
import { createAppRouter } from '../../../src-renderer/router'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { useSyncStore } from '../../../src-renderer/stores/sync'
import { SIREN, snapshot } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { sheetOfM001 } from '../support/people'

let app: TestApp
let wrapper: VueWrapper | undefined

beforeEach(async () => {
  app = await testApp()
  await useReferenceStore(app.pinia).load()
})
afterEach(async () => {
  wrapper?.unmount()
  wrapper = undefined
  await app.dispose()
})

async function open(coffreActive = true): Promise<VueWrapper> {
  app.api.sheet = () => ({ ok: true, value: sheetOfM001({ coffre_active: coffreActive }) })
  await app.db.salarieSheets.put(sheetOfM001({ coffre_active: coffreActive }))
  const router = createAppRouter()
  await router.push(`/dossiers/${SIREN}/salaries/M001`)
  await router.isReady()
  wrapper = mountIn(app, SalarieSheetView, { siren: SIREN, matricule: 'M001' }, router)
  await flushPromises()
  await vi.waitFor(() => {
    expect(wrapper?.find('[data-testid="sheet-writes"]').exists()).toBe(true)
  })
  return wrapper
}

describe('SheetWrites', () => {
  it('bank details: a wrong IBAN refused on the field in French, a right one queued offline and shown masked', async () => {
    useSyncStore(app.pinia).online = false
    const view = await open()
    await view.get('[data-testid="bank-open"]').trigger('click')
    await view.get('[data-testid="bank-iban"]').setValue('FR76 3000 6000 0112 3456 7890 188')
    await view.get('[data-testid="bank-bic"]').setValue('bnpafrppxxx')
    await view.get('form').trigger('submit')
    await flushPromises()
    expect(view.get('[data-testid="field-error-iban"]').text()).toBe('IBAN invalide')
    expect(await app.db.peopleWrites.count()).toBe(0)
    await view.get('[data-testid="bank-iban"]').setValue('fr76 3000 6000 0112 3456 7890 189')
    await view.get('form').trigger('submit')
    await vi.waitFor(async () => {
      expect(await app.db.peopleWrites.count()).toBe(1)
    })
    const row = (await app.db.peopleWrites.toArray())[0]
    expect(row).toMatchObject({
      kind: 'coordonnees',
      state: 'queued',
      payload: { iban: 'FR7630006000011234567890189', bic: 'BNPAFRPPXXX' },
    })
    await flushPromises()
    expect(view.get('[data-testid="bank-pending"]').text()).toBe('Nouvel IBAN : •••• •••• •••• •••• •••• ••• 0189')
    expect(view.get('[data-testid="sheet-bank"]').text()).toContain('En attente d’envoi')
    expect(app.api.peoplePushes).toHaveLength(0)
  })

  it('online: the write is sent at once and a refusal shows the service’s message', async () => {
    app.api.people = (input) => ({
      ok: true,
      value: {
        outcomes: input.writes.map((w) => ({
          clientId: w.clientId,
          result: 'rejected' as const,
          error: { code: 'REGLE_METIER', message: 'IBAN déjà enregistré pour un autre salarié du dossier.', champ: 'iban' },
          serverId: null,
          sentAt: '2026-11-20T09:00:00.000Z',
          settleUntil: null,
        })),
      },
    })
    const refreshes = vi.spyOn(app.api, 'reference:refresh')
    const view = await open()
    await view.get('[data-testid="bank-open"]').trigger('click')
    await view.get('[data-testid="bank-iban"]').setValue('FR7630006000011234567890189')
    await view.get('[data-testid="bank-bic"]').setValue('BNPAFRPPXXX')
    await view.get('form').trigger('submit')
    await vi.waitFor(() => {
      expect(view.get('[data-testid="sheet-bank"]').text()).toContain(
        'Refusé par le service : IBAN déjà enregistré pour un autre salarié du dossier.',
      )
    })
    expect(app.api.peoplePushes.map((p) => p.writes.map((w) => w.kind))).toEqual([['coordonnees']])
    expect(view.get('[data-testid="sheet-bank"] p[data-testid^="people-write-"]').attributes('data-state')).toBe('rejected')
    expect(refreshes).not.toHaveBeenCalled()
    await view.get('[data-testid="bank-open"]').trigger('click')
    expect(view.get('[data-testid="field-error-iban"]').text()).toBe('IBAN déjà enregistré pour un autre salarié du dossier.')
  })

  it('« Modifier » queues only the fields changed; no change queues nothing', async () => {
    useSyncStore(app.pinia).online = false
    const view = await open()
    await view.get('[data-testid="edit-open"]').trigger('click')
    await view.get('[data-testid="sheet-edit"] form').trigger('submit')
    await flushPromises()
    expect(view.get('[data-testid="edit-none"]').text()).toBe('Aucune modification à enregistrer.')
    await view.get('[data-testid="edit-email"]').setValue('pas-un-email')
    await view.get('[data-testid="sheet-edit"] form').trigger('submit')
    await flushPromises()
    expect(view.get('[data-testid="field-error-email"]').text()).toBe('Adresse e-mail invalide')
    await view.get('[data-testid="edit-email"]').setValue('jeanne.durand@example.fr')
    await view.get('[data-testid="edit-prevoyance-etablissement"]').setValue(true)
    await view.get('[data-testid="sheet-edit"] form').trigger('submit')
    await vi.waitFor(async () => {
      expect(await app.db.peopleWrites.count()).toBe(1)
    })
    expect((await app.db.peopleWrites.toArray())[0]?.payload).toEqual({ email: 'jeanne.durand@example.fr', prevoyance_etablissement: true })
  })

  it('« Activer le coffre » is offered when the safe is not active and queues the activation', async () => {
    useSyncStore(app.pinia).online = false
    const view = await open(false)
    await view.get('[data-testid="safe-activate"]').trigger('click')
    await vi.waitFor(async () => {
      expect((await app.db.peopleWrites.toArray()).map((r) => [r.kind, r.payload])).toEqual([['coffre', { coffre_active: true }]])
    })
    await flushPromises()
    expect(view.find('[data-testid="safe-activate"]').exists()).toBe(false)
    expect(view.get('[data-testid="safe-write"]').text()).toContain('En attente d’envoi')
  })

  it('once the safe’s activation is synced, the dossier’s reference is read again: the cached employee’s safe is active', async () => {
    const fresh = snapshot([SIREN])
    app.api.reference = () => ({
      ok: true,
      value: { ...fresh, salaries: fresh.salaries.map((s) => (s.matricule === 'M001' ? { ...s, coffre_active: true } : s)) },
    })
    const refreshes = vi.spyOn(app.api, 'reference:refresh')
    const reference = useReferenceStore(app.pinia)
    const view = await open(false)
    expect(reference.salarie(SIREN, 'M001')?.coffre_active).toBe(false)
    await view.get('[data-testid="safe-activate"]').trigger('click')
    await vi.waitFor(() => {
      expect(reference.salarie(SIREN, 'M001')?.coffre_active).toBe(true)
    })
    expect(app.api.peoplePushes.map((p) => p.writes.map((w) => w.kind))).toEqual([['coffre']])
    expect(refreshes.mock.calls).toEqual([[{ sirens: [SIREN] }]])
  })

  it('a note: empty refused in French; added offline it waits, then is synced when the service answers', async () => {
    useSyncStore(app.pinia).online = false
    const view = await open()
    await view.get('[data-testid="sheet-note-form"] form').trigger('submit')
    await flushPromises()
    expect(view.get('[data-testid="field-error-texte"]').text()).toBe('Texte requis')
    await view.get('[data-testid="note-texte"]').setValue('Prévoir la visite médicale')
    await view.get('[data-testid="sheet-note-form"] form').trigger('submit')
    await vi.waitFor(() => {
      expect(view.get('[data-testid="sheet-note-form"]').text()).toContain('Note en attente : Prévoir la visite médicale')
    })
    useSyncStore(app.pinia).online = true
    await vi.waitFor(() => {
      expect(app.api.peoplePushes.map((p) => p.writes.map((w) => w.kind))).toEqual([['note']])
    })
    await vi.waitFor(async () => {
      expect((await app.db.peopleWrites.toArray())[0]?.state).toBe('synced')
    })
  })
})
