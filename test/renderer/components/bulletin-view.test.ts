// @vitest-environment happy-dom
/**
 * One payslip (BulletinView.vue, issue 15 points 2 and 3), mounted with the app's real stores over fake-indexeddb and
 * a fake service: rubriques grouped with subtotals, the month's elements of the employee marked found or not, the
 * notes with a refusal's motif, actions disabled with their reason, an action applied and the payslip read again.
 */
import '../support/db'

import { flushPromises, type VueWrapper } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { enqueue } from '../../../src-renderer/db/outbox'
import BulletinView from '../../../src-renderer/features/bulletins/BulletinView.vue'
import { useReferenceStore } from '../../../src-renderer/stores/reference'
import { payslip, payslipRouter, servePayslips } from '../support/bulletins'
import { SIREN, valid } from '../support/fixtures'
import { mountIn, testApp, type TestApp } from '../support/mount'
import { recordsAnswer, serviceEvp } from '../support/records'

let app: TestApp | null = null
let wrapper: VueWrapper | null = null
afterEach(async () => {
  await flushPromises()
  wrapper?.unmount()
  wrapper = null
  await app?.dispose()
  app = null
})

const ID = '00000000-0000-4000-8000-000000000001'

async function mountView(t: TestApp): Promise<VueWrapper> {
  await useReferenceStore().load()
  const router = await payslipRouter(`/dossiers/${SIREN}/bulletins/${ID}`)
  const w = mountIn(t, BulletinView, { siren: SIREN, id: ID }, router)
  await flushPromises()
  return w
}

describe('BulletinView', () => {
  it('shows the rubriques by section with subtotals, the elements found or not, and the refusal’s motif as a note', async () => {
    app = await testApp()
    const found = serviceEvp({ code_evp: 'HS25', quantite: null, montant: '125.50' })
    const missing = serviceEvp({ code_evp: 'HS50', quantite: null, montant: '80.00' })
    const otherContract = serviceEvp({ code_evp: 'HS25', numero_contrat: 'C2' })
    app.api.records = () => ({
      ok: true,
      value: recordsAnswer([
        { kind: 'evp', record: found },
        { kind: 'evp', record: missing },
        { kind: 'evp', record: otherContract },
      ]),
    })
    const local = await enqueue(app.db, { kind: 'evp', payload: valid.evp() }, app.env)
    if (!local.ok) throw new Error('saisie refusée')
    servePayslips(
      app.api,
      [payslip(1, { statut: 'refuse' })],
      [
        {
          id: crypto.randomUUID(),
          siren: SIREN,
          matricule: 'M001',
          bulletin_id: ID,
          type: 'refus_bulletin',
          texte: 'Heures sup. de la semaine 46 manquantes',
          auteur: 'EMP01',
          date_creation: '2026-11-19T16:00:00Z',
        },
      ],
    )
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="rubriques"]').exists()).toBe(true)
      expect(wrapper?.findAll('[data-testid^="element-"]')).toHaveLength(3)
    })
    expect(wrapper.get('[data-testid="bulletin-statut"]').attributes('data-statut')).toBe('refuse')
    expect(wrapper.findAll('[data-testid^="rubrique-group-"]').map((g) => g.attributes('data-testid'))).toEqual([
      'rubrique-group-brut',
      'rubrique-group-cotisations',
    ])
    expect(wrapper.get('[data-testid="subtotal-brut"]').text()).toMatch(/2\u202f125,50\u00a0€/)
    expect(wrapper.get('[data-testid="subtotal-cotisations"]').text()).toMatch(/-467,61\u00a0€.*892,71\u00a0€/)
    const matches = wrapper
      .findAll('[data-testid^="element-"]')
      .map((e) => `${e.attributes('data-source') ?? ''}:${e.attributes('data-match') ?? ''}`)
    expect(matches).toEqual(['service:found', 'service:missing', 'local:not_sent'])
    expect(wrapper.get(`[data-testid="element-${missing.id}"]`).text()).toContain('Absent du bulletin')
    const note = wrapper.get('[data-testid^="note-"]')
    expect(note.attributes('data-type')).toBe('refus_bulletin')
    expect(note.text()).toContain('Motif de refus')
    expect(note.text()).toContain('Heures sup. de la semaine 46 manquantes')
  })

  it('disables each action the payslip does not allow, with the reason; the safe needs the employee’s safe', async () => {
    app = await testApp()
    servePayslips(app.api, [payslip(1, { statut: 'valide' })])
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="action-bar"]').exists()).toBe(true)
    })
    const state = (a: string): string => (wrapper?.get(`[data-testid="action-${a}"]`).attributes('disabled') === undefined ? 'on' : 'off')
    expect(['calculer', 'controler', 'valider', 'refus', 'envoi-coffre', 'envoyer-salarie'].map((a) => `${a}:${state(a)}`)).toEqual([
      'calculer:off',
      'controler:off',
      'valider:off',
      'refus:on',
      'envoi-coffre:off',
      'envoyer-salarie:on',
    ])
    expect(wrapper.get('[data-testid="action-reason-valider"]').text()).toBe('Impossible depuis l’état « Validé ».')
    expect(wrapper.get('[data-testid="action-reason-envoi-coffre"]').text()).toBe('Le coffre-fort numérique du salarié n’est pas activé.')
    expect(wrapper.get('[data-testid="action-valider"]').attributes('aria-describedby')).toBe('action-reason-valider')
  })

  it('an action applied from the payslip: confirmed, sent, and the payslip read again in its new state', async () => {
    app = await testApp()
    const fake = servePayslips(app.api, [payslip(1, { statut: 'valide' })])
    wrapper = await mountView(app)
    await vi.waitFor(() => {
      expect(wrapper?.find('[data-testid="action-bar"]').exists()).toBe(true)
    })
    await wrapper.get('[data-testid="action-envoyer-salarie"]').trigger('click')
    await wrapper.get('[data-testid="confirm-yes"]').trigger('click')
    await vi.waitFor(() => {
      expect(wrapper?.get('[data-testid="bulletin-statut"]').attributes('data-statut')).toBe('envoye_salarie')
    })
    expect(fake.acts.map((a) => a.action)).toEqual(['envoyer-salarie'])
    expect((await app.db.bulletinDetails.get(ID))?.bulletin.statut).toBe('envoye_salarie')
  })
})
